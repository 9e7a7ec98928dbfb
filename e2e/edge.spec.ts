import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { FIXTURE_CUSTOMERS } from '@/sandbox/fixtures';
import type { Edge } from '../scripts/edge.mjs';
import { type Answer, bff, type Client, memoryOf, nationalityNumber, pool, send } from './security/harness';
import { latestCode, sandbox } from './support/sandbox';
import { sitePort } from './support/env';
import { startTestEdge } from './support/edge';
import { expectOnlyDeclared, recordWrites, walkMainFlows } from './support/cookie-walk';

/*
 * The topology a provider runs (deploy/nginx, `npm run start:edge`): nginx in front, two instances
 * of the standalone server sharing one redis-server, the sandbox behind them. Each visitor is a
 * loopback address of its own, which nginx writes into X-Forwarded-For. The desktop project alone
 * runs this file (playwright.config.ts); every loop is bounded.
 */

test.describe.configure({ mode: 'serial' });

const EDGE_SECONDS = 5;
const dataDir = `.data/edge-e2e-${sitePort}`;
let edge: Edge;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  edge = await startTestEdge(dataDir, {
    edgeCacheSeconds: EDGE_SECONDS,
    env: { LOG_LEVEL: 'warn' },
    output: () => undefined,
  });
});
test.afterAll(async () => edge?.stop());

const documentHeaders = { Accept: 'text/html,application/xhtml+xml' };
const browserHeaders = { ...documentHeaders, 'Accept-Encoding': 'gzip, deflate, br, zstd' };
const get = (target: string, headers: Record<string, string> = {}, client: Client = {}) => send(edge.url, 'GET', target, { headers, client });
const cacheStatus = (answer: Answer) => answer.headers['x-cache-status'];
const scriptSources = (answer: Answer) => /script-src ([^;]*)/.exec(String(answer.headers['content-security-policy'] ?? ''))?.[1] ?? '';

test('an anonymous page is a hit at the edge on its second request, for a browser and for a client that sends no headers', async () => {
  for (const page of ['/', '/nasil-yapilir', '/erisilebilirlik', '/cerezler', '/en', '/en/how-to', '/en/accessibility', '/en/cookies']) {
    await get(page, browserHeaders);
    const again = await get(page, browserHeaders);
    expect(again.status, page).toBe(200);
    expect(cacheStatus(again), page).toBe('HIT');
    // Compressed once by the edge, in brotli for a browser, and sent as kept.
    expect(again.headers['content-encoding'], page).toBe('br');
    expect(again.headers['set-cookie'], page).toBeUndefined();
    expect(scriptSources(again), page).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/=]+')+$/);
    // curl's, a monitor's or a crawler's GET: no Accept, no encoding. It costs what a browser's does.
    await get(page, {});
    const plain = await get(page, {});
    expect(cacheStatus(plain), page).toBe('HIT');
    expect(plain.headers['content-encoding'], page).toBeUndefined();
    expect(plain.text, page).toMatch(/<html[^>]* lang=/);
    // A client that takes gzip but refuses brotli gets its own kept copy, never a body it refused.
    await get(page, { 'Accept-Encoding': 'br;q=0, gzip' });
    const gzip = await get(page, { 'Accept-Encoding': 'br;q=0, gzip' });
    expect(cacheStatus(gzip), page).toBe('HIT');
    expect(gzip.headers['content-encoding'], page).toBe('gzip');
  }
});

test('a visitor with a session is never answered from the edge, and no answer with a session cookie is kept', async () => {
  const customer = FIXTURE_CUSTOMERS.notSent;
  const visitor: Client = { address: '127.0.31.1', cookies: new Map() };
  const start = await bff(edge.url, '/customers/auth-start', { nationality_number: customer.nationality_number }, visitor);
  expect(start.status, start.text).toBe(200);
  const auth = await bff(edge.url, '/customers/auth', { form_security_hash: start.json().hash, sms_code: await latestCode(customer.phone, edge.sandboxUrl) }, visitor);
  expect(auth.status, auth.text).toBe(200);
  for (const page of ['/', '/en']) {
    for (let view = 0; view < 2; view++) {
      const own = await get(page, documentHeaders, visitor);
      expect(cacheStatus(own), page).toBe('BYPASS');
      expect(own.text, page).toContain('Mehmet Demir');
    }
    for (let view = 0; view < 2; view++) {
      const anonymous = await get(page, documentHeaders, { address: '127.0.31.2' });
      expect(anonymous.text, page).not.toContain('Mehmet Demir');
      expect(String(anonymous.headers['set-cookie'] ?? ''), page).not.toContain('ob_session');
    }
  }
});

test('/ and /en keep their languages whatever the language cookie says and however it is written, and no spelling changes what others get', async () => {
  const cookies = ['', 'NEXT_LOCALE=tr', 'NEXT_LOCALE=en', 'NEXT_LOCALE= en', 'NEXT_LOCALE =en', 'NEXT_LOCALE=en; NEXT_LOCALE=tr', 'NEXT_LOCALE=tr; NEXT_LOCALE=en', 'a=1; NEXT_LOCALE=en ; b=2'];
  for (const cookie of cookies) {
    const headers = { ...documentHeaders, ...(cookie ? { Cookie: cookie } : {}) };
    const english = await get('/en', headers);
    expect(english.status, cookie).toBe(200);
    expect(english.text, cookie).toMatch(/<html[^>]* lang="en-US"/);
    const home = await get('/', headers);
    // Turkish, or a redirect to the English the cookie remembers: never the other language under this path.
    if (home.status === 200) expect(home.text, cookie).toMatch(/<html[^>]* lang="tr-TR"/);
    else expect([home.status, home.headers.location], cookie).toEqual([307, '/en']);
    // A visitor without a cookie still gets each page in its own language, and no cookie to change it.
    const fresh = await get('/', documentHeaders);
    expect(fresh.status, cookie).toBe(200);
    expect(fresh.text, cookie).toMatch(/<html[^>]* lang="tr-TR"/);
    expect(fresh.headers['set-cookie'], cookie).toBeUndefined();
    const freshEnglish = await get('/en', documentHeaders);
    expect(freshEnglish.text, cookie).toMatch(/<html[^>]* lang="en-US"/);
    expect(freshEnglish.headers['set-cookie'], cookie).toBeUndefined();
  }
});

test('LAW cookies: through the edge too, the main flows set no cookie the cookie notice does not list', async ({ page }) => {
  test.slow();
  const written = await recordWrites(page);
  await walkMainFlows(page, { base: edge.url, sandboxBase: edge.sandboxUrl, customer: FIXTURE_CUSTOMERS.notSent });
  const { cookies } = await expectOnlyDeclared(page, written);
  expect(cookies.length).toBeGreaterThan(0);
});

test('made-up Host and X-Forwarded-Host values change nothing anyone gets and cost what a cached page costs', async () => {
  await get('/nasil-yapilir', documentHeaders);
  for (const headers of [{ Host: 'evil.example' }, { 'X-Forwarded-Host': 'evil.example' }, { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example:1' }] as Record<string, string>[]) {
    const answer = await get('/nasil-yapilir', { ...documentHeaders, ...headers });
    expect(answer.status, JSON.stringify(headers)).toBe(200);
    // The kept copy, whatever its age: fresh (HIT), or expired and sent while one refresh is under
    // way (STALE for the visitor who started it, UPDATING for the others). A header in the key would be a MISS.
    expect(['HIT', 'STALE', 'UPDATING'], JSON.stringify(headers)).toContain(cacheStatus(answer));
    expect(answer.text).not.toContain('evil.example');
    expect(String(answer.headers.link ?? '')).not.toContain('evil.example');
  }
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec((await get('/nasil-yapilir', documentHeaders)).text)?.[1];
  expect(canonical).toBe(`${edge.url}/nasil-yapilir`);
});

test('10,000 made-up static file names are answered by nginx and leave every instance\'s memory where it was', async () => {
  test.setTimeout(120_000);
  const before = edge.instances.map((instance) => memoryOf(instance.pid!).rss);
  const answers = await pool(
    Array.from({ length: 10_000 }, () => () => get(`/_next/static/chunks/${randomUUID()}.js`, { 'Accept-Encoding': 'br' }, { address: '127.0.32.1' })),
    20,
  );
  expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([404]));
  const after = edge.instances.map((instance) => memoryOf(instance.pid!).rss);
  for (const [index, rss] of after.entries()) expect(rss / before[index]!).toBeLessThan(1.1);
  // A real one comes from disk, precompressed, for a year.
  const html = (await get('/', documentHeaders)).text;
  const asset = /<script src="(\/_next\/static\/[^"]+\.js(?:\?[^"]*)?)"/.exec(html)?.[1];
  const file = await get(asset!, { 'Accept-Encoding': 'br, gzip' });
  expect(file.status).toBe(200);
  expect(file.headers['content-encoding']).toBe('br');
  expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(file.headers['x-content-type-options']).toBe('nosniff');
});

test('rate limits are shared: a budget spent through one instance is spent on the other, and X-Forwarded-For written by a client gains nothing', async () => {
  // Straight to the instances, as nginx would call them: each believes the last X-Forwarded-For entry.
  const [a, b] = edge.instances;
  // Five contact messages an hour from one address (each naming another phone: three a day per phone).
  const contact = (base: string, serial: number) =>
    bff(base, '/forms/contact-form', { fullname: 'Deneme Kişi', phone: `+90 (532) 111 22 ${40 + serial}`, message: '' }, {}, { 'X-Forwarded-For': '203.0.113.9', Origin: base });
  const onA = [];
  for (let i = 0; i < 5; i++) onA.push((await contact(a!.url, i)).status);
  expect(onA).toEqual([200, 200, 200, 200, 200]);
  expect((await contact(b!.url, 5)).status).toBe(429);

  // Through the edge: nginx writes the address it saw, whatever the client wrote.
  const attacker = '127.0.33.1';
  const answers = await pool(
    Array.from({ length: 20 }, (_, i) => () =>
      bff(edge.url, '/customers/auth-start', { nationality_number: nationalityNumber(40_000 + i) }, { address: attacker }, { 'X-Forwarded-For': `198.51.100.${i}` }),
    ),
    4,
  );
  expect(answers.filter((answer) => answer.status !== 429).length).toBeLessThanOrEqual(10);
  expect(answers.some((answer) => answer.status === 429)).toBe(true);
});

test('a logout through one instance holds on the other', async () => {
  const customer = FIXTURE_CUSTOMERS.underApproval;
  const visitor: Client = { address: '127.0.34.1', cookies: new Map() };
  const start = await bff(edge.url, '/customers/auth-start', { nationality_number: customer.nationality_number }, visitor);
  const auth = await bff(edge.url, '/customers/auth', { form_security_hash: start.json().hash, sms_code: await latestCode(customer.phone, edge.sandboxUrl) }, visitor);
  expect(auth.status, auth.text).toBe(200);
  const copy: Client = { cookies: new Map(visitor.cookies) };
  const [a, b] = edge.instances;
  expect((await send(b!.url, 'GET', '/api/session', { client: copy })).json().data).toBeTruthy();
  const logout = await send(a!.url, 'DELETE', '/api/session', {
    headers: { 'X-XSRF-TOKEN': visitor.cookies!.get('XSRF-TOKEN')!, 'Sec-Fetch-Site': 'same-origin' },
    client: visitor,
  });
  expect(logout.status, logout.text).toBe(200);
  expect((await send(b!.url, 'GET', '/api/session', { client: copy })).json().data).toBeNull();
  expect((await send(edge.url, 'GET', '/api/session', { client: copy })).json().data).toBeNull();
});

test('every HTML answer carries the policy, and no internal header leaves the edge', async () => {
  for (const target of ['/', '/?x=1', '/apix', '/api-docs', '/_nextx', '/a.b', '/tr/eski-sayfa.html', '/bu-sayfa-yok']) {
    const answer = await get(target, documentHeaders);
    expect(String(answer.headers['content-type']), target).toContain('text/html');
    expect(scriptSources(answer), target).toMatch(/^'self'/);
    expect(scriptSources(answer), target).not.toContain('unsafe-inline');
    for (const name of Object.keys(answer.headers)) expect(name, target).not.toMatch(/^x-(middleware|ob-|page-render|edge-)/);
  }
});

test('one instance stopped under load: no GET fails, and every POST is answered once, or refused and safe to send again', async () => {
  test.setTimeout(90_000);
  const [, b] = edge.instances;
  const deadline = Date.now() + 6_000;
  const results: { kind: string; status: number }[] = [];
  const worker = async (index: number) => {
    const client: Client = { address: `127.0.35.${index + 1}`, cookies: new Map() };
    while (Date.now() < deadline) {
      // Past the edge's cache: a query renders at an instance.
      const page = await get(`/nasil-yapilir?v=${index}`, documentHeaders, client).catch(() => ({ status: 0 }) as Answer);
      results.push({ kind: 'GET', status: page.status });
      const list = await bff(edge.url, '/util/infrastructure-inquiry/infrastructure', { type: 'city', parent_id: 34 }, client).catch(() => ({ status: 0 }) as Answer);
      results.push({ kind: 'POST', status: list.status });
    }
  };
  const load = Promise.all(Array.from({ length: 6 }, (_, index) => worker(index)));
  // Under way on both instances before B stops: a round of answers from every worker.
  await expect.poll(() => results.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(12);
  await b!.stop();
  await load;
  await b!.start();
  const gets = results.filter((result) => result.kind === 'GET');
  const posts = results.filter((result) => result.kind === 'POST');
  expect(gets.length).toBeGreaterThan(10);
  expect(gets.filter((result) => result.status !== 200)).toEqual([]);
  // An address list changes nothing upstream; a refusal (502/503) tells the page to let the person try again.
  expect(posts.filter((result) => ![200, 502, 503].includes(result.status))).toEqual([]);
});

test('an instance killed during an upload: the customer is told the server could not be reached, sends again and it goes through; no half file is kept', async () => {
  test.setTimeout(90_000);
  const [a, b] = edge.instances;
  const customer = FIXTURE_CUSTOMERS.notSent;
  const client: Client = { address: '127.0.36.1', cookies: new Map() };
  const start = await bff(edge.url, '/customers/auth-start', { nationality_number: customer.nationality_number }, client);
  const auth = await bff(edge.url, '/customers/auth', { form_security_hash: start.json().hash, sms_code: await latestCode(customer.phone, edge.sandboxUrl) }, client);
  expect(auth.status, auth.text).toBe(200);
  // Two 300 KB images (a PNG's signature is all the check reads), so the body is still arriving when the instance dies.
  const boundary = 'killeduploadboundary';
  const image = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300_000, 0x20)]);
  const part = (name: string) => Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.png"\r\nContent-Type: image/png\r\n\r\n`), image, Buffer.from('\r\n')]);
  const body = Buffer.concat([part('front-nationality-license'), part('back-nationality-license'), Buffer.from(`--${boundary}--\r\n`)]);
  const headers = {
    'Content-Type': `multipart/form-data; boundary=${boundary}`,
    'Content-Length': String(body.length),
    'X-XSRF-TOKEN': client.cookies!.get('XSRF-TOKEN')!,
    'Sec-Fetch-Site': 'same-origin',
    Cookie: [...client.cookies!].map(([name, value]) => `${name}=${value}`).join('; '),
  };
  const target = '/api/v1/customers/upload-nationality-docs';
  const uploads = path.resolve(dataDir, 'uploads');
  const files = () => (existsSync(uploads) ? readdirSync(uploads, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length : 0);
  const before = files();

  // B stopped, so the upload reaches A; A is killed (no drain) once the first part of the body is on its way.
  await b!.stop();
  let refused: number;
  let killed: Promise<void> | undefined;
  try {
    const url = new URL(edge.url);
    refused = await new Promise<number>((resolve) => {
      const request = http.request({ host: url.hostname, port: url.port, path: target, method: 'POST', localAddress: client.address, agent: false, headers });
      request.on('response', (response) => {
        resolve(response.statusCode ?? 0);
        response.resume();
      });
      request.on('error', () => resolve(0));
      request.write(body.subarray(0, 64 * 1024), () => setTimeout(() => (killed = a!.kill()), 300));
    });
  } finally {
    await killed;
    await a!.start();
    await b!.start();
  }
  // nginx answers 502 with no message of ours (a POST is never sent to another instance): the
  // page's client tells the customer 'Sunucuya erişilemiyor…' and keeps the chosen files (lib/api/client.ts).
  expect(refused).toBe(502);
  expect(files()).toBe(before);
  // Sent again, as the customer would: nginx keeps an instance that failed out for its fail_timeout
  // (10 s), and both just failed once, so the first tries may be refused the same way, never half kept.
  await expect.poll(async () => (await send(edge.url, 'POST', target, { body, headers, client })).status, { timeout: 20_000, intervals: [1_000] }).toBe(200);
  // One whole set upstream: the two files of the upload that went through, nothing of the one cut off.
  expect(files()).toBe(before + 2);
});

test('a settings change and the revalidation call reach both instances at once and the edge within its lifetime', async () => {
  test.setTimeout(60_000);
  const banner = 'Hoş Geldin İndirimi';
  for (const instance of edge.instances) expect((await send(instance.url, 'GET', '/', { headers: documentHeaders })).text).toContain(banner);
  await sandbox('/__sandbox/settings/campaign', { end_date: '2020-01-31' }, edge.sandboxUrl);
  const refused = await send(edge.url, 'POST', '/api/revalidate', { headers: { Authorization: 'Bearer not-the-secret' } });
  expect(refused.status).toBe(401);
  const revalidated = await send(edge.url, 'POST', '/api/revalidate', { headers: { Authorization: `Bearer ${edge.revalidateSecret}` } });
  expect(revalidated.status, revalidated.text).toBe(200);
  for (const instance of edge.instances) expect((await send(instance.url, 'GET', '/', { headers: documentHeaders })).text).not.toContain(banner);
  await expect
    .poll(async () => (await get('/', documentHeaders)).text, { timeout: (EDGE_SECONDS + 2) * 1000, intervals: [250] })
    .not.toContain(banner);
});

// Last in this file: its wait lets every page the tests before it kept expire.
test('an expired page goes out at once while its refresh is still running, and the refresh then replaces it', async () => {
  test.setTimeout(60_000);
  const pages = ['/', '/nasil-yapilir', '/en'];
  const freshHit = (page: string) =>
    expect.poll(async () => cacheStatus(await get(page, browserHeaders)), { message: page, timeout: 15_000 }).toBe('HIT');
  for (const page of pages) await freshHit(page);
  const lifetime = Number(/s-maxage=(\d+)/.exec(String((await get('/', browserHeaders)).headers['cache-control']))?.[1]);
  expect(lifetime).toBeGreaterThan(0);
  await new Promise((resolve) => setTimeout(resolve, (lifetime + 1) * 1000));
  // Both instances frozen: no refresh can end while the expired pages are asked for.
  const pids = edge.instances.map((instance) => instance.pid!);
  for (const pid of pids) process.kill(pid, 'SIGSTOP');
  const answers: { page: string; status: number; cache: unknown; ms: number }[] = [];
  try {
    for (const page of pages) {
      const started = performance.now();
      const answer = await get(page, browserHeaders);
      answers.push({ page, status: answer.status, cache: cacheStatus(answer), ms: performance.now() - started });
    }
  } finally {
    for (const pid of pids) process.kill(pid, 'SIGCONT');
  }
  expect(answers.map(({ page, status, cache }) => [page, status, cache])).toEqual(pages.map((page) => [page, 200, 'STALE']));
  // Held until the refresh ended (a corked socket), each would take the kernel's 200 ms at least;
  // sent at once, a few milliseconds. The fastest of three leaves room for a busy machine.
  expect(Math.min(...answers.map(({ ms }) => ms))).toBeLessThan(150);
  // Refreshed in the background once the instances run again.
  for (const page of pages) await freshHit(page);
});
