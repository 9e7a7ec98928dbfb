import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifecycle, stop, watchRequests } from '@/lib/server/lifecycle';

/**
 * The stop of lib/server/lifecycle.ts against a real HTTP server of Node's: readiness off at once, served
 * through the drain, no new connection after it, the request in flight answered, then the exit.
 */
let server: http.Server;
let url: string;
let releaseSlow: () => void = () => {};

beforeAll(async () => {
  watchRequests();
  server = http.createServer((request, response) => {
    if (request.url === '/slow') {
      releaseSlow = () => response.end('slow done');
      return;
    }
    response.end('ok');
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('stop', () => {
  it('drains, refuses new connections, lets the request in flight finish, then exits once', async () => {
    const keepAlive = new http.Agent({ keepAlive: true });
    const get = (path: string, agent?: http.Agent) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        http
          .get(`${url}${path}`, { agent }, (response) => {
            let body = '';
            response.on('data', (chunk) => (body += chunk));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          })
          .on('error', reject);
      });
    // A keep-alive connection that sits idle, and a request in flight.
    expect((await get('/warm', keepAlive)).body).toBe('ok');
    const slow = get('/slow');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lifecycle().inFlight).toBe(1);

    const events: string[] = [];
    let exited: (code: number) => void = () => {};
    const exit = new Promise<number>((resolve) => (exited = resolve));
    const stopping = stop({
      drainMs: 300,
      graceMs: 10_000,
      beforeExit: async () => void events.push('beforeExit'),
      log: (message) => events.push(message),
      exit: (code) => {
        events.push('exit');
        exited(code);
      },
    });
    expect(lifecycle().draining).toBe(true);
    // Served through the drain.
    expect((await get('/during-drain')).body).toBe('ok');
    await new Promise((resolve) => setTimeout(resolve, 400));
    // Past the drain: no new connection is taken.
    await expect(get('/after-drain')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    // A second signal changes nothing.
    await stop({ drainMs: 0, graceMs: 0, beforeExit: async () => void events.push('again'), log: () => undefined, exit: () => events.push('again') });
    expect(events).not.toContain('exit');

    releaseSlow();
    expect(await slow).toEqual({ status: 200, body: 'slow done' });
    expect(await exit).toBe(0);
    await stopping;
    expect(events).toEqual(['stopping: not ready, draining', 'beforeExit', 'stopped', 'exit']);
    expect(lifecycle().inFlight).toBe(0);
    keepAlive.destroy();
  });
});
