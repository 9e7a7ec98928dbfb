import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMMITMENT } from '@/testing/consents';
import { type ApiCallName, apiCalls } from '@/lib/api/calls';
import { type Plan, type Received, type StandInUpstream, startPlannedUpstream } from '@/testing/stand-in-upstream';

/**
 * What the backend-for-frontend answers the browser (lib/bff/handle.ts), for each thing an upstream
 * on loopback may answer: a refusal, a wait, a token, nothing in time, a reset connection. Outside a
 * Next.js request `cookies()` has no store, so next/headers is given a plain cookie jar.
 */
const jar = vi.hoisted(() => ({ cookies: new Map<string, string>(), broken: false, unwritable: false }));
vi.mock('next/headers', () => ({
  cookies: async () => {
    if (jar.broken) throw new Error('no cookie store');
    return {
      get: (name: string) => (jar.cookies.has(name) ? { name, value: jar.cookies.get(name)! } : undefined),
      getAll: () => [...jar.cookies].map(([name, value]) => ({ name, value })),
      set: (name: string, value: string, options?: { maxAge?: number }) => {
        if (jar.unwritable) throw new Error('cookie store closed');
        if (!value || options?.maxAge === 0) jar.cookies.delete(name);
        else jar.cookies.set(name, value);
      },
    };
  },
}));

let received: Received[];
/** What the upstream answers next, by path; an address list otherwise. */
const plans = new Map<string, Plan[]>();
const USER = { user_id: 501, data: { name: 'Ayşe', surname: 'Yılmaz', nationality_number: '10000000146', confirm_nationality: { status: 2 } }, subscriptions: [] };
let upstream: StandInUpstream;
let handleApiRequest: typeof import('@/lib/bff/handle').handleApiRequest;
const savedEnv = { ...process.env };

beforeAll(async () => {
  upstream = await startPlannedUpstream(plans, { status: true, data: [{ value: 1, text: 'Adana' }] });
  received = upstream.received;
  // API_TIMEOUT_MS is short because two tests wait it out, and Stryker runs this file for most of
  // lib/bff's mutants.
  Object.assign(process.env, {
    API_BASE_URL: upstream.url,
    SESSION_SECRET: 'a'.repeat(40),
    LOG_LEVEL: 'silent',
    API_TIMEOUT_MS: '300',
    TRUSTED_PROXY_HOPS: '0',
    UPLOADS_IN_FLIGHT: '1',
    RATE_LIMIT_FACTOR: '1',
    RATE_LIMIT_CODES_PER_TARGET: '1',
    RATE_LIMIT_UPLOADS_PER_CUSTOMER: '1',
  });
  ({ handleApiRequest } = await import('@/lib/bff/handle'));
});

afterAll(async () => {
  process.env = savedEnv;
  await upstream.close();
});

let address = 0;
beforeEach(() => {
  received.length = 0;
  plans.clear();
  jar.cookies.clear();
  jar.broken = false;
  jar.unwritable = false;
  // Each test its own client address, so that no test spends another's budgets.
  address += 1;
});

const XSRF = { Cookie: 'XSRF-TOKEN=abc', 'X-XSRF-TOKEN': 'abc', 'Sec-Fetch-Site': 'same-origin' };
const cookieHeader = () => [XSRF.Cookie, ...[...jar.cookies].map(([name, value]) => `${name}=${value}`)].join('; ');

function call(name: ApiCallName | { method: string; path: string }, body?: unknown, { language = 'tr', headers = {} }: { language?: 'tr' | 'en'; headers?: Record<string, string> } = {}) {
  const { method, path } = typeof name === 'string' ? apiCalls[name] : name;
  const request = new Request(`http://site.test/api/v1${path}`, {
    method,
    headers: {
      ...XSRF,
      Cookie: cookieHeader(),
      'Accept-Language': language === 'en' ? 'en-US,en;q=0.9' : 'tr-TR',
      'X-Forwarded-For': `198.51.100.${address}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return handleApiRequest(request, path.split('/').filter(Boolean));
}

async function answer(response: Response) {
  return { status: response.status, body: await response.json() };
}

const plan = (path: string, ...answers: Plan[]) => plans.set(path, answers);
const contact = { fullname: 'Ayşe Yılmaz', phone: '+90 (212) 555 00 11', message: 'Beni arayın.' };
/** An address step: its budget (300 in 10 minutes) leaves room for every answer tried here. */
const step = 'registerStep1' as const;
const stepPath = apiCalls.registerStep1.path;
const addressStep = {
  address_province: 34,
  address_district: 1,
  address_township: 2,
  address_village: 3,
  address_neighborhood: 4,
  address_street: 5,
  address_building: 6,
  address_floor: '7000000001',
  address_bbk: '7000000001',
};
const refusal = (status: number, message: string, details?: Record<string, unknown>) => ({ status, body: { status: false, message, ...(details ? { details } : {}) } });

describe('calls the spec does not describe', () => {
  it('are not found, or not allowed under another method, and reach no upstream', async () => {
    const unknown = await call({ method: 'POST', path: '/customers/unknown' }, {});
    expect(await answer(unknown)).toEqual(refusal(404, 'İstenen işlem bulunamadı.'));
    expect(unknown.headers.get('X-Request-Id')).toMatch(/^[0-9a-f]{32}$/);
    const wrongMethod = await call({ method: 'GET', path: apiCalls.contactForm.path }, undefined, { language: 'en' });
    expect(await answer(wrongMethod)).toEqual(refusal(405, 'This operation cannot be done with this method.'));
    expect(wrongMethod.headers.get('Allow')).toBe('GET, POST');
    expect(wrongMethod.headers.get('Cache-Control')).toBe('no-store');
    // token-auth is the server's own call.
    expect(await answer(await call('tokenAuth', { token: 't' }))).toEqual(refusal(404, 'İstenen işlem bulunamadı.'));
    expect(received).toEqual([]);
  });

  it('refuse a state change that does not come from our own pages', async () => {
    const response = await call('contactForm', contact, { headers: { 'X-XSRF-TOKEN': 'other' }, language: 'en' });
    expect(await answer(response)).toEqual(refusal(403, 'This request was refused for security reasons. Please reload the page and try again.'));
    expect(received).toEqual([]);
  });
});

describe('what reaches the upstream', () => {
  it('the language, the client address and the request id; none of the browser’s own headers', async () => {
    const response = await call(step, addressStep, { language: 'en', headers: { 'X-Forwarded-For': '10.0.0.1, 203.0.113.9' } });
    expect(response.status).toBe(200);
    await call(step, addressStep);
    const [english, turkish] = received;
    expect(english!.headers).toMatchObject({ 'accept-language': 'en-US', 'x-forwarded-for': '203.0.113.9', 'x-request-id': response.headers.get('X-Request-Id') });
    expect(english!.headers.cookie).toBeUndefined();
    expect(english!.headers['x-xsrf-token']).toBeUndefined();
    expect(turkish!.headers).toMatchObject({ 'accept-language': 'tr-TR', 'x-forwarded-for': `198.51.100.${address}` });
  });
});

describe('the upstream’s answers, as the browser gets them', () => {
  it('passes a success on with its hash and data, its message only as our own text', async () => {
    plan(stepPath, { body: { status: true, hash: 'h2', message: 'Talebiniz alınmıştır. En kısa sürede sizinle iletişime geçeceğiz.', data: { id: 7 } } });
    plan(apiCalls.applyReferenceCode.path, { body: { status: true, message: 'Hoş geldiniz <b>admin</b>', data: null } });
    expect(await answer(await call(step, addressStep, { language: 'en' }))).toEqual({
      status: 200,
      body: { status: true, message: 'We have received your request. We will contact you as soon as possible.', hash: 'h2', data: { id: 7 } },
    });
    expect(await answer(await call('applyReferenceCode', { form_security_hash: 'h', reference_code: 'REF' }))).toEqual({ status: 200, body: { status: true, data: null } });
  });

  it('keeps a refusal’s status from 400 to 599, with our own text in the page’s language where the catalogue knows it', async () => {
    plan(stepPath, { status: 404, body: { status: false, message: 'Seçtiğiniz adres bulunamadı. Lütfen adres bilgilerinizi kontrol edin.' } });
    expect(await answer(await call(step, addressStep, { language: 'en' }))).toEqual(refusal(404, 'The address you chose was not found. Please check your address.'));
    for (const status of [409, 599]) {
      plan(stepPath, { status, body: { status: false } });
      expect(await answer(await call(step, addressStep))).toEqual(refusal(status, 'Bir hatadan dolayı işleminiz alınamamaktadır. Lütfen daha sonra tekrar deneyin.'));
    }
  });

  it('passes on a refusal’s own words, as plain text and marked as the upstream’s, when the catalogue does not know them', async () => {
    const maintenance = 'Sistem bakımı nedeniyle bu işlem saat 02:00’ye kadar yapılamıyor.';
    for (const status of [400, 409, 422, 499]) {
      plan(stepPath, { status, body: { status: false, message: maintenance, details: { upstream_text: false } } });
      expect(await answer(await call(step, addressStep)), String(status)).toEqual(refusal(status, maintenance, { upstream_text: true }));
    }
    // As sent on an English page too: the page says whose words they are.
    plan(stepPath, { status: 422, body: { status: false, message: maintenance } });
    expect(await answer(await call(step, addressStep, { language: 'en' }))).toEqual(refusal(422, maintenance, { upstream_text: true }));
    // One line, no hidden characters, at most 300 characters; markup stays text for the page to escape.
    plan(stepPath, { status: 400, body: { status: false, message: ` <b>Kayıt</b>\u0000 bulunamadı\u202E\n\tlütfen ${'x'.repeat(2_000)}` } });
    const long = (await answer(await call(step, addressStep))).body.message as string;
    expect(Array.from(long)).toHaveLength(300);
    expect(long.startsWith('<b>Kayıt</b> bulunamadı lütfen xxx')).toBe(true);
    expect(long.endsWith('x…')).toBe(true);
    // A refusal without words, or with nothing but white space and hidden characters, gets the spec's fallback.
    for (const message of [undefined, '', ' \u200B\n ', 42]) {
      plan(stepPath, { status: 400, body: { status: false, message } });
      expect(await answer(await call(step, addressStep)), String(message)).toEqual(refusal(400, 'Bir hatadan dolayı işleminiz alınamamaktadır. Lütfen daha sonra tekrar deneyin.'));
    }
  });

  it('never passes on the words of server trouble: a 5xx keeps the catalogue’s text', async () => {
    for (const status of [500, 502, 503, 599]) {
      plan(stepPath, { status, body: { status: false, message: 'SQLSTATE[23000]: Integrity constraint violation at db.js:12' } });
      expect(await answer(await call(step, addressStep)), String(status)).toEqual(refusal(status, 'Bir hatadan dolayı işleminiz alınamamaktadır. Lütfen daha sonra tekrar deneyin.'));
    }
  });

  it('answers 502 for a refusal outside the error statuses, with our own text only', async () => {
    for (const status of [200, 302, 399, 600]) {
      plan(stepPath, { status, body: { status: false, message: 'Bu alan zorunludur.' } });
      expect(await answer(await call(step, addressStep)), String(status)).toEqual(refusal(502, 'Bu alan zorunludur.'));
      plan(stepPath, { status, body: { status: false, message: 'Sistem bakımda.' } });
      expect(await answer(await call(step, addressStep)), String(status)).toEqual(refusal(502, 'Bir hatadan dolayı işleminiz alınamamaktadır. Lütfen daha sonra tekrar deneyin.'));
    }
  });

  it('passes on only the details the pages act on, and a wait as Retry-After', async () => {
    plan(stepPath, { status: 429, body: { status: false, details: { retry_after: 42, stack: 'at db.js:1' } } });
    const waited = await call(step, addressStep);
    expect(waited.headers.get('Retry-After')).toBe('42');
    expect((await answer(waited)).body.details).toEqual({ retry_after: 42 });
    plan(stepPath, { status: 400, body: { status: false, details: { retry_after: 42, field: 'phone' } } });
    const notWaiting = await call(step, addressStep);
    expect(notWaiting.headers.get('Retry-After')).toBeNull();
    expect((await answer(notWaiting)).body.details).toEqual({ retry_after: 42, field: 'phone' });
    plan(stepPath, { status: 429, body: { status: false, details: { field: 'phone' } } });
    expect((await call(step, addressStep)).headers.get('Retry-After')).toBeNull();
    plan(stepPath, { status: 429, body: { status: false } });
    const bare = await call(step, addressStep);
    expect(bare.status).toBe(429);
    expect(bare.headers.get('Retry-After')).toBeNull();
  });

  it('names an upstream that answers nothing usable, none at all, or nothing in time', async () => {
    const path = stepPath;
    plan(path, { raw: '<html>oops</html>' });
    expect(await answer(await call(step, addressStep))).toEqual(refusal(502, 'Bir hatadan dolayı işleminiz alınamamaktadır. Lütfen daha sonra tekrar deneyin.'));
    plan(path, 'reset');
    expect(await answer(await call(step, addressStep, { language: 'en' }))).toEqual(refusal(502, 'The server cannot be reached. Please try again later.'));
    plan(path, { delayMs: 3_000, body: { status: true } });
    expect(await answer(await call(step, addressStep, { language: 'en' }))).toEqual(refusal(504, 'The server did not answer in time. Please try again later.'));
  });

  it('takes a read without the XSRF echo: only state changes need it', async () => {
    const request = new Request(`http://site.test/api/v1${apiCalls.countries.path}`, { headers: { 'X-Forwarded-For': `198.51.100.${address}` } });
    expect((await handleApiRequest(request, apiCalls.countries.path.split('/').filter(Boolean))).status).toBe(200);
  });

  it('reuses settings per language, asking the upstream once', async () => {
    plan(apiCalls.getSettings.path, { body: { status: true, data: { a: 1 } } }, { body: { status: true, data: { a: 2 } } }, { body: { status: true, data: { a: 3 } } });
    expect((await answer(await call('getSettings'))).body.data).toEqual({ a: 1 });
    expect((await answer(await call('getSettings'))).body.data).toEqual({ a: 1 });
    expect((await answer(await call('getSettings', undefined, { language: 'en' }))).body.data).toEqual({ a: 2 });
    expect(received).toHaveLength(2);
  });

  it('never reuses an address list that carries a form hash', async () => {
    const path = apiCalls.infrastructure.path;
    plan(path, { body: { status: true, hash: 'one-visitor', data: [] } }, { body: { status: true, data: [] } });
    await call('infrastructure', { type: 'city', parent_id: 77 });
    await call('infrastructure', { type: 'city', parent_id: 77 });
    await call('infrastructure', { type: 'city', parent_id: 77 });
    expect(received).toHaveLength(2);
  });

  it('answers a failure of its own as a 500 in the envelope, with the request id, and logs it', async () => {
    const { getLogger } = await import('@/lib/server/logger');
    const errors = vi.spyOn(getLogger(), 'error').mockImplementation((() => undefined) as never);
    // Access lines are written at LOG_LEVEL info (the suite runs quieter).
    const levels = vi.spyOn(getLogger(), 'isLevelEnabled').mockReturnValue(true);
    const lines = vi.spyOn(getLogger(), 'info').mockImplementation((() => undefined) as never);
    try {
      jar.broken = true;
      const response = await call('uploadNationalityDocs', {}, { language: 'en' });
      expect(await answer(response)).toEqual(refusal(500, 'Your request cannot be processed because of an error. Please try again later.'));
      const requestId = response.headers.get('X-Request-Id');
      expect(requestId).toMatch(/^[0-9a-f]{32}$/);
      expect(errors.mock.calls).toEqual([[{ requestId, call: 'uploadNationalityDocs', error: 'no cookie store' }, 'bff failed']]);
      expect(lines.mock.calls).toEqual([
        [
          { requestId, method: 'POST', route: 'bff:uploadNationalityDocs', path: apiCalls.uploadNationalityDocs.path, call: 'uploadNationalityDocs', status: 500, durationMs: expect.any(Number), instance: expect.any(String) },
          'access',
        ],
      ]);
    } finally {
      errors.mockRestore();
      levels.mockRestore();
      lines.mockRestore();
    }
  });

  it('answers a failure while answering as a 500 too, never as a refused body', async () => {
    plan(apiCalls.auth.path, { body: { status: true, data: { token: 'secret-token', user: USER } } });
    jar.unwritable = true;
    const response = await call('auth', { form_security_hash: `login-${address}`, sms_code: '123456' });
    expect(response.status).toBe(500);
  });

  it('logs one access line per request: its id, call, status, duration and instance, never a path no call has', async () => {
    const { getLogger } = await import('@/lib/server/logger');
    const levels = vi.spyOn(getLogger(), 'isLevelEnabled').mockReturnValue(true);
    const lines = vi.spyOn(getLogger(), 'info').mockImplementation((() => undefined) as never);
    try {
      const before = performance.now();
      const response = await call({ method: 'POST', path: '/nowhere' }, {});
      const took = performance.now() - before;
      expect(lines.mock.calls).toEqual([
        [{ requestId: response.headers.get('X-Request-Id'), method: 'POST', route: 'bff:unknown', path: undefined, call: undefined, status: 404, durationMs: expect.any(Number), instance: expect.any(String) }, 'access'],
      ]);
      const { durationMs } = lines.mock.calls[0]![0] as unknown as { durationMs: number };
      expect(durationMs).toBeGreaterThanOrEqual(0);
      expect(durationMs).toBeLessThanOrEqual(Math.round(took) + 1);
    } finally {
      levels.mockRestore();
      lines.mockRestore();
    }
  });
});

describe('the budgets', () => {
  it('answer 429 with Retry-After once one is spent, and send nothing more', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await call('contactForm', { ...contact, phone: `+90 (212) 555 00 ${10 + i}` }));
    expect(answers.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(Number(answers[5]!.headers.get('Retry-After'))).toBeGreaterThan(3_000);
    expect(received).toHaveLength(5);
  });
});

describe('logins', () => {
  /** Each test its own login form: a form's code may be checked 5 times. */
  const login = () => ({ form_security_hash: `login-${address}`, sms_code: '123456' });

  it('keep the token in the session, answer the customer and mark the browser as the number’s', async () => {
    plan(apiCalls.auth.path, { body: { status: true, message: 'ok', hash: 'next', data: { token: 'secret-token', user: USER } } });
    const response = await call('auth', login());
    const { status, body } = await answer(response);
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: true, hash: 'next', data: { user_id: 501, data: { name: 'Ayşe' } } });
    expect(JSON.stringify(body)).not.toContain('secret-token');
    expect(jar.cookies.size).toBe(1);
    expect(response.headers.get('Set-Cookie')).toMatch(/^ob_device=Fe26\.2\*.*; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax$/);
  });

  it('a finished application starts a session but names no browser', async () => {
    plan(apiCalls.registerStep4.path, { body: { status: true, data: { token: 'secret-token', user: USER } } });
    const { consents } = await import('@/messages/tr.json');
    const response = await call('registerStep4', { form_security_hash: 'f1', consents: { kvkk: consents.kvkk.version, contract: consents.contract.version, marketing: false, commitment: COMMITMENT } });
    expect(response.status).toBe(200);
    expect(response.headers.get('Set-Cookie')).toBeNull();
    expect(jar.cookies.size).toBe(1);
  });

  it('refuse a token answer outside the spec’s shape, and keep no session', async () => {
    for (const [i, data] of [{ user: USER }, { token: 't' }, { token: 7, user: USER }, { token: 't', user: { subscriptions: [] } }, { token: 't', user: { data: USER.data } }, undefined].entries()) {
      plan(apiCalls.auth.path, { body: { status: true, data } });
      expect(await answer(await call('auth', { ...login(), form_security_hash: `login-${address}-${i}` })), JSON.stringify(data)).toEqual(refusal(502, 'Bir hatadan dolayı işleminiz alınamamaktadır. Lütfen daha sonra tekrar deneyin.'));
    }
    expect(jar.cookies.size).toBe(0);
  });

  it('a token the upstream refuses ends the session with the 401 that says so', async () => {
    plan(apiCalls.auth.path, { body: { status: true, data: { token: 'secret-token', user: USER } } });
    await call('auth', login());
    expect(jar.cookies.size).toBe(1);
    plan(apiCalls.authRegisterStep2.path, { status: 401, body: { status: false, message: 'Unauthenticated.' } });
    const { consents } = await import('@/messages/tr.json');
    const body = { form_security_hash: 'h', product_id: 3, pre_price_paid_type: 0, subscription_type: 1, consents: { kvkk: consents.kvkk.version, contract: consents.contract.version, marketing: false, commitment: COMMITMENT } };
    expect(await answer(await call('authRegisterStep2', body, { language: 'en' }))).toEqual(refusal(401, 'Your session has expired. Please log in again.', { session_expired: true }));
    expect(jar.cookies.size).toBe(0);
    expect(received.at(-1)!.headers.authorization).toBe('Bearer secret-token');
  });

  it('a 401 of a call without a session is the upstream’s refusal, not an ended session', async () => {
    plan(apiCalls.auth.path, { status: 401, body: { status: false, message: 'Bu alan zorunludur.' } });
    expect(await answer(await call('auth', login()))).toEqual(refusal(401, 'Bu alan zorunludur.'));
  });
});

describe('filing an application', () => {
  const finish = async () => {
    const { consents } = await import('@/messages/tr.json');
    return { form_security_hash: `file-${address}`, consents: { kvkk: consents.kvkk.version, contract: consents.contract.version, marketing: false, commitment: COMMITMENT } };
  };

  it('past API_TIMEOUT_MS, answers 504 with filing_pending instead of giving up', async () => {
    plan(apiCalls.registerStep4.path, { delayMs: 3_000, body: { status: true, data: { token: 't', user: USER } } });
    expect(await answer(await call('registerStep4', await finish()))).toEqual(
      refusal(504, 'Sunucu zamanında yanıt vermedi. Lütfen daha sonra tekrar deneyin.', { filing_pending: true }),
    );
  });

  it('records no consents for a filing answered outside the spec’s shape, which the browser hears as a failure', async () => {
    const { getLogger } = await import('@/lib/server/logger');
    const info = vi.spyOn(getLogger(), 'info').mockImplementation((() => undefined) as never);
    try {
      plan(apiCalls.registerStep4.path, { body: { status: true, data: { token: 7, user: USER } } });
      expect((await call('registerStep4', await finish())).status).toBe(502);
      plan(apiCalls.registerStep4.path, { body: { status: true, data: { token: 'secret-token', user: USER } } });
      const body = await finish();
      expect((await call('registerStep4', { ...body, form_security_hash: `${body.form_security_hash}-b` })).status).toBe(200);
      const audited = info.mock.calls.filter(([line]) => (line as { audit?: string }).audit === 'consent_accepted');
      expect(audited.map(([line]) => (line as { formHash: string }).formHash)).toEqual([`${body.form_security_hash}-b`]);
    } finally {
      info.mockRestore();
    }
  });

  it('a filing whose answer was lost is a 502 that says it must not be sent again', async () => {
    plan(apiCalls.registerStep4.path, 'reset', { status: 400, body: { status: false, details: { reason: 'form_invalid' } } });
    const { body, status } = await answer(await call('registerStep4', await finish()));
    expect(status).toBe(502);
    expect(body.details).toEqual({ filed_unanswered: true });
    expect(received).toHaveLength(2);
  });
});

describe('the browser’s device cookie', () => {
  const login = async (user: typeof USER) => {
    plan(apiCalls.auth.path, { body: { status: true, data: { token: 'secret-token', user } } });
    const response = await call('auth', { form_security_hash: `login-${address}-${user.data.nationality_number}`, sms_code: '123456' });
    const cookie = response.headers.get('Set-Cookie')!.split(';')[0]!;
    jar.cookies.set('ob_device', cookie.slice('ob_device='.length));
    return cookie;
  };

  it('keeps the numbers a browser logged in with, under one id', async () => {
    const { keyed, readDevice } = await import('@/lib/bff/device');
    const read = (cookie: string) => readDevice(new Request('http://site.test/', { headers: { cookie } }));
    const first = await read(await login(USER));
    const second = await read(await login({ ...USER, data: { ...USER.data, nationality_number: '10000000214' } }));
    expect(second).toEqual({ id: first!.id, known: [keyed('10000000146'), keyed('10000000214')] });
  });

  it('gives login codes for the browser’s own number a bucket of their own', async () => {
    const start = () => call('authStart', { nationality_number: '10000000146' });
    expect((await start()).status).toBe(200);
    // One code per number in 10 minutes (RATE_LIMIT_CODES_PER_TARGET=1 here): spent, from anywhere...
    address += 1;
    expect((await start()).status).toBe(429);
    // ...but not for the browser that logged in with it.
    await login(USER);
    address += 1;
    expect((await start()).status).toBe(200);
  });
});

describe('uploads', () => {
  const PDF = Buffer.from('%PDF-1.4\n% sample\n');
  async function form() {
    const data = new FormData();
    for (const name of ['front-nationality-license', 'back-nationality-license']) data.append(name, new Blob([new Uint8Array(PDF)]), 'a.pdf');
    const encoded = new Response(data);
    return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
  }
  const signIn = async () => {
    jar.cookies.clear();
    plan(apiCalls.auth.path, { body: { status: true, data: { token: 'secret-token', user: USER } } });
    expect((await call('auth', { form_security_hash: `login-${address}-${Math.random()}`, sms_code: '123456' })).status).toBe(200);
  };
  const upload = (body: BodyInit, headers: Record<string, string>) => {
    const { path } = apiCalls.uploadNationalityDocs;
    const init = { method: 'POST', body, duplex: 'half', headers: { ...XSRF, Cookie: cookieHeader(), 'X-Forwarded-For': `198.51.100.${address}`, ...headers } };
    return handleApiRequest(new Request(`http://site.test/api/v1${path}`, init as RequestInit), path.split('/').filter(Boolean));
  };

  it('must announce their size in digits, and are refused unread, closing the connection', async () => {
    await signIn();
    const { freshMetricsForTests } = await import('@/lib/observability/metrics');
    const counted = freshMetricsForTests();
    const { body, contentType } = await form();
    for (const length of [`${body.length}x`, `x${body.length}`]) {
      const response = await upload(body, { 'Content-Type': contentType, 'Content-Length': length });
      expect(response.status, length).toBe(411);
      expect(response.headers.get('Connection')).toBe('close');
    }
    // Counted as refused uploads, by reason.
    expect((await counted.uploadsRefused.get()).values.map(({ labels, value }) => [labels.reason, value])).toEqual([['length_required', 2]]);
  });

  it('count against the customer’s budget once, refused unread past it', async () => {
    await signIn();
    const { body, contentType } = await form();
    const headers = { 'Content-Type': contentType, 'Content-Length': String(body.length) };
    expect((await upload(body, headers)).status).toBe(200);
    const refused = await upload(body, headers);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Connection')).toBe('close');
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('wait for a free slot: past UPLOADS_IN_FLIGHT, 503 with Retry-After at once', async () => {
    await signIn();
    const { body, contentType } = await form();
    const headers = { 'Content-Type': contentType, 'Content-Length': String(body.length) };
    let feed!: ReadableStreamDefaultController<Uint8Array>;
    const slow = upload(new ReadableStream<Uint8Array>({ start: (controller) => void (feed = controller) }), headers);
    feed.enqueue(body.subarray(0, 10));
    await vi.waitFor(async () => {
      const { uploadSlots } = await import('@/lib/bff/upload-slots');
      expect(uploadSlots().inFlight).toBe(1);
    });
    // Another customer, so that the budget is not what refuses.
    await signIn();
    const busy = await upload(body, headers);
    expect(await answer(busy)).toEqual(refusal(503, 'Şu anda çok fazla dosya yükleniyor. Lütfen 5 saniye sonra tekrar deneyin.'));
    expect(busy.headers.get('Retry-After')).toBe('5');
    expect(busy.headers.get('Connection')).toBe('close');
    feed.enqueue(body.subarray(10));
    feed.close();
    expect((await slow).status).toBe(200);
  });
});
