import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, createBrotliDecompress, gzipSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { XSRF_COOKIE } from '@/lib/api/csrf';
import { REPLAY_HEADER } from '@/lib/page-cache';
// The worker's module, as scripts/cluster.cjs loads it.
import { createPageReplay, REPLAY_HEADER as WORKER_REPLAY_HEADER } from './page-replay.cjs';

const servers: http.Server[] = [];
afterEach(() =>
  Promise.all(
    servers.splice(0).map((server) => {
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      return closed;
    }),
  ),
);

/**
 * A worker: the replay in front of a stand-in for Next.js that answers as proxy.ts does for a cached
 * page (headers one by one, the marker, a fresh XSRF cookie where none came, a gzip body when asked),
 * counting the requests that reach it and the encodings they asked for.
 */
async function worker(
  options: { until?: number; refreshFrom?: number; extraCookie?: string; status?: number; samePage?: boolean; headersToWriteHead?: boolean; endTwice?: boolean } = {},
) {
  let now = 1_000;
  let reached = 0;
  let mark = { until: options.until ?? 2_000, refreshFrom: options.refreshFrom ?? options.until ?? 2_000 };
  const askedEncodings: (string | undefined)[] = [];
  /** While set, Next.js writes the page's first half and waits for it to end the answer. */
  let held: Promise<void> | undefined;
  const replay = createPageReplay({ xsrfCookie: XSRF_COOKIE, maxEntries: 3, now: () => now });
  const next = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    reached += 1;
    askedEncodings.push(request.headers['accept-encoding']);
    response.statusCode = options.status ?? 200;
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.setHeader('content-security-policy', "script-src 'self' 'sha256-abc'");
    response.setHeader(REPLAY_HEADER, `${mark.until};${XSRF_COOKIE};${mark.refreshFrom}`);
    const cookies = [];
    if (!request.headers.cookie?.includes(`${XSRF_COOKIE}=`)) cookies.push(`${XSRF_COOKIE}=render${reached}; Path=/; SameSite=strict`);
    if (options.extraCookie) cookies.push(options.extraCookie);
    if (cookies.length) response.setHeader('set-cookie', cookies);
    const html = `<!DOCTYPE html><p>${request.url} ${request.headers.host} ${options.samePage ? 'same' : reached}</p>`;
    if (options.headersToWriteHead) response.writeHead(response.statusCode, { 'x-frame-options': 'DENY' });
    if (request.headers['accept-encoding']?.includes('gzip')) {
      response.setHeader('content-encoding', 'gzip');
      response.write(gzipSync(html));
      response.end();
    } else {
      response.write(html.slice(0, 10));
      await held;
      response.end(html.slice(10));
      if (options.endTwice) response.end('<p>too late</p>');
    }
  };
  const server = http.createServer((request, response) => {
    if (!replay.handle(request, response)) void next(request, response);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const request = http.request(`${url}${path}`, { method, headers: { accept: 'text/html', ...headers } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      });
      request.on('error', reject);
      request.end();
    });
  return {
    url,
    get,
    reached: () => reached,
    askedEncodings,
    setNow: (value: number) => {
      now = value;
    },
    setMark: (until: number, refreshFrom: number) => {
      mark = { until, refreshFrom };
    },
    hold: () => {
      let release = () => {};
      held = new Promise<void>((resolve) => {
        release = () => {
          held = undefined;
          resolve();
        };
      });
      return release;
    },
  };
}

const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };

const xsrfOf = (headers: http.IncomingHttpHeaders) => headers['set-cookie']?.find((cookie) => cookie.startsWith(`${XSRF_COOKIE}=`));

describe('page replay in the worker', () => {
  it('speaks the marker proxy.ts writes', () => {
    expect(WORKER_REPLAY_HEADER).toBe(REPLAY_HEADER);
  });

  it('answers the same anonymous request again without Next.js, byte for byte, with a fresh XSRF cookie each time', async () => {
    const site = await worker();
    const first = await site.get('/nasil-yapilir', { 'accept-encoding': 'gzip' });
    const second = await site.get('/nasil-yapilir', { 'accept-encoding': 'gzip' });
    const third = await site.get('/nasil-yapilir', { 'accept-encoding': 'gzip' });
    expect(site.reached()).toBe(1);
    expect(second.body).toEqual(first.body);
    expect(gunzipSync(third.body).toString()).toContain('<p>/nasil-yapilir ');
    expect(third.headers['content-encoding']).toBe('gzip');
    expect(third.headers['content-security-policy']).toBe("script-src 'self' 'sha256-abc'");
    expect(third.headers['content-length']).toBe(String(first.body.length));
    for (const answer of [first, second, third]) expect(answer.headers[REPLAY_HEADER]).toBeUndefined();
    const tokens = [first, second, third].map((answer) => xsrfOf(answer.headers));
    expect(tokens[1]).toMatch(new RegExp(`^${XSRF_COOKIE}=[0-9a-f]{32}; Path=/; SameSite=strict$`));
    expect(new Set(tokens).size).toBe(3);
  });

  it('keeps an answer only until the page expires', async () => {
    const site = await worker({ until: 2_000 });
    await site.get('/');
    site.setNow(1_999);
    await site.get('/');
    expect(site.reached()).toBe(1);
    site.setNow(2_000);
    await site.get('/');
    expect(site.reached()).toBe(2);
  });

  it('gives a visitor who already has an XSRF cookie no new one', async () => {
    const site = await worker();
    const cookie = `${XSRF_COOKIE}=mine`;
    await site.get('/', { cookie });
    const again = await site.get('/', { cookie });
    expect(site.reached()).toBe(1);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('answers HEAD from its own recording, without a body', async () => {
    const site = await worker();
    await site.get('/', {}, 'HEAD');
    const again = await site.get('/', {}, 'HEAD');
    expect(site.reached()).toBe(1);
    expect(again.status).toBe(200);
    expect(again.body.length).toBe(0);
  });

  it('never replays to a request whose answer may differ (a session, a query, a client navigation, a render request, not a document, not GET, another cookie, a range), and never lets the marker out to it', async () => {
    const site = await worker();
    const cases: [string, Record<string, string>, string?][] = [
      ['/', { cookie: 'ob_session=abc' }],
      ['/', { cookie: `${XSRF_COOKIE}=a; __Host-ob_session=abc` }],
      ['/?basvuru=yeni', {}],
      ['/', { rsc: '1' }],
      ['/', { 'next-router-prefetch': '1' }],
      ['/', { 'x-page-render': 'a guess' }],
      ['/', { accept: '*/*' }],
      ['/', {}, 'POST'],
      // A cookie of another site's script, say analytics: the worker cannot know it changes nothing.
      ['/', { cookie: '_ga=GA1.1.1' }],
      ['/', { range: 'bytes=0-10' }],
    ];
    for (const [path, headers, method] of cases) {
      for (let i = 0; i < 2; i++) {
        const answer = await site.get(path, headers, method);
        // The proxy's marker is for this server alone, recorded or not.
        expect(answer.headers[REPLAY_HEADER], `${method ?? 'GET'} ${path} ${JSON.stringify(headers)}`).toBeUndefined();
      }
    }
    expect(site.reached()).toBe(cases.length * 2);
  });

  it('replays the locale cookie an answer set, which follows from its key, beside a fresh XSRF cookie', async () => {
    const site = await worker({ extraCookie: 'NEXT_LOCALE=tr; Path=/; SameSite=lax' });
    await site.get('/');
    const tokens = new Set();
    for (let i = 0; i < 3; i++) {
      const again = await site.get('/');
      // Exactly these two, every time: a replay adds nothing to what the next one sends.
      expect(again.headers['set-cookie']).toHaveLength(2);
      expect(again.headers['set-cookie']).toContain('NEXT_LOCALE=tr; Path=/; SameSite=lax');
      tokens.add(xsrfOf(again.headers));
    }
    expect(site.reached()).toBe(1);
    expect(tokens.size).toBe(3);
  });

  it("replays an anonymous visitor's link prefetch, keyed by its query and its RSC headers; never a client navigation", async () => {
    const site = await worker();
    const prefetch = { accept: '*/*', rsc: '1', 'next-router-prefetch': '1', 'next-router-segment-prefetch': '/_tree', 'next-url': '/tr' };
    const first = await site.get('/?basvuru=yeni&_rsc=a1', prefetch);
    const second = await site.get('/?basvuru=yeni&_rsc=a1', prefetch);
    expect(site.reached()).toBe(1);
    expect(second.body).toEqual(first.body);
    expect(second.headers[REPLAY_HEADER]).toBeUndefined();
    // Each of these asks for another answer: each reaches Next.js once, then is replayed.
    const others: [string, Record<string, string>][] = [
      ['/?basvuru=transfer&_rsc=a1', prefetch],
      ['/?basvuru=yeni&_rsc=b2', prefetch],
      ['/?basvuru=yeni&_rsc=a1', { ...prefetch, 'next-router-segment-prefetch': '/_index' }],
      ['/?basvuru=yeni&_rsc=a1', { ...prefetch, 'next-router-state-tree': '%5B%22%22%5D' }],
      ['/?basvuru=yeni&_rsc=a1', { ...prefetch, 'next-url': '/en' }],
      ['/?basvuru=yeni&_rsc=a1', { ...prefetch, cookie: 'NEXT_LOCALE=en' }],
    ];
    for (const [path, headers] of others) {
      await site.get(path, headers);
      await site.get(path, headers);
    }
    expect(site.reached()).toBe(1 + others.length);
    // Never replayed: a client navigation (no prefetch header), a session, no `_rsc` hash, a server action.
    const never: [string, Record<string, string>][] = [
      ['/?basvuru=yeni&_rsc=a1', { accept: '*/*', rsc: '1', 'next-url': '/tr' }],
      ['/?basvuru=yeni&_rsc=a1', { ...prefetch, cookie: 'ob_session=abc' }],
      ['/?basvuru=yeni', prefetch],
      ['/?basvuru=yeni&_rsc=a1', { ...prefetch, 'next-action': 'x' }],
    ];
    for (const [path, headers] of never) {
      await site.get(path, headers);
      const again = await site.get(path, headers);
      expect(again.headers[REPLAY_HEADER]).toBeUndefined();
    }
    expect(site.reached()).toBe(1 + others.length + never.length * 2);
  });

  it('keeps answers apart by path, host headers, encoding and locale cookie', async () => {
    const site = await worker();
    const variants: [string, Record<string, string>][] = [
      ['/', {}],
      ['/en', {}],
      ['/', { host: 'example.test' }],
      ['/', { 'x-forwarded-host': 'evil.test' }],
      ['/', { 'x-forwarded-proto': 'http' }],
      ['/', { forwarded: 'host=evil.test' }],
      ['/', { 'accept-encoding': 'gzip' }],
      ['/', { cookie: 'NEXT_LOCALE=en' }],
    ];
    for (const [path, headers] of variants) await site.get(path, headers);
    expect(site.reached()).toBe(variants.length);
    const other = await site.get('/', { host: 'example.test' });
    expect(other.body.toString()).toContain('<p>/ example.test ');
  });

  it('never replays an answer that was not marked, that set a visitor cookie, that was an error, or whose headers it could not read', async () => {
    for (const options of [{ until: 0 }, { extraCookie: 'ob_session=abc; Path=/; HttpOnly' }, { status: 500 }, { headersToWriteHead: true }]) {
      const site = await worker(options);
      await site.get('/');
      await site.get('/');
      expect(site.reached(), JSON.stringify(options)).toBe(2);
    }
  });

  it('has Next.js answer uncompressed and compresses the page itself: brotli for a browser that takes it, gzip for one that does not', async () => {
    const site = await worker();
    const first = await site.get('/nasil-yapilir', browser);
    expect(site.askedEncodings).toEqual(['identity']);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toBe('Accept-Encoding');
    const html = brotliDecompressSync(first.body).toString();
    expect(html).toBe(`<!DOCTYPE html><p>/nasil-yapilir 127.0.0.1:${new URL(site.url).port} 1</p>`);
    // The replays get the page compressed again at brotli's best quality once that is ready.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await site.get('/nasil-yapilir', browser);
    expect(again.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(again.body).toString()).toBe(html);
    expect(again.headers['content-length']).toBe(String(again.body.length));
    expect(again.headers['content-security-policy']).toBe("script-src 'self' 'sha256-abc'");
    const gzipOnly = await site.get('/nasil-yapilir', { 'accept-encoding': 'gzip, br;q=0' });
    const gzipAgain = await site.get('/nasil-yapilir', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(gzipAgain.body).toEqual(gzipOnly.body);
    expect(gunzipSync(gzipAgain.body).toString()).toBe(html.replace(' 1<', ' 2<'));
    const plain = await site.get('/nasil-yapilir');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(site.reached()).toBe(3);
  });

  it('sends a render it compresses as it comes, so a streamed page is not held back', async () => {
    // An answer the proxy did not mark is a render, streamed as Next.js writes it.
    const site = await worker({ until: 0 });
    const release = site.hold();
    const firstHalf = await new Promise<string>((resolve, reject) => {
      const request = http.request(`${site.url}/`, { headers: { accept: 'text/html', ...browser } }, (response) => {
        const decoded = response.pipe(createBrotliDecompress());
        decoded.once('data', (chunk: Buffer) => resolve(chunk.toString()));
        decoded.on('end', release);
      });
      request.on('error', reject);
      request.end();
    });
    release();
    expect(firstHalf).toBe('<!DOCTYPE ');
  });

  it('from the refresh time on, lets one request at a time fetch the page\'s successor while the others are replayed', async () => {
    const site = await worker({ until: 2_000, refreshFrom: 1_500 });
    const text = async (answer: Promise<{ body: Buffer }>) => brotliDecompressSync((await answer).body).toString();
    await site.get('/', browser);
    site.setNow(1_499);
    await site.get('/', browser);
    expect(site.reached()).toBe(1);
    site.setNow(1_500);
    site.setMark(3_000, 2_500);
    const release = site.hold();
    const fetching = text(site.get('/', browser));
    await vi.waitFor(() => expect(site.reached()).toBe(2));
    // The successor is on its way: other visitors meanwhile get the page as it was.
    expect(await text(site.get('/', browser))).toContain(' 1</p>');
    expect(await text(site.get('/', browser))).toContain(' 1</p>');
    expect(site.reached()).toBe(2);
    release();
    expect(await fetching).toContain(' 2</p>');
    // The successor is replayed from then on, until its own refresh time.
    site.setNow(2_100);
    expect(await text(site.get('/', browser))).toContain(' 2</p>');
    expect(site.reached()).toBe(2);
  });

  it('ignores an end() after the first while it compresses the page', async () => {
    const site = await worker({ endTwice: true });
    const first = brotliDecompressSync((await site.get('/', browser)).body).toString();
    expect(first).toMatch(/<\/p>$/);
    expect(first).not.toContain('too late');
    expect(brotliDecompressSync((await site.get('/', browser)).body).toString()).toBe(first);
  });

  it('never lets the marker out, even when the headers go to writeHead', async () => {
    const site = await worker({ headersToWriteHead: true });
    const answer = await site.get('/', browser);
    expect(answer.headers[REPLAY_HEADER]).toBeUndefined();
    expect(answer.headers['x-frame-options']).toBe('DENY');
  });

  it('after fetching the same page back in the refresh window, replays it a moment before trying again', async () => {
    const site = await worker({ until: 3_000, refreshFrom: 2_000, samePage: true });
    await site.get('/', browser);
    site.setNow(2_100);
    await site.get('/', browser);
    expect(site.reached()).toBe(2);
    site.setNow(2_599);
    await site.get('/', browser);
    expect(site.reached()).toBe(2);
    site.setNow(2_600);
    await site.get('/', browser);
    expect(site.reached()).toBe(3);
  });

  it('sends the same page fetched again in the body it already compressed at the best quality', async () => {
    const site = await worker({ until: 2_000, refreshFrom: 1_500, samePage: true });
    await site.get('/', browser);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const replayed = await site.get('/', browser);
    site.setNow(1_500);
    site.setMark(3_000, 2_500);
    const refreshed = await site.get('/', browser);
    expect(site.reached()).toBe(2);
    expect(refreshed.body).toEqual(replayed.body);
    expect(refreshed.headers['content-length']).toBe(String(replayed.body.length));
    site.setNow(3_000);
    expect((await site.get('/', browser)).body).toEqual(replayed.body);
    expect(site.reached()).toBe(3);
  });

  it('holds at most its bound of answers, dropping the oldest', async () => {
    const site = await worker();
    for (const path of ['/a', '/b', '/c', '/d']) await site.get(path);
    await site.get('/d');
    expect(site.reached()).toBe(4);
    await site.get('/a');
    expect(site.reached()).toBe(5);
  });
});
