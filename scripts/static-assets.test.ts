import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
// The worker's module, as scripts/cluster.cjs loads it (scripts/prepare-standalone.mjs calls precompressAssets).
import { acceptedEncodings, createStaticAssets, precompressAssets } from './static-assets.cjs';

const CSP = "default-src 'self'; script-src 'self'";
/** A build directory as `next build` leaves it: a routes manifest with next.config.ts's headers, and assets. */
let distDir: string;
const chunk = `globalThis.answer = ${JSON.stringify('x'.repeat(200))};\n`.repeat(40);

beforeAll(() => {
  distDir = mkdtempSync(path.join(os.tmpdir(), 'static-assets-'));
  mkdirSync(path.join(distDir, 'static', 'chunks'), { recursive: true });
  writeFileSync(path.join(distDir, 'static', 'chunks', 'app.js'), chunk);
  writeFileSync(path.join(distDir, 'static', 'chunks', 'tiny.js'), 'globalThis.tiny = 1;');
  writeFileSync(path.join(distDir, 'static', 'chunks', 'font.woff2'), Buffer.alloc(4096, 7));
  // Outside the assets, with compressed copies for a path that escapes to find.
  for (const suffix of ['', '.br', '.gz']) writeFileSync(path.join(distDir, `secret.json${suffix}`), 'secret');
  writeFileSync(
    path.join(distDir, 'routes-manifest.json'),
    JSON.stringify({
      headers: [
        { source: '/:path*', headers: [{ key: 'X-Frame-Options', value: 'DENY' }], regex: '^(?:/((?:[^/]+?)(?:/(?:[^/]+?))*))?(?:/)?$' },
        { source: '/:path(.*\\..*)', headers: [{ key: 'Content-Security-Policy', value: CSP }], regex: '^(?:/(.*\\..*))(?:/)?$' },
      ],
    }),
  );
  expect(precompressAssets(path.join(distDir, 'static'))).toBe(1);
});
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

const servers: http.Server[] = [];
afterEach(() => Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve)))));

/** A worker: the assets in front of a stand-in for Next.js that answers every request it gets with "next". */
async function worker(distOverride?: string) {
  let reached = 0;
  const assets = createStaticAssets({ distDir: distOverride ?? distDir });
  const server = http.createServer((request, response) => {
    if (assets.handle(request, response)) return;
    reached += 1;
    response.end('next');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // The path goes out as written (a URL would resolve its dots first).
  const get = (pathname: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port, path: pathname, method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (part: Buffer) => chunks.push(part));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      });
      request.on('error', reject);
      request.end();
    });
  return { get, reached: () => reached };
}

describe('build assets compressed at build time', () => {
  it('writes a brotli and a gzip copy of each compressible asset worth it, with the same content', () => {
    const file = path.join(distDir, 'static', 'chunks', 'app.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(chunk);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(chunk);
    expect(readFileSync(`${file}.br`).length).toBeLessThan(readFileSync(`${file}.gz`).length);
  });

  it('answers brotli to a browser that accepts it, with the headers Next.js sends for the path', async () => {
    const site = await worker();
    const answer = await site.get('/_next/static/chunks/app.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(site.reached()).toBe(0);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(answer.body).toString()).toBe(chunk);
    expect(answer.headers['content-length']).toBe(String(answer.body.length));
    expect(answer.headers['content-type']).toBe('application/javascript; charset=UTF-8');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['content-security-policy']).toBe(CSP);
  });

  it('answers gzip where brotli is not accepted, and HEAD without a body', async () => {
    const site = await worker();
    const gzip = await site.get('/_next/static/chunks/app.js', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(chunk);
    const head = await site.get('/_next/static/chunks/app.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);
    expect(site.reached()).toBe(0);
  });

  it('leaves to Next.js what it cannot answer the same way: no encoding accepted, a query, a range, a conditional request, another method, no compressed copy, another path', async () => {
    const site = await worker();
    const cases: [string, Record<string, string>, string?][] = [
      ['/_next/static/chunks/app.js', {}],
      ['/_next/static/chunks/app.js', { 'accept-encoding': 'identity' }],
      ['/_next/static/chunks/app.js?v=1', { 'accept-encoding': 'br' }],
      ['/_next/static/chunks/app.js', { 'accept-encoding': 'br', range: 'bytes=0-10' }],
      ['/_next/static/chunks/app.js', { 'accept-encoding': 'br', 'if-none-match': 'W/"1"' }],
      ['/_next/static/chunks/app.js', { 'accept-encoding': 'br' }, 'POST'],
      ['/_next/static/chunks/tiny.js', { 'accept-encoding': 'br' }],
      ['/_next/static/chunks/font.woff2', { 'accept-encoding': 'br' }],
      ['/_next/static/chunks/missing.js', { 'accept-encoding': 'br' }],
      ['/chunks/app.js', { 'accept-encoding': 'br' }],
    ];
    for (const [pathname, headers, method] of cases) expect((await site.get(pathname, headers, method)).body.toString()).toBe('next');
    expect(site.reached()).toBe(cases.length);
  });

  it('never answers a file outside the assets, however the path is written', async () => {
    const site = await worker();
    for (const pathname of ['/_next/static/../secret.json', '/_next/static/%2e%2e/secret.json', '/_next/static/chunks/%2e%2e%2f%2e%2e%2fsecret.json', '/_next/static/%E0%A4%A']) {
      expect((await site.get(pathname, { 'accept-encoding': 'br, gzip' })).body.toString()).toBe('next');
    }
  });

  it('leaves everything to Next.js when the build has no usable routes manifest', async () => {
    const bare = mkdtempSync(path.join(os.tmpdir(), 'static-assets-bare-'));
    try {
      mkdirSync(path.join(bare, 'static'));
      writeFileSync(path.join(bare, 'static', 'app.js.br'), 'x');
      const site = await worker(bare);
      expect((await site.get('/_next/static/app.js', { 'accept-encoding': 'br' })).body.toString()).toBe('next');
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });

  it('reads Accept-Encoding as HTTP means it', () => {
    expect([...acceptedEncodings('gzip, deflate, br, zstd')]).toEqual(['gzip', 'deflate', 'br', 'zstd']);
    expect([...acceptedEncodings('br;q=0, GZIP;q=0.5')]).toEqual(['gzip']);
    expect([...acceptedEncodings(undefined)]).toEqual([]);
  });
});
