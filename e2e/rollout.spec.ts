import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import Redis from 'ioredis';
import type { Edge } from '../scripts/edge.mjs';
import { type Answer, bff, type Client, send } from './security/harness';
import { CONSENTS } from './support/consents';
import { sandbox } from './support/sandbox';
import { sitePort } from './support/env';
import { readyToFile, startTestEdge } from './support/edge';

// The life of the topology (docs/operations.md: Stopping an instance, Rotating the secrets, Redis):
// nginx, two instances and the two Redis roles of scripts/edge.mjs, replaced one instance at a
// time under load, with their secret rotated, and with the cache Redis full.

test.describe.configure({ mode: 'serial' });

const dataDir = `.data/rollout-e2e-${sitePort}`;
const SECRET_A = 'a'.repeat(64);
const SECRET_B = 'b'.repeat(64);
let edge: Edge;
let secondRelease: Promise<string>;
let building: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  edge = await startTestEdge(dataDir, {
    metrics: false,
    sessionSecret: SECRET_A,
    cacheMaxMemory: '4mb',
    // The real budgets (each test from addresses of its own), the contact form's per address small:
    // the rotation must keep its count.
    env: { LOG_LEVEL: 'warn', RATE_LIMIT_CONTACT_PER_IP: '3' },
    output: () => undefined,
  });
  secondRelease = buildSecondRelease(`${edge.release()}-b`);
  // Settled by its test; never an unhandled rejection meanwhile.
  secondRelease.catch(() => undefined);
});
test.afterAll(async () => {
  building?.kill('SIGTERM');
  await edge?.stop();
});

const sessionOf = async (client: Client) => (await send(edge.url, 'GET', '/api/session', { client })).json().data as { user_id: number; subscriptions: unknown[] } | null;

/** A customer logged in through the edge (a filed application starts the session). */
async function customer(address: string): Promise<Client> {
  const client: Client = { address, cookies: new Map() };
  const hash = await readyToFile(edge, client);
  const filed = await bff(edge.url, '/customers/register-step-4', { form_security_hash: hash, consents: CONSENTS }, client);
  expect(filed.status, filed.text).toBe(200);
  return client;
}

test('a rolling restart under load: no failed GET, every POST answered once, the filing in flight completes once, nobody logged out', async () => {
  test.setTimeout(240_000);
  const loggedIn = await customer('127.0.41.1');
  const before = await sessionOf(loggedIn);
  expect(before).not.toBeNull();

  // A filing call the upstream answers 6 s late: in flight while its instance is replaced.
  const filer: Client = { address: '127.0.41.2', cookies: new Map() };
  const formHash = await readyToFile(edge, filer);
  await sandbox('/__sandbox/slow', { ms: 6_000, afterEffect: true }, edge.sandboxUrl);
  const filing = bff(edge.url, '/customers/register-step-4', { form_security_hash: formHash, consents: CONSENTS }, filer);
  await new Promise((resolve) => setTimeout(resolve, 500));
  await sandbox('/__sandbox/slow', { ms: 0 }, edge.sandboxUrl);

  // A steady load of page views (from the cache and rendered) and address-list POSTs.
  let rolling = true;
  const gets: Answer[] = [];
  const posts: Answer[] = [];
  const sessions: boolean[] = [];
  const load = async (worker: number) => {
    const client: Client = { address: `127.0.42.${worker + 1}`, cookies: new Map() };
    for (let round = 0; rolling; round++) {
      gets.push(await send(edge.url, 'GET', round % 2 ? '/' : `/nasil-yapilir?r=${worker}-${round}`, { headers: { Accept: 'text/html' }, client }));
      posts.push(await bff(edge.url, '/util/infrastructure-inquiry/infrastructure', { type: 'city', parent_id: 34 + (round % 3) }, client));
      if (worker === 0) sessions.push((await sessionOf(loggedIn)) !== null);
    }
  };
  const workers = [0, 1, 2, 3].map(load);
  const pids = edge.instances.map((instance) => instance.pid);
  const release = await edge.roll();
  rolling = false;
  await Promise.all(workers);

  expect(release).toBe(edge.release());
  // Both replaced.
  expect(edge.instances.map((instance) => instance.pid).filter((pid) => pids.includes(pid))).toEqual([]);
  expect(gets.length).toBeGreaterThan(20);
  expect(gets.filter((answer) => answer.status !== 200).map((answer) => answer.status)).toEqual([]);
  expect(posts.filter((answer) => answer.status !== 200).map((answer) => `${answer.status} ${answer.text}`)).toEqual([]);
  expect(sessions.every(Boolean)).toBe(true);

  // The filing was answered by the instance that took it, which stopped only after: one subscription.
  const filed = await filing;
  expect(filed.status, filed.text).toBe(200);
  const session = await sessionOf(filer);
  expect(session?.subscriptions).toHaveLength(1);
  expect((await sessionOf(loggedIn))?.user_id).toBe(before!.user_id);
});

test('the session secret rotated in three rolls: a customer stays logged in, limits keep their counts, an old cookie at the end is no session, never a 500', async () => {
  test.setTimeout(300_000);
  const early = await customer('127.0.43.1');
  // Two of the three contact messages this address may send.
  const contact = (serial: number) => bff(edge.url, '/forms/contact-form', { fullname: 'Deniz Ay', phone: `+90 (532) 222 33 ${10 + serial}`, message: '' }, { address: '127.0.43.9' });
  expect([(await contact(1)).status, (await contact(2)).status]).toEqual([200, 200]);

  // Step 1: the new key is known everywhere, not used. Step 2: it seals.
  await edge.roll({ env: { SESSION_SECRET: `1=${SECRET_A} 2=${SECRET_B}` } });
  expect(await sessionOf(early)).not.toBeNull();
  await edge.roll({ env: { SESSION_SECRET: `2=${SECRET_B} 1=${SECRET_A}` } });
  expect(await sessionOf(early)).not.toBeNull();
  const late = await customer('127.0.43.2');
  expect(await sessionOf(late)).not.toBeNull();
  // The count survived both rolls: the third message passes, the fourth is refused.
  expect([(await contact(3)).status, (await contact(4)).status]).toEqual([200, 429]);

  // Step 3: the old key leaves. Its cookie is no session; pages and calls answer, none with a 500.
  await edge.roll({ env: { SESSION_SECRET: `2=${SECRET_B}` } });
  expect(await sessionOf(early)).toBeNull();
  const page = await send(edge.url, 'GET', '/?r=old-cookie', { headers: { Accept: 'text/html' }, client: early });
  expect(page.status).toBe(200);
  expect(page.text).toContain('Başvuru Sorgulama');
  const profile = await send(edge.url, 'GET', '/api/session/profile', { client: early });
  // The page offers the login again on this answer.
  expect(profile.status).toBe(401);
  expect(profile.json().details).toEqual({ session_expired: true });
  expect(await sessionOf(late)).not.toBeNull();
});

test('the cache Redis filled past its maxmemory evicts its own keys and nothing else: a logged-out cookie stays out, limits hold', async () => {
  test.setTimeout(120_000);
  const signedIn = await customer('127.0.44.1');
  const copy: Client = { address: '127.0.44.2', cookies: new Map(signedIn.cookies) };
  const logout = await send(edge.url, 'DELETE', '/api/session', {
    headers: { 'X-XSRF-TOKEN': signedIn.cookies!.get('XSRF-TOKEN')!, 'Sec-Fetch-Site': 'same-origin' },
    client: signedIn,
  });
  expect(logout.status).toBe(200);
  const contact = (serial: number) => bff(edge.url, '/forms/contact-form', { fullname: 'Deniz Ay', phone: `+90 (532) 444 55 ${10 + serial}`, message: '' }, { address: '127.0.44.9' });
  expect([(await contact(1)).status, (await contact(2)).status, (await contact(3)).status]).toEqual([200, 200, 200]);

  // 20 MB into a cache of 4 MB.
  const cache = new Redis(edge.redisCacheUrl!);
  const state = new Redis(edge.redisUrl);
  try {
    const junk = 'x'.repeat(100_000);
    for (let i = 0; i < 200; i++) await cache.set(`filler:${i}`, junk);
    const stats = await cache.info('stats');
    expect(Number(/evicted_keys:(\d+)/.exec(stats)?.[1])).toBeGreaterThan(0);
    expect(await state.config('GET', 'maxmemory-policy')).toEqual(['maxmemory-policy', 'noeviction']);
  } finally {
    cache.disconnect();
    state.disconnect();
  }
  // The revocation and the count were never the cache's to lose.
  expect(await sessionOf(copy)).toBeNull();
  expect((await contact(4)).status).toBe(429);
  // And the site still serves its pages, rendering what the cache forgot.
  expect((await send(edge.url, 'GET', '/nasil-yapilir?r=after-fill', { headers: { Accept: 'text/html' } })).status).toBe(200);
});

test('a page of the previous release, after the topology rolled to a new one, opens the wizard by a full navigation and goes on; its chunks are still served', async ({ page }) => {
  test.setTimeout(600_000);
  // Release B: the same code built again, a release of its own (its id is in its pages and its runtime chunk).
  const releaseB = await secondRelease;
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /chunk|Loading|failed to fetch/i.test(message.text())) errors.push(message.text());
  });

  const releaseA = edge.release();
  /** The release the page in the tab came from: its scripts name it (`?dpl=`). */
  const releaseOfPage = () => page.evaluate(() => [...document.scripts].map((script) => new URL(script.src || location.href).searchParams.get('dpl')).find(Boolean));
  await page.goto(`${edge.url}/`);
  expect(await releaseOfPage()).toBe(releaseA);
  const chunkOfA = await page.evaluate(() => [...document.scripts].map((script) => script.src).find((src) => src.includes('/_next/static/chunks/')));

  expect(await edge.roll({ distDir: releaseB })).not.toBe(releaseA);
  // A's files outlive the roll: an open page of A still finds them.
  expect((await send(edge.url, 'GET', new URL(chunkOfA!).pathname)).status).toBe(200);

  // The page of A asks release B's server for the wizard, which tells it to load afresh: it does.
  await page.getByRole('link', { name: 'Yeni Başvuru' }).first().click();
  await expect(page.getByRole('combobox', { name: 'İl', exact: true })).toBeVisible();
  expect(await releaseOfPage()).toBe(edge.release());
  await page.getByRole('combobox', { name: 'İl', exact: true }).click();
  await page.getByRole('combobox', { name: 'İl', exact: true }).fill('İsta');
  await page.getByRole('listbox', { name: 'İl' }).getByRole('option', { name: 'İstanbul', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'İlçe', exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});

/**
 * `npm run build` once more into a folder of its own, as a provider's next release: the same code,
 * another release id. Started with the topology, so the other tests run while it builds;
 * tsconfig.json is put back as it was (Next.js adds the folder's types to it).
 */
function buildSecondRelease(id: string): Promise<string> {
  const root = path.resolve(__dirname, '..');
  const dist = `.next-release-b-${sitePort}`;
  const tsconfig = readFileSync(path.join(root, 'tsconfig.json'), 'utf8');
  return new Promise((resolve, reject) => {
    let output = '';
    const build = (building = spawn('npm', ['run', 'build'], { cwd: root, env: { ...process.env, NEXT_DIST_DIR: dist, NEXT_DEPLOYMENT_ID: id }, stdio: ['ignore', 'pipe', 'pipe'], detached: false }));
    build.stdout.on('data', (chunk) => (output += chunk));
    build.stderr.on('data', (chunk) => (output += chunk));
    build.once('exit', (code) => {
      building = undefined;
      writeFileSync(path.join(root, 'tsconfig.json'), tsconfig);
      if (code === 0) resolve(dist);
      else reject(new Error(`the second release did not build (exit ${code}):\n${output.slice(-4000)}`));
    });
  });
}
