import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitUntil } from '../../scripts/ports.cjs';

/**
 * A Docker engine for the stack's tests: the running one, else `dockerd` started here in a process
 * group of its own, its log in test-results/ (a fresh machine has the package, not the service).
 * Answers how to stop what was started (nothing when one was running already).
 */
export async function ensureDockerd(logDir: string): Promise<() => Promise<void>> {
  const running = () => spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], { stdio: 'ignore', timeout: 20_000 }).status === 0;
  if (running()) return async () => undefined;
  mkdirSync(logDir, { recursive: true });
  const log = openSync(path.join(logDir, 'dockerd.log'), 'a');
  const dockerd: ChildProcess = spawn('dockerd', [], { detached: true, stdio: ['ignore', log, log] });
  await waitUntil('dockerd', running, { child: dockerd, timeoutMs: 60_000, intervalMs: 500, detail: () => readFileSync(path.join(logDir, 'dockerd.log'), 'utf8').slice(-2000) });
  return async () => {
    const ended = new Promise((resolve) => dockerd.once('exit', resolve));
    process.kill(-dockerd.pid!, 'SIGTERM');
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    if (dockerd.exitCode === null) process.kill(-dockerd.pid!, 'SIGKILL');
    // The default bridge dockerd made at its start.
    spawnSync('ip', ['link', 'delete', 'docker0'], { stdio: 'ignore' });
  };
}

/**
 * The stack's sandbox test hooks (its outbox, its slow hook) as the suite's helpers call them: plain
 * HTTP on a port of this process, with the suite's public token, passed on over TLS (the stack's own
 * CA) with the deployment's token.
 */
export async function sandboxHooks(target: { port: number; ca: string; token: string }): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const upstream = https.request(
      { host: '127.0.0.1', port: target.port, servername: 'sandbox', ca: target.ca, method: request.method, path: request.url, headers: { ...request.headers, host: 'sandbox', 'x-service-token': target.token } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', (error) => response.writeHead(502).end(String(error)));
    request.pipe(upstream);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Runs docker; its output, or an error with its stderr. */
export function docker(...args: string[]): string {
  const result = spawnSync('docker', args, { encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) throw new Error(`docker ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

/**
 * The next release's image, made from `image` (release `release`) as the next commit's build would
 * look to a browser: another build id and other chunk names (e2e/support/another-release.mjs).
 * Answers its tag, online-basvuru:<its release>.
 */
export function anotherRelease(image: string, release: string): { image: string; release: string } {
  const next = `${release.split('-')[0]}-next`;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'another-release-'));
  try {
    copyFileSync(path.join(__dirname, 'another-release.mjs'), path.join(dir, 'another-release.mjs'));
    writeFileSync(path.join(dir, 'Dockerfile'), [
      `FROM ${image}`,
      'COPY another-release.mjs /tmp/',
      `RUN node /tmp/another-release.mjs /app ${next}`,
      `LABEL org.opencontainers.image.version=${next}`,
      `ENV RELEASE=${next}`,
    ].join('\n'));
    // --force-rm: a failed step leaves no container behind.
    docker('build', '-q', '--force-rm', '-t', `online-basvuru:${next}`, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { image: `online-basvuru:${next}`, release: next };
}

/** The app service's running tasks: container ids, by `docker ps` (one node). */
export const appContainers = (stack: string) => docker('ps', '-q', '--filter', `label=com.docker.swarm.service.name=${stack}_app`, '--filter', 'status=running').split('\n').filter(Boolean);
