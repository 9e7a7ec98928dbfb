import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMMITMENT } from '@/testing/consents';
import { type ApiCallName, apiCalls } from '@/lib/api/calls';
import { type Plan, type Received, type StandInUpstream, startPlannedUpstream } from '@/testing/stand-in-upstream';

/**
 * The filing query (lib/bff/handle.ts, handleFilingQuery; app/api/filing): what became of a filing
 * call that outlasted API_TIMEOUT_MS, asked by the browser that made it, against an upstream on
 * loopback that answers late. Outside a Next.js request `cookies()` has no store, so next/headers is
 * given a plain cookie jar.
 */
const jar = vi.hoisted(() => ({ cookies: new Map<string, string>() }));
vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => (jar.cookies.has(name) ? { name, value: jar.cookies.get(name)! } : undefined),
    getAll: () => [...jar.cookies].map(([name, value]) => ({ name, value })),
    set: (name: string, value: string, options?: { maxAge?: number }) => {
      if (!value || options?.maxAge === 0) jar.cookies.delete(name);
      else jar.cookies.set(name, value);
    },
  }),
}));

let received: Received[];
const plans = new Map<string, Plan[]>();
const USER = { user_id: 501, data: { name: 'Ayşe', surname: 'Yılmaz', nationality_number: '10000000146', confirm_nationality: { status: 2 } }, subscriptions: [] };
/** Past the API_TIMEOUT_MS below: the filing call answers 504 and goes on. */
const LATE = 700;
let upstream: StandInUpstream;
let handle: typeof import('@/lib/bff/handle');
const savedEnv = { ...process.env };

beforeAll(async () => {
  upstream = await startPlannedUpstream(plans, { status: true, data: null });
  received = upstream.received;
  Object.assign(process.env, {
    API_BASE_URL: upstream.url,
    SESSION_SECRET: 'b'.repeat(40),
    LOG_LEVEL: 'silent',
    API_TIMEOUT_MS: '300',
    TRUSTED_PROXY_HOPS: '0',
    RATE_LIMIT_FACTOR: '1',
    RATE_LIMIT_READS_PER_IP: '8',
  });
  handle = await import('@/lib/bff/handle');
});

afterAll(async () => {
  process.env = savedEnv;
  await upstream.close();
});

let address = 0;
let formHash = '';
beforeEach(() => {
  received.length = 0;
  plans.clear();
  jar.cookies.clear();
  // Each test its own client address and form, so that no test spends another's budget or outcome.
  address += 1;
  formHash = `late-form-${address}`;
});

const XSRF = { 'X-XSRF-TOKEN': 'abc', 'Sec-Fetch-Site': 'same-origin' };
const cookieHeader = (browser = 'abc') => [`XSRF-TOKEN=${browser}`, ...[...jar.cookies].map(([name, value]) => `${name}=${value}`)].join('; ');
const plan = (name: ApiCallName, ...answers: Plan[]) => plans.set(apiCalls[name].path, answers);

/** The filing call itself, as the wizard's last step sends it. */
async function file(name: ApiCallName = 'registerStep4') {
  const { consents } = await import('@/messages/tr.json');
  const body = { form_security_hash: formHash, consents: { kvkk: consents.kvkk.version, contract: consents.contract.version, marketing: false, commitment: COMMITMENT } };
  const { method, path } = apiCalls[name];
  const request = new Request(`http://site.test/api/v1${path}`, {
    method,
    headers: { ...XSRF, Cookie: cookieHeader(), 'X-Forwarded-For': `198.51.100.${address}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return handle.handleApiRequest(request, path.split('/').filter(Boolean));
}

/** The browser's question: what became of this form's filing? */
function ask(body: unknown = { form_security_hash: formHash }, { browser = 'abc', headers = {}, language = 'tr' }: { browser?: string; headers?: Record<string, string>; language?: 'tr' | 'en' } = {}) {
  return handle.handleFilingQuery(
    new Request('http://site.test/api/filing', {
      method: 'POST',
      headers: {
        ...XSRF,
        'X-XSRF-TOKEN': browser,
        Cookie: cookieHeader(browser),
        'X-Forwarded-For': `198.51.100.${address}`,
        'Accept-Language': language === 'en' ? 'en-US' : 'tr-TR',
        'Content-Type': 'application/json',
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

async function answer(response: Response) {
  return { status: response.status, body: await response.json() };
}

/** Asks once the upstream's late answer has been kept (waiting for it spends no budget). */
async function askOnceAnswered() {
  const { filingOutcome } = await import('@/lib/bff/filing');
  await vi.waitFor(async () => expect((await filingOutcome(formHash, 'abc'))?.state).not.toBe('pending'), { timeout: 1_500, interval: 10 });
  return ask();
}

const TIMEOUT_TR = 'Sunucu zamanında yanıt vermedi. Lütfen daha sonra tekrar deneyin.';
const INVALID_TR = 'Gönderilen bilgiler eksik veya hatalı.';

describe('the filing query', () => {
  it('says a filing is still pending, then gives its answer as the call would have, once: the session starts here', async () => {
    const { getLogger } = await import('@/lib/server/logger');
    const info = vi.spyOn(getLogger(), 'info').mockImplementation((() => undefined) as never);
    const subscription = { subscription_id: 900 + address, data: { product: { name: 'Limitsiz Fiber 100' } } };
    plan('registerStep4', { delayMs: LATE, body: { status: true, hash: 'next', data: { token: 'secret-token', user: { ...USER, subscriptions: [subscription] } } } });
    expect((await file()).status).toBe(504);
    expect(await answer(await ask())).toEqual({ status: 202, body: { status: false, details: { filing_pending: true } } });
    expect(jar.cookies.size).toBe(0);
    const { status, body } = await answer(await askOnceAnswered());
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: true, hash: 'next', data: { user_id: 501, data: { name: 'Ayşe' } } });
    expect(JSON.stringify(body)).not.toContain('secret-token');
    expect(jar.cookies.size).toBe(1);
    // Told once: the answer starts a session at most once.
    expect(await answer(await ask())).toEqual({ status: 404, body: { status: false, message: TIMEOUT_TR, details: { filing_unknown: true } } });
    expect(received).toHaveLength(1);
    // What a late answer leaves behind, as one in time does: the consents' audit line and the accepted texts.
    expect(info.mock.calls.filter(([line]) => (line as { audit?: string }).audit === 'consent_accepted')).toEqual([
      [expect.objectContaining({ call: 'registerStep4', formHash }), 'consent accepted'],
    ]);
    const { readAcceptedDocuments } = await import('@/lib/documents/accepted');
    await vi.waitFor(async () => expect(await readAcceptedDocuments(subscription.subscription_id)).toMatchObject({ subscriptionId: subscription.subscription_id }));
    info.mockRestore();
  });

  it('tells a filing whose late answer was lost as filed, never to be sent again', async () => {
    plan('registerStep4', 'reset', { delayMs: LATE, status: 400, body: { status: false, details: { reason: 'form_invalid' } } });
    expect((await file()).status).toBe(504);
    const { status, body } = await answer(await askOnceAnswered());
    expect(status).toBe(502);
    expect(body.details).toEqual({ filed_unanswered: true });
    expect((await ask()).status).toBe(404);
  });

  it('knows nothing of a filing that got no answer, one never made, or another browser’s', async () => {
    plan('registerStep4', { delayMs: LATE, raw: '<html>oops</html>' });
    expect((await file()).status).toBe(504);
    expect((await ask(undefined, { browser: 'other' })).status).toBe(404);
    const { status, body } = await answer(await askOnceAnswered());
    expect({ status, body }).toEqual({ status: 404, body: { status: false, message: TIMEOUT_TR, details: { filing_unknown: true } } });
    expect(await answer(await ask({ form_security_hash: 'never-filed' }, { language: 'en' }))).toEqual({
      status: 404,
      body: { status: false, message: 'The server did not answer in time. Please try again later.', details: { filing_unknown: true } },
    });
  });

  it('gives a customer’s late answer with the session the customer has', async () => {
    plan('auth', { body: { status: true, data: { token: 'customer-token', user: USER } } });
    const login = await handle.handleApiRequest(
      new Request(`http://site.test/api/v1${apiCalls.auth.path}`, {
        method: 'POST',
        headers: { ...XSRF, Cookie: cookieHeader(), 'X-Forwarded-For': `198.51.100.${address}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ form_security_hash: `login-${address}`, sms_code: '123456' }),
      }),
      apiCalls.auth.path.split('/').filter(Boolean),
    );
    expect(login.status).toBe(200);
    plan('authRegisterStep2', { delayMs: LATE, status: 401, body: { status: false, message: 'Unauthenticated.' } });
    const { consents } = await import('@/messages/tr.json');
    const { method, path } = apiCalls.authRegisterStep2;
    const filed = await handle.handleApiRequest(
      new Request(`http://site.test/api/v1${path}`, {
        method,
        headers: { ...XSRF, Cookie: cookieHeader(), 'X-Forwarded-For': `198.51.100.${address}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          form_security_hash: formHash,
          product_id: 3,
          pre_price_paid_type: 0,
          subscription_type: 1,
          consents: { kvkk: consents.kvkk.version, contract: consents.contract.version, marketing: false, commitment: COMMITMENT },
        }),
      }),
      path.split('/').filter(Boolean),
    );
    expect(filed.status).toBe(504);
    expect(received.at(-1)!.headers.authorization).toBe('Bearer customer-token');
    // The upstream's late 401 ends the customer's session, as the call's own answer would have, and accepts nothing.
    const { getLogger } = await import('@/lib/server/logger');
    const info = vi.spyOn(getLogger(), 'info').mockImplementation((() => undefined) as never);
    const { status, body } = await answer(await askOnceAnswered());
    expect(info.mock.calls.filter(([line]) => (line as { audit?: string }).audit === 'consent_accepted')).toEqual([]);
    info.mockRestore();
    expect(status).toBe(401);
    expect(body.details).toEqual({ session_expired: true });
    expect(jar.cookies.size).toBe(0);
  });

  it('is asked as a BFF call is: from our own pages, with a form hash of 1 to 128 characters in a small JSON body', async () => {
    const refused = (status: number, message: string) => ({ status, body: { status: false, message } });
    expect(await answer(await ask(undefined, { headers: { 'X-XSRF-TOKEN': 'forged' } }))).toEqual(
      refused(403, 'Bu istek güvenlik nedeniyle reddedildi. Lütfen sayfayı yenileyip tekrar deneyin.'),
    );
    for (const body of [{}, { form_security_hash: '' }, { form_security_hash: 7 }, { form_security_hash: 'h'.repeat(129) }, null]) {
      expect(await answer(await ask(body)), JSON.stringify(body)).toEqual(refused(400, INVALID_TR));
    }
    address += 1;
    expect(await answer(await ask('{not json'))).toEqual(refused(400, INVALID_TR));
    expect((await ask({ form_security_hash: 'h'.repeat(2_000) })).status).toBe(413);
    // A body that breaks off is no refusal of ours: the route's own failure.
    const broken = new ReadableStream<Uint8Array>({ start: (controller) => controller.error(new Error('connection lost')) });
    const init = { method: 'POST', body: broken, duplex: 'half', headers: { ...XSRF, Cookie: cookieHeader(), 'X-Forwarded-For': `198.51.100.${address}`, 'Content-Type': 'application/json' } };
    await expect(handle.handleFilingQuery(new Request('http://site.test/api/filing', init as RequestInit))).rejects.toThrow('connection lost');
    expect((await ask({ form_security_hash: 'h'.repeat(128) })).status).toBe(404);
    expect((await ask({ form_security_hash: 'h' })).status).toBe(404);
  });

  it('counts against the client’s read budget, answering 429 with Retry-After once it is spent', async () => {
    const statuses = [];
    for (let i = 0; i < 9; i += 1) statuses.push(await ask({ form_security_hash: `unknown-${i}` }));
    expect(statuses.map((response) => response.status)).toEqual([...Array<number>(8).fill(404), 429]);
    expect(Number(statuses[8]!.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});
