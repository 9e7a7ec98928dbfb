import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls, apiCallNames } from '@/lib/api/calls';
import type { Settings } from '@/lib/api/types';
import { FIXTURE_CUSTOMERS } from '@/sandbox/fixtures';
import { login, startSandbox, type TestSandbox } from '@/sandbox/test-support';

let sb: TestSandbox;

beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(async () => {
  await sb.dispose();
});

describe('transport', () => {
  it('refuses every /v1 and /__sandbox call without the service token or with a wrong one', async () => {
    for (const name of apiCallNames) {
      const call = apiCalls[name];
      const answer = await sb.call(`/v1${call.path}`, call.method === 'POST' ? {} : undefined, { serviceToken: null });
      expect(answer.status, name).toBe(401);
      expect(answer.body).toEqual({ status: false, message: 'Servis anahtarı eksik veya geçersiz.' });
    }
    expect((await sb.call('/v1/get-settings', undefined, { serviceToken: 'wrong' })).status).toBe(401);
    expect((await sb.call('/__sandbox/outbox', undefined, { serviceToken: null })).status).toBe(401);
    expect((await sb.call('/__sandbox/reset', {}, { serviceToken: 'nope' })).status).toBe(401);
  });

  it('serves every call of lib/api/calls.ts at its method and path', async () => {
    for (const name of apiCallNames) {
      const call = apiCalls[name];
      const answer = await sb.call(`/v1${call.path}`, call.method === 'POST' ? {} : undefined, { method: call.method });
      expect([404, 405], name).not.toContain(answer.status);
      expect(typeof answer.body.status, name).toBe('boolean');
    }
    expect((await sb.call('/__sandbox/health')).body.status).toBe(true);
  });

  it('answers unknown paths with 404 and wrong methods with 405, in the envelope', async () => {
    const unknown = await sb.call('/v1/customers/nothing-here', {});
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ status: false, message: 'İstediğiniz adres bulunamadı.' });
    const wrongMethod = await sb.call('/v1/get-settings', {});
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET');
    expect(wrongMethod.body.status).toBe(false);
    expect((await sb.call('/v1/customers/auth-start')).status).toBe(405);
    expect((await sb.call('/elsewhere')).status).toBe(404);
  });

  it('refuses malformed JSON, non-object bodies and bodies over 64 KB', async () => {
    const malformed = await sb.call('/v1/customers/auth-start', undefined, { raw: '{"nationality_number":', method: 'POST' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('İstek gövdesi geçerli bir JSON nesnesi değil.');
    expect((await sb.call('/v1/customers/auth-start', ['10000000146'])).status).toBe(400);
    const big = await sb.call('/v1/forms/contact-form', { fullname: 'A', phone: '+90 (532) 000 00 09', message: 'x'.repeat(70_000) });
    expect(big.status).toBe(413);
    expect(big.body.status).toBe(false);
  });

  it('validates payloads with the generic validator and answers its code and field', async () => {
    const cases: [string, unknown, string, string][] = [
      ['/v1/customers/auth-start', {}, '002', 'nationality_number'],
      ['/v1/customers/auth-start', { nationality_number: '' }, '004', 'nationality_number'],
      ['/v1/customers/auth-start', { nationality_number: 10000000146 }, '005', 'nationality_number'],
      ['/v1/customers/auth-start', { nationality_number: '1000000014' }, '009', 'nationality_number'],
      ['/v1/customers/auth-start', { nationality_number: '1000000014a' }, '016', 'nationality_number'],
      ['/v1/customers/auth-start', { nationality_number: '10000000146', extra: 1 }, '001', 'extra'],
      ['/v1/customers/register-step-2', { form_security_hash: 'x', product_id: '1', pre_price_paid_type: 0 }, '008', 'product_id'],
      ['/v1/customers/register-step-2', { form_security_hash: 'x', product_id: 1.5, pre_price_paid_type: 0 }, '016', 'product_id'],
      ['/v1/customers/register-step-2', { form_security_hash: 'x', product_id: 0, pre_price_paid_type: 0 }, '017', 'product_id'],
      ['/v1/forms/contact-form', { fullname: 'x'.repeat(101), phone: '+90 (532) 000 00 09' }, '007', 'fullname'],
      ['/v1/util/infrastructure-inquiry/infrastructure', { type: 'country', parent_id: 1 }, '014', 'type'],
      ['/v1/customers/auth', { form_security_hash: 'abc', sms_code: '12345' }, '009', 'sms_code'],
    ];
    for (const [pathname, body, code, field] of cases) {
      const answer = await sb.call(pathname, body);
      expect(answer.status, `${pathname} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.body.status).toBe(false);
      expect(answer.body.details).toEqual({ code, field });
      expect(typeof answer.body.message).toBe('string');
    }
    const missing = await sb.call('/v1/customers/auth-start', {});
    expect(missing.body.message).toContain('TC kimlik numarası');
  });

  it('needs a valid user token on authenticated calls', async () => {
    const body = { form_security_hash: 'x', product_id: 1, pre_price_paid_type: 0, subscription_type: 1 };
    const none = await sb.call('/v1/customers/auth-register-step-2', body);
    expect(none.status).toBe(401);
    expect(none.body.message).toBe('Oturumunuzun süresi doldu. Lütfen tekrar giriş yapın.');
    expect((await sb.call('/v1/customers/auth-register-step-2', body, { token: 'not-a-token' })).status).toBe(401);
    expect((await sb.call('/v1/customers/upload-nationality-docs', new FormData(), { token: 'not-a-token' })).status).toBe(401);
  });
});

describe('settings', () => {
  it('answers products, jobs, countries and the welcome campaign', async () => {
    const answer = await sb.call('/v1/get-settings');
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe(true);
    const settings = answer.body.data as Settings;
    expect(settings.products.filter((p) => p.connection_type === 1).map((p) => p.speed)).toEqual([100, 200, 1000]);
    expect(settings.products.filter((p) => p.connection_type === 2).map((p) => p.speed)).toEqual([16, 24, 35]);
    const fibre = settings.products.find((p) => p.connection_type === 1)!;
    expect(fibre.setup_prices).toEqual([
      { name: 'Peşin', payment_type: 'upfront', installment_count: 1, price: 999, total_price: 999 },
      { name: '12 Taksit', payment_type: 'installment', installment_count: 12, price: 150, total_price: 1800 },
    ]);
    const vdsl = settings.products.find((p) => p.connection_type === 2)!;
    expect(vdsl.setup_prices.map((o) => [o.price, o.total_price])).toEqual([
      [1998, 1998],
      [300, 3600],
    ]);
    expect(settings.products.some((p) => p.discount_price !== null)).toBe(true);
    expect(settings.products[0]).not.toHaveProperty('up_speed');
    expect(settings.jobs.length).toBeGreaterThanOrEqual(15);
    expect(settings.jobs[0]).toEqual({ name: expect.any(String), code: expect.any(String) });
    expect(settings.countries?.[0]).toEqual({ code: 'TR', name: 'Türkiye' });
    expect(settings.data.version).toBe('V1.0.0');
    expect(settings.data.campaign).toMatchObject({ image: '/campaign/welcome.svg', end_date: '2027-10-31' });
    expect(settings.data.campaign!.text).toContain('30 TL');

    const countries = await sb.call('/v1/app-settings/countries');
    expect(countries.body.data[0]).toEqual({ code: 'TR', name: 'Türkiye' });
    expect(countries.body.data.length).toBeGreaterThanOrEqual(10);
  });

  it('drops the campaign once its end date is past', async () => {
    const past = await sb.hook('/settings/campaign', { end_date: '2020-01-31' });
    expect(past.status).toBe(200);
    expect((await sb.call('/v1/get-settings')).body.data.data.campaign).toBeNull();
    await sb.hook('/settings/campaign', { end_date: '2030-05-01' });
    const campaign = (await sb.call('/v1/get-settings')).body.data.data.campaign;
    expect(campaign.end_date).toBe('2030-05-01');
    expect(campaign.text).toContain('1 Mayıs 2030');
    expect((await sb.hook('/settings/campaign', { end_date: 'tomorrow' })).body.details.code).toBe('016');
  });

  it('drops the campaign when the clock passes its end date', async () => {
    await sb.hook('/settings/campaign', { end_date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) });
    expect((await sb.call('/v1/get-settings')).body.data.data.campaign).not.toBeNull();
    await sb.hook('/clock', { advance_seconds: 3 * 86_400 });
    expect((await sb.call('/v1/get-settings')).body.data.data.campaign).toBeNull();
    await sb.hook('/reset', {});
    expect((await sb.call('/v1/get-settings')).body.data.data.campaign.end_date).toBe('2027-10-31');
  });
});

describe('contact form', () => {
  it('stores the request and answers the success text', async () => {
    const answer = await sb.call('/v1/forms/contact-form', { fullname: 'Deniz Ak', phone: '+90 (212) 555 44 33', message: 'Beni arayın.' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: true, message: 'Talebiniz alınmıştır. En kısa sürede sizinle iletişime geçeceğiz.' });
    expect((await sb.call('/v1/forms/contact-form', { fullname: 'Deniz Ak', phone: '0532' })).body.details).toEqual({ code: '016', field: 'phone' });
  });
});

describe('the headers of each kind of answer', () => {
  const headersOf = (response: { headers: Headers }, ...names: string[]) => Object.fromEntries(names.map((name) => [name, response.headers.get(name)]));
  const envelope = ['content-type', 'content-length', 'cache-control', 'allow'];

  it('sends every envelope as uncached JSON of a stated length, with Allow on a wrong method', async () => {
    const settings = await fetch(`${sb.url}/v1/get-settings`, { headers: { 'X-Service-Token': 'test-service-token' } });
    const text = await settings.text();
    expect(headersOf(settings, ...envelope)).toEqual({ 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(text)), 'cache-control': 'no-store', allow: null });
    expect(headersOf(await sb.call('/elsewhere'), ...envelope)).toEqual({ 'content-type': 'application/json; charset=utf-8', 'content-length': '61', 'cache-control': 'no-store', allow: null });
    expect(headersOf(await sb.call('/v1/get-settings', {}), ...envelope)).toMatchObject({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', allow: 'GET' });
    const head = await fetch(`${sb.url}/v1/get-settings`, { method: 'HEAD', headers: { 'X-Service-Token': 'test-service-token' } });
    expect([head.status, head.headers.get('allow'), head.headers.get('content-length')]).toEqual([405, 'GET', '62']);
  });

  it('serves a file inline, unsniffed and uncached, HEAD with its length and no body; other methods 405', async () => {
    const get = await fetch(`${sb.url}/files/tariff-1.pdf`);
    const content = Buffer.from(await get.arrayBuffer());
    const fileHeaders = { 'content-type': 'application/pdf', 'content-length': String(content.length), 'content-disposition': 'inline', 'x-content-type-options': 'nosniff', 'cache-control': 'private, no-store' };
    expect(headersOf(get, ...Object.keys(fileHeaders))).toEqual(fileHeaders);
    const head = await fetch(`${sb.url}/files/tariff-1.pdf`, { method: 'HEAD' });
    expect(headersOf(head, ...Object.keys(fileHeaders))).toEqual(fileHeaders);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const post = await fetch(`${sb.url}/files/tariff-1.pdf`, { method: 'POST' });
    expect([post.status, post.headers.get('allow'), await post.json()]).toEqual([405, 'GET, HEAD', { status: false, message: 'Bu istek yöntemi desteklenmiyor.' }]);
    // The path as it came: an escaped name is no file's name.
    expect((await fetch(`${sb.url}/files/tariff-%31.pdf`)).status).toBe(404);
  });

  it('checks the service token before the size of a body, and refuses a long body sent in chunks too', async () => {
    const long = JSON.stringify({ fullname: 'A', message: 'x'.repeat(70_000) });
    expect((await sb.call('/v1/forms/contact-form', undefined, { raw: long, method: 'POST', serviceToken: null })).status).toBe(401);
    expect((await sb.call('/v1/nothing-here', undefined, { raw: long, method: 'POST' })).status).toBe(404);
    const chunked = (body: string) =>
      fetch(`${sb.url}/v1/forms/contact-form`, {
        method: 'POST',
        headers: { 'X-Service-Token': 'test-service-token', 'Content-Type': 'application/json' },
        body: new Blob([body]).stream(),
        duplex: 'half',
      } as RequestInit);
    const tooLong = await chunked(long);
    expect([tooLong.status, await tooLong.json()]).toEqual([413, { status: false, message: 'İstek gövdesi izin verilen boyutun üstünde.' }]);
    const short = await chunked(JSON.stringify({ fullname: 'Deniz Ak', phone: '0532' }));
    expect([short.status, (await short.json()).details]).toEqual([400, { code: '016', field: 'phone' }]);
  });

  it('sends a refusal that is no envelope as an HTML page in chunks, as a proxy does', async () => {
    await sb.hook('/refuse', { call: 'getSettings', status: 502, message: 'Bad gateway', envelope: false });
    const page = await fetch(`${sb.url}/v1/get-settings`, { headers: { 'X-Service-Token': 'test-service-token' } });
    expect([page.status, page.headers.get('content-type'), page.headers.get('transfer-encoding'), page.headers.get('content-length')]).toEqual([502, 'text/html; charset=utf-8', 'chunked', null]);
    expect(await page.text()).toBe('<html><body><h1>502</h1><p>Bad gateway</p></body></html>');
  });
});

describe('hooks, reset and persistence', () => {
  it('slows /v1 answers on request', async () => {
    await sb.hook('/slow', { ms: 300 });
    const started = Date.now();
    await sb.call('/v1/app-settings/countries');
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    await sb.hook('/slow', { ms: 0 });
  });

  it('with afterEffect, does the work at once and holds the answer back (a call that took effect, answered late)', async () => {
    const { nationality_number, phone } = FIXTURE_CUSTOMERS.approved;
    const outbox = async () => (await sb.call(`/__sandbox/outbox?to=${encodeURIComponent(phone)}`)).body.data as unknown[];
    const before = (await outbox()).length;
    await sb.hook('/slow', { ms: 1_500, afterEffect: true });
    let answered = false;
    const late = sb.call('/v1/customers/auth-start', { nationality_number }).then((answer) => ((answered = true), answer));
    // Taken off while the call runs: the call keeps the delay it came with.
    await sb.hook('/slow', { ms: 0 });
    await expect.poll(outbox, { timeout: 1_000, interval: 50 }).toHaveLength(before + 1);
    expect(answered).toBe(false);
    expect((await late).status).toBe(200);
  });

  it('makes the named calls fail with 503 on request, and heals them', async () => {
    await sb.hook('/fail', { calls: ['getSettings'] });
    const failed = await sb.call('/v1/app-settings/countries');
    expect(failed.status).toBe(200);
    const settings = await sb.call('/v1/get-settings');
    expect(settings.status).toBe(503);
    expect(settings.body).toEqual({ status: false, message: 'Bir hatadan dolayı işleminiz alınamamaktadır. Lütfen daha sonra tekrar deneyin.' });
    expect((await sb.hook('/fail', { calls: ['noSuchCall'] })).status).toBe(400);
    await sb.hook('/fail', { calls: [] });
    expect((await sb.call('/v1/get-settings')).status).toBe(200);
  });

  it('refuses the next call of one named call as asked, once, without its effect', async () => {
    const { phone } = FIXTURE_CUSTOMERS.approved;
    await sb.hook('/reset', {});
    const message = 'Sistem bakımı nedeniyle bu işlem saat 02:00’ye kadar yapılamıyor.';
    expect((await sb.hook('/refuse', { call: 'getSettings', status: 422, message, registered_user: true })).status).toBe(200);
    const refused = await sb.call('/v1/get-settings');
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ status: false, message, details: { registered_user: true } });
    expect((await sb.call('/v1/get-settings')).status).toBe(200);

    await sb.hook('/refuse', { call: 'getSettings', status: 502, message: 'Bad gateway', envelope: false });
    const page = await sb.call('/v1/get-settings');
    expect(page.status).toBe(502);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);

    // Refused before it took effect: no code was sent.
    await sb.hook('/refuse', { call: 'authStart', status: 400 });
    const start = await sb.call('/v1/customers/auth-start', { nationality_number: FIXTURE_CUSTOMERS.approved.nationality_number });
    expect(start.body).toEqual({ status: false });
    expect((await sb.call(`/__sandbox/outbox?to=${encodeURIComponent(phone)}`)).body.data).toEqual([]);

    for (const wrong of [{ call: 'noSuchCall', status: 400 }, { call: 'getSettings', status: 200 }, { call: 'getSettings', status: 600 }, { call: 'getSettings' }]) {
      expect((await sb.hook('/refuse', wrong)).status, JSON.stringify(wrong)).toBe(400);
    }
    expect((await sb.call('/v1/get-settings')).status).toBe(200);
  });

  it('drops the next call of each named call after it took effect (a reset with no answer)', async () => {
    const { nationality_number, phone } = FIXTURE_CUSTOMERS.approved;
    const outbox = async () => (await sb.call(`/__sandbox/outbox?to=${encodeURIComponent(phone)}`)).body.data as unknown[];
    // No code sent yet, so the 60 s resend rule does not answer instead.
    await sb.hook('/reset', {});
    await sb.hook('/drop', { calls: ['authStart', 'getSettings'] });
    try {
      await expect(sb.call('/v1/customers/auth-start', { nationality_number })).rejects.toThrow();
      // The code went out all the same.
      expect(await outbox()).toHaveLength(1);
      expect((await sb.call('/v1/app-settings/countries')).status).toBe(200);
      await expect(sb.call('/v1/get-settings')).rejects.toThrow();
      // Once: the next call is answered.
      expect((await sb.call('/v1/get-settings')).status).toBe(200);
      expect((await sb.hook('/drop', { calls: ['noSuchCall'] })).status).toBe(400);
    } finally {
      await sb.hook('/drop', { calls: [] });
    }
  });

  it('revokes every token of a customer on request, as an expired session', async () => {
    const { nationality_number, phone } = FIXTURE_CUSTOMERS.underApproval;
    const first = await login(sb, nationality_number, phone);
    expect((await sb.call('/v1/customers/token-auth', { token: first })).status).toBe(200);
    const revoked = await sb.hook(`/customers/${nationality_number}/revoke-tokens`, {});
    expect(revoked.body).toMatchObject({ status: true, data: { revoked: expect.any(Number) } });
    const refused = await sb.call('/v1/customers/token-auth', { token: first });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ status: false, message: 'Oturumunuzun süresi doldu. Lütfen tekrar giriş yapın.' });
    // A new login works again (a minute later: the resend rule).
    await sb.hook('/clock', { advance_seconds: 61 });
    const again = await login(sb, nationality_number, phone);
    expect((await sb.call('/v1/customers/token-auth', { token: again })).status).toBe(200);
    expect((await sb.hook('/customers/99999999990/revoke-tokens', {})).status).toBe(404);
  });

  it('reset restores the fixtures', async () => {
    const token = await login(sb, FIXTURE_CUSTOMERS.notSent.nationality_number, FIXTURE_CUSTOMERS.notSent.phone);
    await sb.hook('/customers/10000000214/identity-status', { status: 2 });
    await sb.hook('/subscriptions/1004/status', { status: 998 });
    const changed = await sb.call('/v1/customers/token-auth', { token });
    expect(changed.body.data.data.confirm_nationality.status).toBe(2);
    expect(changed.body.data.subscriptions[0].status).toBe(998);

    const reset = await sb.hook('/reset', {});
    expect(reset.status).toBe(200);
    // Tokens are gone with the reset; the fixtures are back.
    expect((await sb.call('/v1/customers/token-auth', { token })).status).toBe(401);
    expect((await sb.call('/__sandbox/outbox')).body.data).toEqual([]);
    const again = await login(sb, FIXTURE_CUSTOMERS.notSent.nationality_number, FIXTURE_CUSTOMERS.notSent.phone);
    const user = (await sb.call('/v1/customers/token-auth', { token: again })).body.data;
    expect(user.data.confirm_nationality.status).toBe(0);
    expect(user.subscriptions.map((s: { subscription_id: number; status: number }) => [s.subscription_id, s.status])).toEqual([[1004, 1]]);
  });

  it('keeps customers, tokens, subscriptions and files across a restart', async () => {
    const token = await login(sb, FIXTURE_CUSTOMERS.approved.nationality_number, FIXTURE_CUSTOMERS.approved.phone);
    await sb.hook('/subscriptions/1002/status', { status: 4 });
    const before = (await sb.call('/v1/customers/token-auth', { token })).body.data;
    await sb.restart();
    const after = await sb.call('/v1/customers/token-auth', { token });
    expect(after.status).toBe(200);
    expect(after.body.data).toEqual(before);
    const front = await fetch(after.body.data.data.confirm_nationality.front.data.url);
    expect(front.status).toBe(200);
    expect(front.headers.get('content-type')).toBe('application/pdf');
  });
});

describe('files', () => {
  it('serves contracts and tariff sheets as PDFs without the service token, and 404 for unknown names', async () => {
    const token = await login(sb, FIXTURE_CUSTOMERS.notSent.nationality_number, FIXTURE_CUSTOMERS.notSent.phone).catch(async () => {
      await sb.hook('/clock', { advance_seconds: 61 });
      return login(sb, FIXTURE_CUSTOMERS.notSent.nationality_number, FIXTURE_CUSTOMERS.notSent.phone);
    });
    const user = (await sb.call('/v1/customers/token-auth', { token })).body.data;
    const subscription = user.subscriptions[0];
    expect(subscription.contract.data.url.startsWith(sb.url)).toBe(true);
    for (const url of [subscription.contract.data.url, subscription.data.product.url]) {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await response.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect(subscription.signed_contract).toBeNull();
    expect((await fetch(`${sb.url}/files/0123456789abcdef0123456789abcdef.png`)).status).toBe(404);
    expect((await fetch(`${sb.url}/files/..%2Fsandbox.db`)).status).toBe(404);
  });
});
