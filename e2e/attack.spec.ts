import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { apiCalls, apiCallNames } from '@/lib/api/calls';
import { BUDGETS } from '@/lib/server/limits';
import { FIXTURE_CUSTOMERS } from '@/sandbox/fixtures';
import { outbox, sandbox as sandboxHook } from './support/sandbox';
import { closedPort, type RunningSandbox, startSandbox } from './support/servers';
import {
  bff,
  type Client,
  figures,
  memoryOf,
  nationalityNumber,
  pool,
  refusedStart,
  send,
  type Site,
  startLoggedSite,
  startRedis,
  startStubUpstream,
  type StubUpstream,
} from './security/harness';

/*
 * The attack suite (SECURITY.md): the production site (the standalone build's server.js,
 * one instance) with its default budgets against a sandbox of its own, attacked over
 * loopback only. Each attacker is a loopback address of its own (127.0.0.0/8), which the site's
 * socket sees as a different client. Every loop is bounded; the suite takes about two minutes.
 * Its figures go to test-results/attack-figures.json, and scripts/security-figures.mjs writes them
 * into SECURITY.md.
 */

test.describe.configure({ mode: 'serial' });

const root = path.resolve(__dirname, '..');
const budgets = Object.fromEntries(Object.entries(BUDGETS).map(([name, row]) => [name, row.points])) as Record<keyof typeof BUDGETS, number>;
const jar = (): Client['cookies'] => new Map();
/** The customer a stub upstream logs in with any code (tests of sessions and uploads, not of the login). */
const STUB_CUSTOMER = { user_id: 8, data: { name: 'Deneme', surname: 'Kişi', nationality_number: '10000000146', confirm_nationality: { status: 2 } }, subscriptions: [] };

test.afterAll(() => {
  if (Object.keys(figures).length === 0) return;
  mkdirSync(path.join(root, 'test-results'), { recursive: true });
  writeFileSync(path.join(root, 'test-results', 'attack-figures.json'), `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`attack figures: ${JSON.stringify(figures)}`);
});

test.describe('abuse limits against the real site and sandbox', () => {
  let codes: RunningSandbox;
  let site: Site;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // The sandbox's own 60 s resend rule would hide the site's limits: off here, so only the site counts.
    codes = await startSandbox({ SANDBOX_RESEND_SECONDS: '0' });
    site = await startLoggedSite({ API_BASE_URL: codes.url, UPLOADS_IN_FLIGHT: '2', SANDBOX_PUBLIC_URL: codes.url });
  });

  test.afterAll(async () => {
    await site?.stop();
    await codes?.stop();
  });

  test('a scripted enumeration of 1,000 TC numbers from one address learns at most the budget', async () => {
    test.setTimeout(90_000);
    const attacker = { address: '127.0.20.1' };
    const numbers = Array.from({ length: 1_000 }, (_, i) => nationalityNumber(20_000 + i));
    // The three registered customers sit in the middle of the list.
    numbers.splice(500, 0, ...Object.values(FIXTURE_CUSTOMERS).map((customer) => customer.nationality_number));
    numbers.length = 1_000;
    const started = Date.now();
    const answers = await pool(
      numbers.map((nationality_number) => () => bff(site.url, '/customers/auth-start', { nationality_number }, { ...attacker, cookies: jar() })),
      10,
    );
    const learned = answers.filter((answer) => answer.status !== 429);
    const registered = answers.filter((answer) => answer.status === 200).length;
    expect(learned.length).toBeLessThanOrEqual(budgets.identityIp);
    // register-step-3 (registered_user) shares the budget: nothing more to learn there.
    const step3 = await bff(
      site.url,
      '/customers/register-step-3',
      {
        subscription_type: 1,
        form_security_hash: 'x'.repeat(32),
        nationality: 'TR',
        nationality_number: FIXTURE_CUSTOMERS.approved.nationality_number,
        nationality_serial_no: 'A12B34567',
        name: 'Deneme',
        surname: 'Kişi',
        gender: 1,
        job: '1',
        birthdate: '14/02/1990',
        mother_name: 'Gül',
        father_name: 'Ömer',
        security_word: 'Çiçek',
      },
      attacker,
    );
    expect(step3.status, step3.text).toBe(429);
    expect(step3.json().message).toMatch(/^Çok fazla deneme/);
    figures.enumeration = { sent: answers.length, learned: learned.length, registeredFound: registered, refused: answers.length - learned.length, seconds: Math.round((Date.now() - started) / 100) / 10 };
  });

  test('rotating through the addresses of one /24 gains little: the network learns at most its own budget', async () => {
    test.setTimeout(60_000);
    const numbers = Array.from({ length: 120 }, (_, i) => nationalityNumber(30_000 + i));
    const answers = await pool(
      numbers.map((nationality_number, i) => () => bff(site.url, '/customers/auth-start', { nationality_number }, { address: `127.0.22.${1 + (i % 60)}`, cookies: jar() })),
      6,
    );
    const learned = answers.filter((answer) => answer.status !== 429).length;
    // Two numbers from each of 60 addresses: every address within its own 10, the /24 at its 30.
    expect(learned).toBe(budgets.identityNetwork);
    figures.networkRotation = { network: '/24', addresses: 60, sent: answers.length, learned };
  });

  test('an SMS flood against one phone from 40 addresses costs at most its cap, and its owner still logs in', async () => {
    test.setTimeout(90_000);
    const owner = FIXTURE_CUSTOMERS.approved;
    const ownerBrowser: Client = { address: '127.0.30.1', cookies: jar() };
    const before = (await outbox(owner.phone, codes.url)).length;

    // The owner logged in from this browser before.
    const start = await bff(site.url, '/customers/auth-start', { nationality_number: owner.nationality_number }, ownerBrowser);
    expect(start.status).toBe(200);
    const [first] = await outbox(owner.phone, codes.url);
    const login = await bff(site.url, '/customers/auth', { form_security_hash: start.json().hash, sms_code: first!.code }, ownerBrowser);
    expect(login.status).toBe(200);
    expect([...ownerBrowser.cookies!.keys()]).toEqual(expect.arrayContaining(['ob_session', 'ob_device']));

    const flood = await pool(
      Array.from({ length: 200 }, (_, i) => () =>
        bff(site.url, '/customers/auth-start', { nationality_number: owner.nationality_number }, { address: `127.0.31.${1 + (i % 40)}`, cookies: jar() }),
      ),
      10,
    );
    const floodSms = (await outbox(owner.phone, codes.url)).length - before - 1;
    expect(floodSms).toBeLessThanOrEqual(budgets.codeSendTarget);
    expect(floodSms).toBeLessThanOrEqual(budgets.codeSendTargetDay);
    expect(flood.filter((answer) => answer.status === 429).length).toBeGreaterThanOrEqual(200 - budgets.codeSendTarget);

    // Someone else's browser is refused for this number now; the owner's is not.
    const stranger = await bff(site.url, '/customers/auth-start', { nationality_number: owner.nationality_number }, { address: '127.0.30.2', cookies: jar() });
    expect(stranger.status).toBe(429);
    const again = await bff(site.url, '/customers/auth-start', { nationality_number: owner.nationality_number }, ownerBrowser);
    expect(again.status).toBe(200);
    const [code] = await outbox(owner.phone, codes.url);
    const relogin = await bff(site.url, '/customers/auth', { form_security_hash: again.json().hash, sms_code: code!.code }, ownerBrowser);
    expect(relogin.status).toBe(200);
    figures.smsFlood = { addresses: 40, sent: flood.length, refused: flood.filter((answer) => answer.status === 429).length, smsThatWentOut: floodSms, ownerLoggedIn: true };

    // What every page carries of this customer, and what only the profile and its modem tab ask for.
    const html = await send(site.url, 'GET', '/', { client: ownerBrowser });
    expect(html.text).toContain('Ayşe');
    for (const secret of ['Modem-4821', 'Fatma', 'auth_params', '/files/']) expect(html.text, secret).not.toContain(secret);
    const session = await send(site.url, 'GET', '/api/session', { client: ownerBrowser });
    expect(session.text).not.toContain('Modem-4821');
    const profile = await send(site.url, 'GET', '/api/session/profile', { client: ownerBrowser });
    expect(profile.text).toContain('Fatma');
    expect(profile.text).not.toContain('Modem-4821');
    const modem = await send(site.url, 'GET', '/api/session/modem?subscription_id=1001', { client: ownerBrowser });
    expect(modem.json().data).toEqual({ username: expect.any(String), password: 'Modem-4821' });

    // Logout revokes the session on the server: a copy of the cookie taken before no longer works.
    const copy: Client = { address: '127.0.30.3', cookies: new Map(ownerBrowser.cookies) };
    const logout = await send(site.url, 'DELETE', '/api/session', {
      headers: { 'X-XSRF-TOKEN': ownerBrowser.cookies!.get('XSRF-TOKEN')!, 'Sec-Fetch-Site': 'same-origin' },
      client: ownerBrowser,
    });
    expect(logout.status).toBe(200);
    expect((await send(site.url, 'GET', '/api/session', { client: copy })).json().data).toBeNull();
    expect((await send(site.url, 'GET', '/api/session/profile', { client: copy })).status).toBe(401);
    const upload = await bff(site.url, '/customers/auth-register-step-2', { form_security_hash: 'x'.repeat(32), product_id: 1, pre_price_paid_type: 0, subscription_type: 1 }, copy);
    expect(upload.status).toBe(401);
  });

  test('guessing a login code: at most 5 checks of one code', async () => {
    const customer = FIXTURE_CUSTOMERS.underApproval;
    const guesser: Client = { address: '127.0.40.1', cookies: jar() };
    const start = await bff(site.url, '/customers/auth-start', { nationality_number: customer.nationality_number }, guesser);
    expect(start.status).toBe(200);
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await bff(site.url, '/customers/auth', { form_security_hash: start.json().hash, sms_code: String(100_000 + i) }, { address: `127.0.41.${i + 1}` }));
    expect(answers.filter((answer) => answer.status !== 429).length).toBe(budgets.codeCheckCode);
    expect(answers.every((answer) => answer.status < 500)).toBe(true);
    figures.codeGuessing = { sent: answers.length, checked: budgets.codeCheckCode, refused: answers.filter((answer) => answer.status === 429).length };
  });

  test('an upload flood: a bounded number in flight, the rest 503 with Retry-After, memory bounded, metadata gone', async () => {
    test.setTimeout(90_000);
    const customer = FIXTURE_CUSTOMERS.notSent;
    const browser: Client = { address: '127.0.60.1', cookies: jar() };
    const start = await bff(site.url, '/customers/auth-start', { nationality_number: customer.nationality_number }, browser);
    const [code] = await outbox(customer.phone, codes.url);
    expect((await bff(site.url, '/customers/auth', { form_security_hash: start.json().hash, sms_code: code!.code }, browser)).status).toBe(200);

    // Two JPEGs of 3.9 MB with a GPS position in their EXIF.
    const exif = Buffer.concat([Buffer.from('Exif\0\0MM\0*\0\0\0\x08', 'latin1'), Buffer.from('GPSLatitude 41.0082 N GPSLongitude 28.9784 E')]);
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, (exif.length + 2) >> 8, (exif.length + 2) & 0xff]), exif]);
    const quantisation = Buffer.concat([Buffer.from([0xff, 0xdb, 0x00, 0x43]), Buffer.alloc(65, 1)]);
    const photo = Buffer.concat([Buffer.from([0xff, 0xd8]), app1, quantisation, Buffer.alloc(3_900_000, 0x42), Buffer.from([0xff, 0xd9])]);
    const boundary = 'attacksuiteboundary';
    const part = (name: string) => Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`), photo, Buffer.from('\r\n')]);
    const body = Buffer.concat([part('front-nationality-license'), part('back-nationality-license'), Buffer.from(`--${boundary}--\r\n`)]);

    const workers = [site.child.pid!];
    const baseline = Math.max(...workers.map((pid) => memoryOf(pid).rss));
    let peak = baseline;
    const sampler = setInterval(() => {
      for (const pid of workers) peak = Math.max(peak, memoryOf(pid).rss);
    }, 20);
    await sandboxHook('/__sandbox/slow', { ms: 1_500 }, codes.url);
    const uploads = 16;
    let answers;
    try {
      answers = await Promise.all(
        Array.from({ length: uploads }, () =>
          send(site.url, 'POST', '/api/v1/customers/upload-nationality-docs', {
            body,
            headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'X-XSRF-TOKEN': browser.cookies!.get('XSRF-TOKEN')!, 'Sec-Fetch-Site': 'same-origin' },
            client: browser,
          }),
        ),
      );
    } finally {
      await sandboxHook('/__sandbox/slow', { ms: 0 }, codes.url);
      clearInterval(sampler);
    }
    const busy = answers.filter((answer) => answer.status === 503);
    const accepted = answers.filter((answer) => answer.status === 200);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy.length).toBeLessThan(uploads);
    expect(accepted.length, answers.map((answer) => `${answer.status} ${answer.text.slice(0, 120)}`).join('\n')).toBeGreaterThanOrEqual(1);
    expect(Number(busy[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(busy[0]!.json().message).toMatch(/^Şu anda çok fazla dosya yükleniyor\./);
    // Besides 503: the one that went through and those the sandbox refused as already sent (409).
    for (const answer of answers) expect([200, 409, 503]).toContain(answer.status);
    const peakMb = Math.round(((peak - baseline) / 1e6) * 10) / 10;
    // Two slots of one upload each (2 x 3.9 MB, held once), plus the parser's and GC's slack.
    expect(peakMb).toBeLessThan(120);

    // What reached the sandbox has no GPS position.
    const profile = (await send(site.url, 'GET', '/api/session/profile', { client: browser })).json().data as { data: { confirm_nationality: { front: { data: { url: string } | null } } } };
    const front = profile.data.confirm_nationality.front.data?.url;
    expect(front).toBeTruthy();
    const stored = Buffer.from(await (await fetch(front!)).arrayBuffer());
    expect(stored.length).toBe(photo.length - app1.length);
    expect(stored.includes(Buffer.from('GPSLatitude'))).toBe(false);
    figures.uploadFlood = {
      concurrent: uploads,
      bytesEach: body.length,
      accepted: accepted.length,
      busy503: busy.length,
      refused409: answers.filter((answer) => answer.status === 409).length,
      workerRssBaselineMb: Math.round(baseline / 1e6),
      workerRssPeakOverBaselineMb: peakMb,
    };
  });
});

test.describe('no 500 for bad input (fast-check)', () => {
  const user = {
    user_id: 7,
    data: { name: 'Deneme', surname: 'Kişi', phone: '+90 (532) 000 00 09', mail: 'd@example.com', nationality_type: 1, nationality_number: '10000000146', gender: 1, birthdate: 0, mother_name: 'A', father_name: 'B', confirm_nationality: { status: 0, front: { data: null }, back: { data: null }, message: null } },
    subscriptions: [],
  };
  let upstream: StubUpstream;
  let site: Site;

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    upstream = await startStubUpstream(user);
    // Budgets raised: this property is about validation, the limits have their own tests above.
    site = await startLoggedSite({ API_BASE_URL: upstream.url, RATE_LIMIT_FACTOR: '1000' });
  });

  test.afterAll(async () => {
    await site?.stop();
    await upstream?.stop();
  });

  test('random bodies, cookies and headers on every described call and the session routes: a 4xx envelope, never a 5xx, never an upstream call for an invalid body', async () => {
    test.setTimeout(120_000);
    let requests = 0;
    const signedIn: Client = { address: '127.0.80.1', cookies: jar() };
    expect((await bff(site.url, '/customers/auth', { form_security_hash: 'a'.repeat(20), sms_code: '123456' }, signedIn)).status).toBe(200);

    // Header values a client can send (printable ASCII): junk, bad escapes, other content types.
    const junkHeader = fc.oneof(
      fc.string({ maxLength: 40 }).map((value) => value.replace(/[^\x20-\x7e]/g, '')),
      fc.constantFrom('', 'en', 'tr-TR', '%E0%A4%A', 'null', 'multipart/form-data', 'application/json; charset=x'),
    );
    const body = fc.oneof(
      fc.json({ maxDepth: 3 }),
      fc.string({ maxLength: 200 }),
      fc.constantFrom('', '{', '[]', 'null', '{"__proto__":{"x":1}}', '{"nationality_number":"1"}', '\u0000'),
      fc.dictionary(fc.constantFrom('nationality_number', 'phone', 'mail', 'sms_code', 'form_security_hash', 'type', 'parent_id', 'fullname', 'message', 'service_number'), fc.anything({ maxDepth: 1 })).map((value) => JSON.stringify(value)),
    );
    const post = apiCallNames.filter((name) => apiCalls[name].method === 'POST' && 'schema' in apiCalls[name]);

    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...post), body, junkHeader, junkHeader, fc.boolean(), fc.boolean(), async (name, text, language, cookie, withSession, badXsrf) => {
        const call = apiCalls[name] as { path: string; schema: { safeParse(value: unknown): { success: boolean } } };
        const before = upstream.total();
        const cookies = new Map(withSession ? signedIn.cookies : []);
        // A malformed escape in the XSRF cookie answered 500 before.
        const xsrf = badXsrf ? '%E0%A4%A' : (cookies.get('XSRF-TOKEN') ?? 'attack-suite-xsrf');
        cookies.set('XSRF-TOKEN', xsrf);
        cookies.set('junk', cookie.replace(/[;\s]/g, ''));
        const answer = await send(site.url, 'POST', `/api/v1${call.path}`, {
          body: text,
          headers: { 'Content-Type': 'application/json', 'Accept-Language': language, 'X-XSRF-TOKEN': xsrf, 'Sec-Fetch-Site': 'same-origin' },
          client: { address: '127.0.80.2', cookies },
        });
        requests += 1;
        expect(answer.status, `${name} ${text}`).toBeLessThan(500);
        expect(answer.json().status).toBe(answer.status === 200);
        let valid = false;
        try {
          valid = call.schema.safeParse(JSON.parse(text)).success;
        } catch {
          valid = false;
        }
        if (!valid) {
          expect(answer.status, `${name} ${text}`).toBeGreaterThanOrEqual(400);
          expect(upstream.total(), `${name} reached the upstream with ${text}`).toBe(before);
        }
      }),
      { numRuns: 400, seed: 17 },
    );

    // Uploads: malformed multipart bodies and content types, signed in.
    const before = upstream.total();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/customers/upload-nationality-docs', '/customers/upload-subscription-docs'),
        fc.oneof(fc.constant('multipart/form-data'), fc.constant('multipart/form-data; boundary='), fc.string({ maxLength: 30 }).map((b) => `multipart/form-data; boundary=${b}`), junkHeader),
        fc.oneof(fc.string({ maxLength: 300 }), fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString('latin1'))),
        async (target, type, text) => {
          const answer = await send(site.url, 'POST', `/api/v1${target}`, {
            body: Buffer.from(text, 'latin1'),
            headers: { 'Content-Type': type, 'X-XSRF-TOKEN': signedIn.cookies!.get('XSRF-TOKEN')!, 'Sec-Fetch-Site': 'same-origin' },
            client: signedIn,
          });
          requests += 1;
          expect(answer.status, `${type} ${JSON.stringify(text)}`).toBeGreaterThanOrEqual(400);
          expect(answer.status, `${type} ${JSON.stringify(text)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 80, seed: 17 },
    );
    expect(upstream.total()).toBe(before);

    // The session routes and the GET calls with junk cookies (a forged session, a bad escape) and queries.
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET /api/session', 'DELETE /api/session', 'GET /api/session/profile', 'GET /api/session/modem', 'GET /api/v1/get-settings', 'GET /api/v1/app-settings/countries', 'PUT /api/v1/customers/auth', 'GET /api/v1/../session'),
        fc.string({ maxLength: 60 }),
        fc.string({ maxLength: 20 }),
        async (route, cookie, query) => {
          const [method, target] = route.split(' ') as [string, string];
          const answer = await send(site.url, method, `${target}?subscription_id=${encodeURIComponent(query)}`, {
            headers: {
              Cookie: `ob_session=${encodeURIComponent(cookie)}; ob_device=Fe26.2*${encodeURIComponent(cookie)}; XSRF-TOKEN=%E0%A4%A${encodeURIComponent(cookie)}`,
              'X-XSRF-TOKEN': cookie.replace(/[^\x20-\x7e]/g, ''),
              'Sec-Fetch-Site': 'same-origin',
            },
            client: { address: '127.0.80.3' },
          });
          requests += 1;
          expect(answer.status, `${route} ${cookie}`).toBeLessThan(500);
        },
      ),
      { numRuns: 120, seed: 17 },
    );
    figures.fuzz = { requests, fiveHundreds: 0 };
  });
});

test.describe('limits that survive scale-out and faults (Redis)', () => {

  test('two instances share the counts, a restart keeps them, and without Redis each instance counts in memory and says so once', async () => {
    test.setTimeout(120_000);
    const upstream = await startStubUpstream({});
    const redis = await startRedis();
    const env = { API_BASE_URL: upstream.url, REDIS_URL: redis.url };
    let a = await startLoggedSite(env);
    const b = await startLoggedSite(env);
    try {
      const contact = (site: Site, address: string) => bff(site.url, '/forms/contact-form', { fullname: 'Deneme Kişi', phone: `+90 (532) 111 22 ${String(Math.floor(Math.random() * 90) + 10)}`, message: '' }, { address });
      const shared = [];
      for (let i = 0; i < 8; i++) shared.push((await contact(i % 2 ? b : a, '127.0.70.1')).status);
      expect(shared.filter((status) => status === 200)).toHaveLength(budgets.contactIp);

      // A restart of one instance keeps the counts.
      const port = a.port;
      await a.stop();
      a = await startLoggedSite(env, port);
      expect((await contact(a, '127.0.70.1')).status).toBe(429);

      // Redis stops: still limited, per instance, and the log says so once.
      await redis.stop();
      const alone = [];
      for (let i = 0; i < 8; i++) alone.push((await contact(b, '127.0.70.2')).status);
      expect(alone.filter((status) => status === 200)).toHaveLength(budgets.contactIp);
      expect(alone.slice(budgets.contactIp).every((status) => status === 429)).toBe(true);
      expect(b.log().match(/rate limits: Redis unreachable/g) ?? []).toHaveLength(1);
      figures.redis = { instances: 2, sharedAllowed: budgets.contactIp, sentAcrossBoth: shared.length, afterRestart: 429, withoutRedisAllowed: budgets.contactIp, logLines: 1 };
    } finally {
      await a.stop();
      await b.stop();
      await redis.stop();
      await upstream.stop();
    }
  });
});

test.describe('logout that holds through a Redis outage and a restart (Redis)', () => {
  test('a logged-out cookie stays out while Redis is down, once it is back, and after an instance restarted during the outage', async () => {
    test.setTimeout(120_000);
    const upstream = await startStubUpstream(STUB_CUSTOMER);
    const redis = await startRedis();
    const env = { API_BASE_URL: upstream.url, REDIS_URL: redis.url, RATE_LIMIT_FACTOR: '10' };
    let a = await startLoggedSite(env);
    const b = await startLoggedSite(env);
    const logIn = async (address: string): Promise<Client> => {
      const browser: Client = { address, cookies: jar() };
      const auth = await bff(a.url, '/customers/auth', { form_security_hash: 'a'.repeat(20), sms_code: '123456' }, browser);
      expect(auth.status, auth.text).toBe(200);
      return browser;
    };
    const signedIn = async (site: Site, browser: Client) => (await send(site.url, 'GET', '/api/session', { client: { cookies: new Map(browser.cookies) } })).json().data !== null;
    const logOut = (site: Site, browser: Client) =>
      send(site.url, 'DELETE', '/api/session', { headers: { 'X-XSRF-TOKEN': browser.cookies!.get('XSRF-TOKEN')!, 'Sec-Fetch-Site': 'same-origin' }, client: browser });
    try {
      // Logged out while Redis answers; a copy of the cookie kept.
      const first = await logIn('127.0.75.1');
      const firstCopy: Client = { cookies: new Map(first.cookies) };
      expect(await signedIn(b, firstCopy)).toBe(true);
      expect((await logOut(a, first)).status).toBe(200);
      expect(await signedIn(b, firstCopy)).toBe(false);
      const second = await logIn('127.0.75.2');
      const secondCopy: Client = { cookies: new Map(second.cookies) };

      // Redis stops: nothing comes back to life (the case), and the instances say why.
      await redis.stop();
      expect(await signedIn(a, firstCopy)).toBe(false);
      expect(await signedIn(b, firstCopy)).toBe(false);
      // A logout that cannot be written, then a restart of that instance while Redis is still down.
      expect((await logOut(a, second)).status).toBe(200);
      const port = a.port;
      await a.stop();
      a = await startLoggedSite(env, port);

      // Redis is back (empty): the logged-out copies stay out on both instances; a new login holds.
      await redis.start();
      await expect.poll(async () => signedIn(b, await logIn('127.0.75.3')), { timeout: 15_000 }).toBe(true);
      for (const site of [a, b]) {
        expect(await signedIn(site, firstCopy)).toBe(false);
        expect(await signedIn(site, secondCopy)).toBe(false);
      }
      expect(b.log()).toMatch(/sessions: Redis unreachable, every session counts as logged out/);
      figures.logoutThroughOutage = { revivedDuringOutage: 0, revivedAfterRestartAndReturn: 0 };
    } finally {
      await a.stop();
      await b.stop();
      await redis.stop();
      await upstream.stop();
    }
  });
});

test.describe('uploads that cannot hold the door', () => {
  test('slow bodies from several accounts are cut off at the deadline and a customer\'s upload goes through; no length, no upload', async () => {
    test.setTimeout(90_000);
    const upstream = await startStubUpstream(STUB_CUSTOMER);
    const site = await startLoggedSite({ API_BASE_URL: upstream.url, UPLOADS_IN_FLIGHT: '2', UPLOAD_DEADLINE_SECONDS: '3', RATE_LIMIT_FACTOR: '10' });
    const logIn = async (address: string): Promise<Client> => {
      const browser: Client = { address, cookies: jar() };
      const auth = await bff(site.url, '/customers/auth', { form_security_hash: 'a'.repeat(20), sms_code: '123456' }, browser);
      expect(auth.status, auth.text).toBe(200);
      return browser;
    };
    const boundary = 'slowuploadboundary';
    const photo = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0x00, 0x43]), Buffer.alloc(65, 1), Buffer.alloc(20_000, 0x42), Buffer.from([0xff, 0xd9])]);
    const part = (name: string) => Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`), photo, Buffer.from('\r\n')]);
    const body = Buffer.concat([part('front-nationality-license'), part('back-nationality-license'), Buffer.from(`--${boundary}--\r\n`)]);
    const uploadHeaders = (client: Client) => ({
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'X-XSRF-TOKEN': client.cookies!.get('XSRF-TOKEN')!,
      'Sec-Fetch-Site': 'same-origin',
      Cookie: [...client.cookies!].map(([name, value]) => `${name}=${value}`).join('; '),
    });
    const path = '/api/v1/customers/upload-nationality-docs';
    const upload = (client: Client) => send(site.url, 'POST', path, { body, headers: uploadHeaders(client), client });
    /** The whole body announced, its first bytes sent, then one byte every half second. */
    const slowUpload = (client: Client) => {
      const url = new URL(site.url);
      const request = http.request({ host: url.hostname, port: url.port, path, method: 'POST', localAddress: client.address, agent: false, headers: { ...uploadHeaders(client), 'Content-Length': String(body.length) } });
      request.write(body.subarray(0, 200));
      let sent = 200;
      const timer = setInterval(() => request.write(body.subarray(sent, ++sent)), 500);
      const answer = new Promise<{ status: number; connection?: string }>((resolve) => {
        request.on('response', (response) => {
          clearInterval(timer);
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection });
          response.resume();
        });
        request.on('error', () => resolve({ status: 0 }));
      });
      return { answer, stop: () => (clearInterval(timer), request.destroy()) };
    };
    try {
      const attackers = await Promise.all(['127.0.96.1', '127.0.96.2', '127.0.96.3'].map(logIn));
      const customer = await logIn('127.0.96.9');
      const slow = attackers.map(slowUpload);
      try {
        // Both slots held by slow bodies: the customer waits, told when to try again.
        await expect.poll(async () => (await upload(customer)).status, { timeout: 5_000 }).toBe(503);
        // Cut off at the deadline: the slots are free again for the customer.
        const freedAt = Date.now();
        await expect.poll(async () => (await upload(customer)).status, { timeout: 10_000, intervals: [500] }).toBe(200);
        const answers = await Promise.all(slow.map(({ answer }) => answer));
        expect(answers.filter(({ status }) => status === 408)).toHaveLength(2);
        expect(answers.filter(({ status }) => status === 503)).toHaveLength(1);
        // Refused or cut off, the rest of the body is never read: the connection closes.
        expect(answers.map(({ connection }) => connection)).toEqual(['close', 'close', 'close']);
        figures.slowUploads = { slowBodies: 3, cutOffAt408: 2, refused503: 1, customerWaitedMs: Date.now() - freedAt };
      } finally {
        for (const { stop } of slow) stop();
      }

      // An upload whose size is not announced is refused before it is read.
      const chunked = await new Promise<{ status: number; connection?: string }>((resolve) => {
        const url = new URL(site.url);
        const request = http.request({ host: url.hostname, port: url.port, path, method: 'POST', agent: false, headers: { ...uploadHeaders(customer), 'Transfer-Encoding': 'chunked' } });
        request.on('response', (response) => {
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection });
          response.resume();
        });
        request.on('error', () => resolve({ status: 0 }));
        request.end(body);
      });
      expect(chunked).toEqual({ status: 411, connection: 'close' });
    } finally {
      await site.stop();
      await upstream.stop();
    }
  });
});

test.describe('a strict production posture', () => {
  test('a production start without an upstream, with an http upstream, a short secret or the sandbox token stops with one line', async () => {
    test.setTimeout(120_000);
    const secret = 's'.repeat(40);
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ SESSION_SECRET: secret }, /^Missing environment variable API_BASE_URL: a production start needs its upstream/m],
      [{ SESSION_SECRET: secret, API_BASE_URL: 'http://api.example.com', API_SERVICE_TOKEN: 't', SITE_URL: 'https://x.example' }, /^Invalid environment variable API_BASE_URL: must be https/m],
      [{ SESSION_SECRET: 'short', DEMO: '1' }, /^Invalid environment variable SESSION_SECRET/m],
      [{ SESSION_SECRET: secret, API_BASE_URL: 'https://api.example.com', SITE_URL: 'https://x.example' }, /^Invalid environment variable API_SERVICE_TOKEN/m],
    ];
    for (const [env, line] of cases) {
      const { code, output } = await refusedStart(env);
      expect(code, output).toBe(78);
      expect(output).toMatch(line);
    }
  });

  test('Next.js\'s server lets calls in flight finish on SIGTERM', async () => {
    test.setTimeout(90_000);
    const upstream = await startStubUpstream({}, 3_000);
    const site = await startLoggedSite({ API_BASE_URL: upstream.url });
    try {
      const inFlight = bff(site.url, '/forms/contact-form', { fullname: 'Deneme Kişi', phone: '+90 (532) 111 22 33', message: '' }, { address: '127.0.90.1' });
      await expect.poll(() => upstream.total(), { timeout: 10_000 }).toBeGreaterThan(0);
      site.child.kill('SIGTERM');
      const answer = await inFlight;
      expect(answer.status).toBe(200);
    } finally {
      await site.stop();
      await upstream.stop();
    }
  });

  test('the session cookie is __Host- over HTTPS and CSP covers every page', async () => {
    const upstream = await startStubUpstream(STUB_CUSTOMER);
    const site = await startLoggedSite({ API_BASE_URL: upstream.url, SESSION_COOKIE_SECURE: 'true', RATE_LIMIT_FACTOR: '10' });
    try {
      const browser: Client = { address: '127.0.91.1', cookies: jar() };
      const login = await bff(site.url, '/customers/auth', { form_security_hash: 'a'.repeat(20), sms_code: '123456' }, browser);
      const cookies = ([] as string[]).concat(login.headers['set-cookie'] ?? []);
      expect(cookies.find((line) => line.startsWith('__Host-ob_session='))).toMatch(/; Path=\/;.*Secure/i);
      expect(cookies.find((line) => line.startsWith('__Host-ob_session='))).not.toMatch(/Domain=/i);
      expect(cookies.find((line) => line.startsWith('__Host-ob_device='))).toMatch(/Secure/);
      const page = await send(site.url, 'GET', '/');
      expect(page.headers['content-security-policy']).toBeTruthy();
    } finally {
      await site.stop();
      await upstream.stop();
    }
  });

  test('npm start without --demo and without an upstream refuses at once', async () => {
    const { spawnSync } = await import('node:child_process');
    const env: Record<string, string | undefined> = { ...process.env, PORT: String(await closedPort()) };
    delete env.API_BASE_URL;
    delete env.DEMO;
    const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'start.mjs')], { env: env as NodeJS.ProcessEnv, encoding: 'utf8', timeout: 20_000 });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^Missing environment variable API_BASE_URL/m);
  });
});
