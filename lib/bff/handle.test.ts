import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// A real upstream on loopback that counts what reaches it.
const received: string[] = [];
let upstream: Server;
let handleApiRequest: typeof import('@/lib/bff/handle').handleApiRequest;

beforeAll(async () => {
  upstream = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push(body);
      const { type, parent_id } = JSON.parse(body) as { type: string; parent_id: number };
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify({ status: true, data: type === 'apartment' ? { type: 1, speed: 100 } : [{ value: parent_id * 10, text: `answer ${received.length}` }] }));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  Object.assign(process.env, {
    API_BASE_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    SESSION_SECRET: 'z'.repeat(40),
    LOG_LEVEL: 'silent',
  });
  ({ handleApiRequest } = await import('@/lib/bff/handle'));
});

afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

function post(body: unknown, language = 'tr-TR') {
  return new Request('http://site.test/api/v1/util/infrastructure-inquiry/infrastructure', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Accept-Language': language,
      Cookie: 'XSRF-TOKEN=abc',
      'X-XSRF-TOKEN': 'abc',
      'Sec-Fetch-Site': 'same-origin',
    },
    body: JSON.stringify(body),
  });
}

const segments = ['util', 'infrastructure-inquiry', 'infrastructure'];

describe('the backend-for-frontend reuses address lists', () => {
  it('answers the same list twice with one upstream call, per language', async () => {
    const first = await handleApiRequest(post({ type: 'city', parent_id: 34 }), segments);
    const second = await handleApiRequest(post({ type: 'city', parent_id: 34 }), segments);
    expect(first.status).toBe(200);
    expect(await second.json()).toEqual(await first.json());
    expect(received).toHaveLength(1);

    await handleApiRequest(post({ type: 'city', parent_id: 34 }, 'en-US'), segments);
    await handleApiRequest(post({ type: 'city', parent_id: 6 }), segments);
    expect(received).toHaveLength(3);
  });

  it('asks the upstream for a door’s infrastructure every time', async () => {
    const before = received.length;
    for (let i = 0; i < 2; i++) {
      const response = await handleApiRequest(post({ type: 'apartment', parent_id: 7 }), segments);
      expect(response.status).toBe(200);
    }
    expect(received.length - before).toBe(2);
  });

  it('sends an invalid query nowhere', async () => {
    const before = received.length;
    const invalid = await handleApiRequest(post({ type: 'city' }), segments);
    expect(invalid.status).toBe(400);
    expect(received.length).toBe(before);
  });
});
