import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import Redis from 'ioredis';
import type { Edge, EdgeOptions } from '../scripts/edge.mjs';
import { type Answer, bff, type Client, send } from './security/harness';
import { CONSENTS } from './support/consents';
import { type Applicant, readyToFile, startTestEdge } from './support/edge';
import { sitePort } from './support/env';
import { randomNationalityNumber, randomPhone } from './support/people';
import { latestCode, sandbox } from './support/sandbox';

// The state Redis's failures as customers meet them (docs/operations.md, Redis;
// docs/decisions/0016-redis-failover-without-logouts.md), through the edge and two instances: a
// dropped connection, the primary killed under load (Sentinel promotes the replica), a restart with
// its append-only file, a flush, a logout it cannot take, and filings held through a stop.

test.describe.configure({ mode: 'serial' });

const sessionOf = async (edge: Edge, client: Client, base = edge.url) =>
  (await send(base, 'GET', '/api/session', { client: { cookies: new Map(client.cookies) } })).json().data as { user_id: number } | null;

/** A visitor whose filed application started a session (through the edge, or one instance). */
async function customer(edge: Edge, address: string, person?: Applicant, phone?: string): Promise<Client> {
  const client: Client = { address, cookies: new Map() };
  const hash = await readyToFile(edge, client, { person, phone });
  const filed = await bff(edge.url, '/customers/register-step-4', { form_security_hash: hash, consents: CONSENTS }, client);
  expect(filed.status, filed.text).toBe(200);
  return client;
}

const logOut = (base: string, client: Client) =>
  send(base, 'DELETE', '/api/session', { headers: { 'X-XSRF-TOKEN': client.cookies!.get('XSRF-TOKEN')!, 'Sec-Fetch-Site': 'same-origin' }, client });

/** A cookie copied before its owner logged out: what an attacker would replay. */
const copyOf = (client: Client): Client => ({ cookies: new Map(client.cookies) });

/** Every budget times 20 (logins again and again from one address), the contact form's per address 1 × 20. */
const FACTOR = 20;
const CONTACT_BUDGET = FACTOR;

/** Spends an address's whole contact budget: every message accepted. */
async function spendContactBudget(edge: Edge, address: string) {
  for (let serial = 1; serial <= CONTACT_BUDGET; serial++) expect((await contact(edge, address, serial)).status).toBe(200);
}

const contact = (edge: Edge, address: string, serial: number) =>
  bff(edge.url, '/forms/contact-form', { fullname: 'Deniz Ay', phone: `+90 (532) 777 88 ${10 + serial}`, message: '' }, { address });

/**
 * One topology for a describe's tests, started before them and stopped after, with its parts'
 * output lines kept: the real budgets times FACTOR, and `env` on top.
 */
function topology(name: string, options: Pick<EdgeOptions, 'replication'>, env: Record<string, string> = {}) {
  const lines: string[] = [];
  const running = { edge: undefined as unknown as Edge, lines };
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    running.edge = await startTestEdge(`.data/${name}-e2e-${sitePort}`, {
      metrics: false,
      ...options,
      env: { LOG_LEVEL: 'warn', RATE_LIMIT_FACTOR: String(FACTOR), RATE_LIMIT_CONTACT_PER_IP: '1', ...env },
      output: (part, line) => void lines.push(`${part}| ${line}`),
    });
  });
  // A failed test shows what the instances and Redis said (the lines are otherwise kept quiet).
  test.afterEach(async ({}, testInfo) => {
    if (testInfo.status === testInfo.expectedStatus) return;
    await testInfo.attach('parts.log', { body: lines.join('\n'), contentType: 'text/plain' });
    console.log(lines.join('\n'));
  });
  test.afterAll(async () => {
    await running.edge?.stop();
  });
  return running;
}

test.describe('the state Redis with a replica and three Sentinels', () => {
  // Sentinel calls the primary down after 1 s without an answer (5 s in `npm run start:edge`).
  const running = topology('redis-failover', { replication: { downAfterMs: 1_000 } });
  const { lines } = running;
  let edge: Edge;
  test.beforeAll(() => void (edge = running.edge));

  test('a dropped connection that lost nothing (CLIENT KILL) logs nobody out', async () => {
    test.setTimeout(120_000);
    const signedIn = await customer(edge, '127.0.61.1');
    expect(await sessionOf(edge, signedIn)).not.toBeNull();
    const primary = new Redis((await edge.redis!.primary())!.url);
    try {
      // Every instance's connections, as a firewall cutting idle ones or a proxy restarting would.
      expect(Number(await primary.call('CLIENT', 'KILL', 'TYPE', 'normal'))).toBeGreaterThan(0);
    } finally {
      primary.disconnect();
    }
    // Back within a second or two, and still back three seconds later (not a moment's luck).
    await expect.poll(() => sessionOf(edge, signedIn), { timeout: 10_000 }).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    for (const instance of edge.instances) expect(await sessionOf(edge, signedIn, instance.url)).not.toBeNull();
  });

  test('the primary killed under load: the replica is promoted, nobody is logged out, a logout holds, a budget keeps its count', async () => {
    test.setTimeout(180_000);
    const signedIn = await customer(edge, '127.0.62.1');
    const leaving = await customer(edge, '127.0.62.2');
    const copy = copyOf(leaving);
    expect((await logOut(edge.url, leaving)).status).toBe(200);
    expect(await sessionOf(edge, copy)).toBeNull();
    // The contact form's budget of one address, all spent before the failover.
    await spendContactBudget(edge, '127.0.62.9');
    // A customer who logs in again and again during the load.
    const person: Applicant = { nationality_serial_no: 'A01B23456', name: 'Ece', surname: 'Yıldız', mother_name: 'Sevgi', father_name: 'Kemal', birthdate: '15/04/1992', security_word: 'Papatya', nationality_number: randomNationalityNumber() };
    const phone = randomPhone();
    await customer(edge, '127.0.62.3', person, phone);

    const before = (await edge.redis!.primary())!;
    type Seen = { at: number; what: string; ok: boolean; detail: string };
    const seen: Seen[] = [];
    const note = (what: string, answer: Answer, ok: boolean) => seen.push({ at: Date.now(), what, ok, detail: `${answer.status} ${answer.text.slice(0, 80)}` });
    let loading = true;
    let logins = 0;
    const deadline = Date.now() + 60_000;
    const load = async (worker: number) => {
      const client: Client = { address: `127.0.63.${worker + 1}`, cookies: new Map() };
      for (let round = 0; loading && Date.now() < deadline; round++) {
        const page = await send(edge.url, 'GET', round % 2 ? '/' : `/nasil-yapilir?r=${worker}-${round}`, { headers: { Accept: 'text/html' }, client });
        note('page', page, page.status === 200);
        const list = await bff(edge.url, '/util/infrastructure-inquiry/infrastructure', { type: 'city', parent_id: 34 + (round % 3) }, client);
        note('address list', list, list.status === 200);
        if (worker === 0) {
          const answer = await send(edge.url, 'GET', '/api/session', { client: copyOf(signedIn) });
          note('signed-in session', answer, answer.status === 200 && answer.json().data !== null);
        }
        // A login every fifth round, 40 at most: within the budgets of one TC number (times FACTOR).
        if (worker === 1 && round % 5 === 0 && logins++ < 40) {
          const login: Client = { address: '127.0.63.9', cookies: new Map() };
          const start = await bff(edge.url, '/customers/auth-start', { nationality_number: person.nationality_number }, login);
          const auth = start.status === 200
            ? await bff(edge.url, '/customers/auth', { form_security_hash: start.json().hash, sms_code: await latestCode(phone, edge.sandboxUrl) }, login)
            : start;
          note('login', auth, auth.status === 200);
        }
      }
    };
    const workers = [0, 1, 2].map(load);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const killedAt = Date.now();
    const linesBefore = lines.length;
    await before.kill();
    // Sentinel's promotion, as it tells it.
    let promotedAt = 0;
    await expect
      .poll(async () => {
        const now = await edge.redis!.primary().catch(() => undefined);
        if (now && now !== before && !promotedAt) promotedAt = Date.now();
        return now?.name;
      }, { timeout: 30_000, intervals: [100] })
      .not.toBe(before.name);
    // The load goes on five seconds past the promotion, then stops.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    loading = false;
    await Promise.all(workers);

    const failed = seen.filter((entry) => !entry.ok);
    const lastFailure = Math.max(killedAt, ...failed.map((entry) => entry.at));
    const figures = {
      requests: seen.length,
      failed: failed.length,
      promotedAfterMs: promotedAt - killedAt,
      failuresEndedAfterMs: lastFailure - killedAt,
      failedKinds: [...new Set(failed.map((entry) => entry.what))],
    };
    test.info().annotations.push({ type: 'failover', description: JSON.stringify(figures) });
    console.log(`failover: ${JSON.stringify(figures)}`);
    expect(seen.length).toBeGreaterThan(30);
    expect(seen.filter((entry) => entry.at > killedAt && entry.what === 'login' && entry.ok).length).toBeGreaterThan(0);
    // Nothing fails before the kill, and nothing once the instances had time to follow the promotion:
    // they reconnect within 0.5 s and trust the store again 1 s later (1.2 s after the promotion on a
    // quiet machine, up to 5 s with the rest of the suite running beside it).
    expect(failed.filter((entry) => entry.at < killedAt)).toEqual([]);
    expect(failed.filter((entry) => entry.at > promotedAt + 8_000).map((entry) => `${entry.what}: ${entry.detail}`)).toEqual([]);
    // Pages, address lists and logins never needed the state Redis to answer.
    expect(failed.filter((entry) => entry.what !== 'signed-in session').map((entry) => `${entry.what}: ${entry.detail}`)).toEqual([]);

    // Nobody was logged out, on either instance; the logged-out copy stays out; the count held. An
    // instance that has not yet trusted the new primary again reads every session as logged out
    // (it fails closed), so each is asked until it does: a real logout never comes back.
    for (const instance of edge.instances) {
      await expect.poll(() => sessionOf(edge, signedIn, instance.url), { timeout: 15_000, intervals: [250] }).not.toBeNull();
      expect(await sessionOf(edge, copy, instance.url)).toBeNull();
    }
    expect((await contact(edge, '127.0.62.9', CONTACT_BUDGET + 1)).status).toBe(429);
    expect(lines.slice(linesBefore).filter((line) => /Redis lost its revocations|sessions issued before now end/.test(line))).toEqual([]);

    // The old primary comes back as a replica of the new one.
    await before.start();
    const back = new Redis(before.url);
    try {
      await expect.poll(async () => /role:slave/.test(await back.info('replication')), { timeout: 30_000 }).toBe(true);
    } finally {
      back.disconnect();
    }
  });
});

test.describe('the state Redis alone, with its append-only file', () => {
  const dataDir = `.data/redis-restart-e2e-${sitePort}`;
  // A filing answered 4 s late is held (API_TIMEOUT_MS 2 s): the held-filings case below.
  const running = topology('redis-restart', {}, { API_TIMEOUT_MS: '2000' });
  const { lines } = running;
  let edge: Edge;
  test.beforeAll(() => void (edge = running.edge));

  test('restarted, not failed over: revocations and counts are still there, and nobody is logged out', async () => {
    test.setTimeout(120_000);
    const signedIn = await customer(edge, '127.0.64.1');
    const leaving = await customer(edge, '127.0.64.2');
    const copy = copyOf(leaving);
    expect((await logOut(edge.url, leaving)).status).toBe(200);
    await spendContactBudget(edge, '127.0.64.9');
    // The append-only file is written every second: a clean stop writes it all.
    await edge.redis!.stop();
    await edge.redis!.start();
    // Each instance trusts the store again SETTLE_MS after it reconnected, which each does in its own time.
    for (const instance of edge.instances) {
      await expect.poll(() => sessionOf(edge, signedIn, instance.url), { timeout: 15_000, intervals: [250] }).not.toBeNull();
      expect(await sessionOf(edge, copy, instance.url)).toBeNull();
    }
    expect((await contact(edge, '127.0.64.9', CONTACT_BUDGET + 1)).status).toBe(429);
  });

  test('emptied (FLUSHALL): every session issued before is refused; one issued after holds', async () => {
    test.setTimeout(120_000);
    const signedIn = await customer(edge, '127.0.65.1');
    expect(await sessionOf(edge, signedIn)).not.toBeNull();
    const state = new Redis(edge.redisUrl);
    try {
      await state.flushall();
    } finally {
      state.disconnect();
    }
    for (const instance of edge.instances) expect(await sessionOf(edge, signedIn, instance.url)).toBeNull();
    const later = await customer(edge, '127.0.65.2');
    expect(await sessionOf(edge, later)).not.toBeNull();
    expect(lines.some((line) => /Redis lost its revocations/.test(line))).toBe(true);
  });

  test('a logout while Redis cannot be written is refused during the outage and after it, on both instances; nobody else is logged out', async () => {
    test.setTimeout(120_000);
    const [a, b] = edge.instances as [Edge['instances'][0], Edge['instances'][0]];
    const staying = await customer(edge, '127.0.66.1');
    const leaving = await customer(edge, '127.0.66.2');
    const copy = copyOf(leaving);
    await edge.redis!.stop();
    // Logged out on one instance while neither can reach Redis: the cookie is cleared, the copy kept.
    expect((await logOut(a.url, leaving)).status).toBe(200);
    for (const instance of [a, b]) expect(await sessionOf(edge, copy, instance.url)).toBeNull();
    await edge.redis!.start();
    await expect.poll(() => sessionOf(edge, staying, b.url), { timeout: 15_000 }).not.toBeNull();
    for (const instance of [a, b]) {
      expect(await sessionOf(edge, copy, instance.url)).toBeNull();
      expect(await sessionOf(edge, staying, instance.url)).not.toBeNull();
    }
  });

  test('both instances stopped while Redis is down, each holding a filing outcome: both are there at the next start', async () => {
    test.setTimeout(180_000);
    const filers = await Promise.all(edge.instances.map(async (instance, index) => {
      const client: Client = { address: `127.0.67.${index + 1}`, cookies: new Map() };
      return { instance, client, hash: await readyToFile(edge, client) };
    }));
    // Answered 4 s late, past API_TIMEOUT_MS: each instance holds its filing's outcome.
    await sandbox('/__sandbox/slow', { ms: 4_000, afterEffect: true }, edge.sandboxUrl);
    await edge.redis!.stop();
    const filed = await Promise.all(filers.map(({ instance, client, hash }) => bff(instance.url, '/customers/register-step-4', { form_security_hash: hash, consents: CONSENTS }, client)));
    expect(filed.map((answer) => answer.status)).toEqual([504, 504]);
    await sandbox('/__sandbox/slow', { ms: 0 }, edge.sandboxUrl);
    // The late answers arrive while Redis is down: kept by each instance alone.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    await Promise.all(edge.instances.map((instance) => instance.stop()));
    expect(readdirSync(path.resolve(dataDir)).filter((name) => name.startsWith('held-filings')), lines.join('\n')).toHaveLength(2);

    await edge.redis!.start();
    await Promise.all(edge.instances.map((instance) => instance.start()));
    for (const { client, hash } of filers) {
      const asked = await send(edge.url, 'POST', '/api/filing', {
        body: JSON.stringify({ form_security_hash: hash }),
        headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': client.cookies!.get('XSRF-TOKEN')!, 'Sec-Fetch-Site': 'same-origin' },
        client,
      });
      expect(asked.status, asked.text).toBe(200);
      expect(await sessionOf(edge, client)).not.toBeNull();
    }
  });
});
