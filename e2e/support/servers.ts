import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitForHttp } from '../../scripts/ports.cjs';
import { TEST_KEEP_ALIVE_MS } from './env';

const root = path.resolve(__dirname, '..', '..');
export const distDir = path.join(root, process.env.NEXT_DIST_DIR ?? '.next');

export interface RunningSite {
  url: string;
  stop(): Promise<void>;
}

/**
 * A second production server (the standalone build's server.js, one instance) with its own environment, for the cases the main e2e server cannot show: a stopped or slow
 * upstream, tight rate limits, a restart. It talks to a given upstream, so it needs its own
 * session secret, as in production.
 */
export async function startSite(port: number, env: Record<string, string> & { API_BASE_URL: string; SESSION_SECRET: string }): Promise<RunningSite> {
  const child = spawn(process.execPath, [path.join(distDir, 'standalone', 'server.js')], {
    // A real upstream in production needs its public origin (SITE_URL): here, the test site's own.
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOSTNAME: '0.0.0.0', LOG_LEVEL: 'silent', SITE_URL: `http://127.0.0.1:${port}`, KEEP_ALIVE_TIMEOUT: TEST_KEEP_ALIVE_MS, NEXT_MANUAL_SIG_HANDLE: 'true', DRAIN_SECONDS: '0', ...env },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  // Any answer: the server is up.
  await waitForHttp(`${url}/robots.txt`, { what: `the site on ${url}`, child, timeoutMs: 30_000, ok: () => true });
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** An upstream that accepts connections and answers nothing for `delayMs`. */
export async function startSlowUpstream(delayMs: number): Promise<{ url: string; stop(): Promise<void> }> {
  const server = http.createServer((_request, response) => {
    const timer = setTimeout(() => response.end(JSON.stringify({ status: true, data: {} })), delayMs);
    response.on('close', () => clearTimeout(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on (yet). */
export const closedPort = freePort;

export interface RunningSandbox {
  /** Origin of the sandbox (its API is under /v1, its hooks under /__sandbox). */
  url: string;
  stop(): Promise<void>;
}

/**
 * A sandbox of its own, on a free port and a fresh database, with its own settings (say, the real
 * 60-second resend rule the main run relaxes). Its clock can be moved with its hooks without
 * touching any other test's codes.
 */
export async function startSandbox(env: Record<string, string> = {}): Promise<RunningSandbox> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-sandbox-'));
  const child = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(root, 'sandbox', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      SANDBOX_HOST: '127.0.0.1',
      SANDBOX_PORT: '0',
      SANDBOX_DB: path.join(dataDir, 'sandbox.db'),
      SANDBOX_FILES_DIR: path.join(dataDir, 'uploads'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the sandbox did not start: ${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // "[sandbox] listening on http://127.0.0.1:<port>/v1 (data: …)"
      const match = /listening on (http:\/\/[^\s/]+)\/v1/.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the sandbox exited with ${code}: ${output}`));
    });
  });
  // Keep reading, so a full pipe never blocks it (every code sent is printed).
  child.stdout!.resume();
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        const done = () => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}
