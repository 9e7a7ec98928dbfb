import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { debianRedisServer } from '../../scripts/browser';
import { waitForHttp } from '../../scripts/ports.cjs';
import { closedPort, distDir } from '../support/servers';

/*
 * The attack suite's own tools: a production site whose log it reads and whose processes it can
 * measure, raw HTTP from any loopback address (127.0.0.0/8: each is a different client to the
 * site's socket), a counting stub upstream and Debian's redis-server. Loopback only, bounded.
 */

export interface Site {
  url: string;
  port: number;
  /** The server process (one instance). */
  child: ChildProcess;
  log(): string;
  stop(): Promise<void>;
}

export async function startLoggedSite(env: Record<string, string>, port?: number): Promise<Site> {
  const sitePort = port ?? (await closedPort());
  const child = spawn(process.execPath, [path.join(distDir, 'standalone', 'server.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(sitePort),
      HOSTNAME: '0.0.0.0',
      LOG_LEVEL: 'warn',
      SESSION_COOKIE_SECURE: 'false',
      SESSION_SECRET: 'attack-suite-secret-'.padEnd(40, 'x'),
      SITE_URL: `http://127.0.0.1:${sitePort}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${sitePort}`;
  await waitForHttp(`${url}/api/health/live`, { what: 'site', child, timeoutMs: 30_000, detail: () => output });
  return {
    url,
    port: sitePort,
    child,
    log: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Runs the production entry point expecting it to refuse: its exit code and what it printed. */
export async function refusedStart(env: Record<string, string | undefined>): Promise<{ code: number | null; output: string }> {
  const port = await closedPort();
  const clean: Record<string, string | undefined> = { ...process.env };
  for (const name of ['API_BASE_URL', 'DEMO', 'API_SERVICE_TOKEN', 'SESSION_SECRET', 'REDIS_URL']) delete clean[name];
  const child = spawn(process.execPath, [path.join(distDir, 'standalone', 'server.js')], {
    env: { ...clean, NODE_ENV: 'production', PORT: String(port), HOSTNAME: '0.0.0.0', ...env } as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  clearTimeout(timer);
  return { code, output };
}


/** Resident memory of a process in bytes (VmRSS), and the most it held (VmHWM). */
export function memoryOf(pid: number): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
    return { rss: kb('VmRSS'), peak: kb('VmHWM') };
  } catch {
    return { rss: 0, peak: 0 };
  }
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json(): { status?: boolean; message?: string; hash?: string; data?: unknown; details?: Record<string, unknown> };
}

export interface Client {
  /** The loopback address the requests leave from: the site's socket sees this address. */
  address?: string;
  /** Cookies this client keeps (name -> value), updated from Set-Cookie. */
  cookies?: Map<string, string>;
}


/** One request over a fresh connection from `client.address`, as a script would send it. */
export function send(
  base: string,
  method: string,
  target: string,
  { body, headers = {}, client = {} }: { body?: string | Buffer; headers?: Record<string, string>; client?: Client } = {},
): Promise<Answer> {
  const url = new URL(target, base);
  const jar = client.cookies;
  const cookieHeader = jar ? [...jar].map(([name, value]) => `${name}=${value}`).join('; ') : undefined;
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        localAddress: client.address,
        agent: false,
        headers: { ...(cookieHeader ? { Cookie: cookieHeader } : {}), ...headers, ...(body !== undefined ? { 'Content-Length': String(Buffer.byteLength(body)) } : {}) },
        timeout: 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          if (jar) {
            for (const line of response.headers['set-cookie'] ?? []) {
              const [pair] = line.split(';');
              const [name, ...value] = pair!.split('=');
              if (/max-age=0/i.test(line) || value.join('=') === '') jar.delete(name!.trim());
              else jar.set(name!.trim(), value.join('='));
            }
          }
          // The body as the client reads it: decoded from the encoding the server chose.
          const raw = Buffer.concat(chunks);
          const encoding = response.headers['content-encoding'];
          const text = (encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw).toString('utf8');
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json: () => JSON.parse(text) });
        });
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${method} ${target} timed out`)));
    request.on('error', reject);
    request.end(body);
  });
}

/** A POST to the backend-for-frontend as our own pages make it (XSRF cookie and header, same origin). */
export function bff(base: string, call: string, json: unknown, client: Client = {}, headers: Record<string, string> = {}): Promise<Answer> {
  const cookies = client.cookies ?? new Map<string, string>();
  // A script makes up its own double-submit token: a fresh one for every new cookie jar.
  if (!cookies.has('XSRF-TOKEN')) cookies.set('XSRF-TOKEN', randomUUID().replaceAll('-', ''));
  return send(base, 'POST', `/api/v1${call}`, {
    body: JSON.stringify(json),
    headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': cookies.get('XSRF-TOKEN')!, 'Sec-Fetch-Site': 'same-origin', ...headers },
    client: { ...client, cookies },
  });
}

/** Runs `tasks` with at most `width` at once. */
export async function pool<T>(tasks: Array<() => Promise<T>>, width: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await tasks[index]!();
      }
    }),
  );
  return results;
}

export interface StubUpstream {
  url: string;
  /** Calls that reached it, by path. */
  calls: Map<string, number>;
  total(): number;
  stop(): Promise<void>;
}

/**
 * An upstream that answers every call at once with a plausible success (a login with a token and
 * a user) and counts what reaches it: an invalid body must never get here.
 */
export async function startStubUpstream(user: unknown, delayMs = 0): Promise<StubUpstream> {
  const calls = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const route = (request.url ?? '').replace(/^\/v1/, '');
      calls.set(route, (calls.get(route) ?? 0) + 1);
      const answer =
        route === '/customers/auth' || route === '/customers/register-step-4' || route === '/customers/transfer-register-step-5'
          ? { status: true, data: { token: 'stub-token', user } }
          : route === '/customers/token-auth'
            ? { status: true, data: user }
            : { status: true, hash: 'stub-hash', data: [] };
      setTimeout(() => {
        response.setHeader('Content-Type', 'application/json');
        response.end(JSON.stringify(answer));
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    total: () => [...calls.values()].reduce((sum, count) => sum + count, 0),
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}


export interface Redis {
  url: string;
  stop(): Promise<void>;
  /** Starts it again on the same port, empty (an outage that ends). */
  start(): Promise<void>;
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(1_000, () => socket.destroy());
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('close', () => resolve(false));
  });
}

/** Debian's redis-server on a free loopback port, in memory only. */
export async function startRedis(): Promise<Redis> {
  const port = await closedPort();
  let child: ChildProcess | undefined;
  const start = async () => {
    const started = spawn(debianRedisServer, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'], { stdio: 'ignore' });
    child = started;
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (await answersPing(port)) break;
      if (started.exitCode !== null || Date.now() > deadline) throw new Error('redis-server did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop: () =>
      new Promise((resolve) => {
        if (!child || child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A valid TC kimlik no from a serial number (spec §5 checksum), for scripted enumerations. */
export function nationalityNumber(serial: number): string {
  const d = String(100_000_000 + (serial % 900_000_000)).split('').map(Number);
  const tenth = (((7 * (d[0]! + d[2]! + d[4]! + d[6]! + d[8]!) - (d[1]! + d[3]! + d[5]! + d[7]!)) % 10) + 10) % 10;
  const eleventh = (d.reduce((sum, n) => sum + n, 0) + tenth) % 10;
  return [...d, tenth, eleventh].join('');
}

/** The figures the suite measured, for SECURITY.md. */
export const figures: Record<string, unknown> = {};
