import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StandInUpstream, startStandInUpstream } from '@/testing/stand-in-upstream';

// A real upstream on loopback that counts what reaches it.
let upstream: StandInUpstream;
let handleApiRequest: typeof import('@/lib/bff/handle').handleApiRequest;

beforeAll(async () => {
  upstream = await startStandInUpstream(({ body }, response) => {
    const { type, parent_id } = JSON.parse(body) as { type: string; parent_id: number };
    response.setHeader('Content-Type', 'application/json');
    response.end(JSON.stringify({ status: true, data: type === 'apartment' ? { type: 1, speed: 100 } : [{ value: parent_id * 10, text: `answer ${upstream.received.length}` }] }));
  });
  Object.assign(process.env, {
    API_BASE_URL: upstream.url,
    SESSION_SECRET: 'z'.repeat(40),
    LOG_LEVEL: 'silent',
  });
  ({ handleApiRequest } = await import('@/lib/bff/handle'));
});

afterAll(() => upstream.close());

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
    expect(upstream.received).toHaveLength(1);

    await handleApiRequest(post({ type: 'city', parent_id: 34 }, 'en-US'), segments);
    await handleApiRequest(post({ type: 'city', parent_id: 6 }), segments);
    expect(upstream.received).toHaveLength(3);
  });

  it('asks the upstream for a door’s infrastructure every time', async () => {
    const before = upstream.received.length;
    for (let i = 0; i < 2; i++) {
      const response = await handleApiRequest(post({ type: 'apartment', parent_id: 7 }), segments);
      expect(response.status).toBe(200);
    }
    expect(upstream.received.length - before).toBe(2);
  });

  it('sends an invalid query nowhere', async () => {
    const before = upstream.received.length;
    const invalid = await handleApiRequest(post({ type: 'city' }), segments);
    expect(invalid.status).toBe(400);
    expect(upstream.received.length).toBe(before);
  });
});
