import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encodeMultipart } from '@/lib/bff/body';

// A real upstream on loopback: it answers per path and remembers the last request it saw.
let seen: { method?: string; url?: string; headers: IncomingMessage['headers']; body: Buffer } | undefined;
let upstream: Server;
let closedPort: number;
let upstreamModule: typeof import('@/lib/upstream/upstream');
/** Requests that arrive on a connection which already served one are cut off while this is above 0. */
let cutReused = 0;
const arrivals: string[] = [];
const served = new WeakSet<object>();

beforeAll(async () => {
  upstream = createServer((request, response) => {
    arrivals.push(`${request.method} ${request.url} ${served.has(request.socket) ? 'reused' : 'new'}`);
    if (cutReused > 0 && served.has(request.socket)) {
      // As an upstream whose keep-alive timeout ends just as the call is written: closed, unread.
      cutReused -= 1;
      request.socket.destroy();
      return;
    }
    served.add(request.socket);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen = { method: request.method, url: request.url, headers: request.headers, body: Buffer.concat(chunks) };
      if (request.url?.includes('/forms/contact-form')) {
        setTimeout(() => response.end(JSON.stringify({ status: true })), 2_000); // slower than the timeout
        return;
      }
      if (request.url?.includes('/customers/auth-start')) {
        response.end('<html>not json</html>');
        return;
      }
      response.statusCode = request.url?.includes('token-auth') ? 401 : 200;
      response.end(JSON.stringify({ status: response.statusCode === 200, message: 'ok', data: { echoed: true } }));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  Object.assign(process.env, {
    API_BASE_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    API_SERVICE_TOKEN: 'service-secret',
    API_TIMEOUT_MS: '500',
    SESSION_SECRET: 'z'.repeat(40),
    LOG_LEVEL: 'silent',
  });
  upstreamModule = await import('@/lib/upstream/upstream');
});

afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

describe('callUpstream', () => {
  it('sends a GET again on a new connection when the kept-alive one is closed as it is written; never a POST', async () => {
    const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
    await upstreamModule.callUpstream('countries');
    await settle();
    arrivals.length = 0;
    cutReused = 1;
    const answer = await upstreamModule.callUpstream('getSettings');
    expect(answer.status).toBe(200);
    expect(arrivals).toEqual(['GET /v1/get-settings reused', 'GET /v1/get-settings new']);

    await settle();
    arrivals.length = 0;
    cutReused = 1;
    await expect(upstreamModule.callUpstream('infrastructure', { json: { type: 'city', parent_id: 34 } })).rejects.toMatchObject({ kind: 'unreachable' });
    expect(arrivals).toEqual(['POST /v1/util/infrastructure-inquiry/infrastructure reused']);
    cutReused = 0;
  });

  it('sends JSON with the service token and the customer token, and answers the envelope and status', async () => {
    const answer = await upstreamModule.callUpstream('infrastructure', { json: { type: 'city', parent_id: 34 }, userToken: 'user-token', headers: { 'X-Request-Id': 'r1' } });
    expect(answer).toEqual({ status: 200, envelope: { status: true, message: 'ok', data: { echoed: true } } });
    expect(seen?.method).toBe('POST');
    expect(seen?.url).toBe('/v1/util/infrastructure-inquiry/infrastructure');
    expect(seen?.headers['x-service-token']).toBe('service-secret');
    expect(seen?.headers.authorization).toBe('Bearer user-token');
    expect(seen?.headers['x-request-id']).toBe('r1');
    expect(seen?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen!.body.toString())).toEqual({ type: 'city', parent_id: 34 });
  });

  it('passes a refusal’s status and envelope through', async () => {
    const answer = await upstreamModule.callUpstream('tokenAuth', { userToken: 'old' });
    expect(answer.status).toBe(401);
    expect(answer.envelope.status).toBe(false);
  });

  it('sends uploads as multipart with their bytes intact', async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
    // The file in two pieces, as it arrived: the body is written piece by piece, never joined.
    const multipart = encodeMultipart({
      fields: { subscription_id: '1001' },
      files: { 'tax-plate': { filename: 'front.png', type: 'image/png', chunks: [Buffer.from(bytes.subarray(0, 3)), Buffer.from(bytes.subarray(3))] } },
    });
    await upstreamModule.callUpstream('uploadSubscriptionDocs', { multipart, userToken: 't' });
    const type = String(seen?.headers['content-type']);
    expect(type).toMatch(/^multipart\/form-data; boundary=/);
    expect(Number(seen?.headers['content-length'])).toBe(seen?.body.length);
    const parsed = await new Response(new Uint8Array(seen!.body), { headers: { 'Content-Type': type } }).formData();
    expect(parsed.get('subscription_id')).toBe('1001');
    const file = parsed.get('tax-plate') as File;
    expect(file.name).toBe('front.png');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
  });

  it('counts each call by name and outcome, sends its request id on, and logs a failed one with the id and why', async () => {
    const { freshMetricsForTests } = await import('@/lib/observability/metrics');
    const { getLogger } = await import('@/lib/server/logger');
    const counted = freshMetricsForTests();
    const warnings = vi.spyOn(getLogger(), 'warn').mockImplementation((() => undefined) as never);
    try {
      await upstreamModule.callUpstream('getSettings', { headers: { 'X-Request-Id': 'a'.repeat(32) } });
      expect(seen!.headers['x-request-id']).toBe('a'.repeat(32));
      await upstreamModule.callUpstream('tokenAuth', { userToken: 'old' });
      await expect(upstreamModule.callUpstream('authStart', { json: { nationality_number: '10000000146' }, headers: { 'X-Request-Id': 'b'.repeat(32) } })).rejects.toMatchObject({ kind: 'invalid' });
      await expect(upstreamModule.callUpstream('contactForm', { json: { fullname: 'A', phone: '+90 (532) 111 22 33', message: '' } })).rejects.toMatchObject({ kind: 'timeout' });
      const samples = (await counted.upstream.get()).values.filter(({ metricName }) => metricName?.endsWith('_count'));
      const count = (call: string, outcome: string) => samples.find(({ labels }) => labels.call === call && labels.outcome === outcome)?.value;
      expect([count('getSettings', 'answered'), count('tokenAuth', 'refused'), count('authStart', 'invalid'), count('contactForm', 'timeout')]).toEqual([1, 1, 1, 1]);
      // The answer that was no JSON: its id, the call, why and the status, for whoever runs the site.
      expect(warnings.mock.calls[0]).toEqual([{ requestId: 'b'.repeat(32), call: 'authStart', kind: 'invalid', status: 200, afterMs: expect.any(Number) }, 'upstream call failed']);
      expect(warnings.mock.calls[1]![0]).toMatchObject({ call: 'contactForm', kind: 'timeout' });
    } finally {
      warnings.mockRestore();
    }
  });

  it('disarms its timeout once answered, so no timer waits out API_TIMEOUT_MS after each call', async () => {
    const armed = vi.spyOn(globalThis, 'setTimeout');
    const disarmed = vi.spyOn(globalThis, 'clearTimeout');
    try {
      await upstreamModule.callUpstream('getSettings');
      const timeouts = armed.mock.calls.flatMap((call, index) => (call[1] === 500 ? [armed.mock.results[index]!.value] : []));
      expect(timeouts).toHaveLength(1);
      expect(disarmed).toHaveBeenCalledWith(timeouts[0]);
    } finally {
      armed.mockRestore();
      disarmed.mockRestore();
    }
  });

  it('names a slow upstream a timeout, a closed port unreachable and a non-JSON answer invalid', async () => {
    await expect(upstreamModule.callUpstream('contactForm', { json: { fullname: 'A', phone: '+90 (532) 111 22 33', message: '' } })).rejects.toMatchObject({ kind: 'timeout' });
    await expect(upstreamModule.callUpstream('authStart', { json: { nationality_number: '10000000146' } })).rejects.toMatchObject({ kind: 'invalid' });

    // The configuration is read once per process: a fresh module graph reads the closed port.
    vi.resetModules();
    process.env.API_BASE_URL = `http://127.0.0.1:${closedPort}`;
    const fresh = await import('@/lib/upstream/upstream');
    await expect(fresh.callUpstream('getSettings')).rejects.toMatchObject({ kind: 'unreachable' });
  });

  it('lets an idle connection go a second before the upstream would close it, so no call is written on a closing one', async () => {
    // Node.js answers `Keep-Alive: timeout=2` and closes an idle connection itself after 3 s (it
    // waits a second past what it says).
    const quick = createServer((_request, response) => response.end(JSON.stringify({ status: true, data: {} })));
    quick.keepAliveTimeout = 2_000;
    let closedAt: number | undefined;
    quick.on('connection', (socket) => socket.on('close', () => (closedAt = Date.now())));
    await new Promise<void>((resolve) => quick.listen(0, '127.0.0.1', resolve));
    try {
      vi.resetModules();
      process.env.API_BASE_URL = `http://127.0.0.1:${(quick.address() as AddressInfo).port}`;
      const fresh = await import('@/lib/upstream/upstream');
      await fresh.callUpstream('countries');
      const answeredAt = Date.now();
      await vi.waitFor(() => expect(closedAt).toBeDefined(), { timeout: 4_000, interval: 50 });
      // Our end let it go after 1 s idle; left to the upstream, it would have closed at 3 s.
      expect(closedAt! - answeredAt).toBeGreaterThanOrEqual(900);
      expect(closedAt! - answeredAt).toBeLessThan(1_700);
    } finally {
      quick.closeAllConnections();
      await new Promise<void>((resolve) => quick.close(() => resolve()));
    }
  });
});
