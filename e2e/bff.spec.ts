import { expect, test } from '@playwright/test';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { FIXTURE_CUSTOMERS } from '@/sandbox/fixtures';
import { apiLogin, bffPost, xsrfToken } from './support/api';
import { sandboxURL, serviceToken, sitePort } from './support/env';
import { randomMail, randomNationalityNumber, randomPhone } from './support/people';
import { addressFields, bffCall } from './support/register';
import { latestCode } from './support/sandbox';
import { closedPort, distDir, startSite, startSlowUpstream } from './support/servers';
import { CONSENTS } from './support/consents';

// These tests talk HTTP only; the desktop project alone runs them (playwright.config.ts).

const customer = FIXTURE_CUSTOMERS.notSent;

function png(size: number): Buffer {
  const data = Buffer.alloc(size);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(data);
  return data;
}

test.describe('tokens stay on the server', () => {
  test('login stores the token in an HttpOnly session cookie and answers the user only', async ({ page }) => {
    const auth = await apiLogin(page.request, customer);
    const body = await auth.text();
    expect(body).not.toMatch(/"token"/i);
    expect(body).not.toContain(serviceToken);
    expect(JSON.parse(body).data.data.nationality_number).toBe(customer.nationality_number);

    const setCookie = auth.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie').map((h) => h.value);
    // `__Host-` where the cookie is Secure (this run's production server), as over HTTPS.
    const session = setCookie.find((value) => /^(__Host-)?ob_session=/.test(value));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    for (const header of auth.headersArray()) expect(header.value).not.toContain(serviceToken);

    // The page shares the context's cookies; JavaScript sees the XSRF cookie, never the session.
    await page.goto('/');
    const visible = await page.evaluate(() => document.cookie);
    expect(visible).toContain('XSRF-TOKEN=');
    expect(visible).not.toContain('ob_session');

    const me = await page.request.get('/api/session');
    const meBody = await me.text();
    expect(JSON.parse(meBody).data.user_id).toBeGreaterThan(0);
    expect(meBody).not.toMatch(/"token"/i);

    const logout = await page.request.delete('/api/session', { headers: { 'X-XSRF-TOKEN': await xsrfToken(page.request) } });
    expect(logout.status()).toBe(200);
    expect((await (await page.request.get('/api/session')).json()).data).toBeNull();
  });

  test('the browser cannot ask for token-auth itself', async ({ request }) => {
    const response = await bffPost(request, '/customers/token-auth', { token: 'anything' });
    expect(response.status()).toBe(404);
  });

  test('the client bundle holds neither the service token nor the upstream address', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const file = path.join(dir, entry);
        if (statSync(file).isDirectory()) walk(file);
        else files.push(file);
      }
    };
    walk(path.join(distDir, 'static'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toContain(serviceToken);
      expect(text, file).not.toContain('41900');
      expect(text, file).not.toContain('X-Service-Token');
    }
  });
});

test.describe('what the backend-for-frontend refuses', () => {
  test('paths the spec does not list, and other methods', async ({ request }) => {
    expect((await bffPost(request, '/customers/delete-everything', {})).status()).toBe(404);
    expect((await request.get('/api/v1/customers/register-step-1')).status()).toBe(405);
    const notFound = await request.get('/api/v1/../../etc/passwd');
    expect(notFound.status()).toBe(404);
  });

  test('cross-origin and token-less state changes', async ({ request }) => {
    const token = await xsrfToken(request);
    const body = { fullname: 'Deneme Kişi', phone: '+90 (532) 111 22 33', message: 'Merhaba' };
    const crossOrigin = await request.post('/api/v1/forms/contact-form', {
      data: body,
      headers: { 'X-XSRF-TOKEN': token, Origin: 'https://evil.example' },
    });
    expect(crossOrigin.status()).toBe(403);
    const crossSite = await request.post('/api/v1/forms/contact-form', {
      data: body,
      headers: { 'X-XSRF-TOKEN': token, 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(crossSite.status()).toBe(403);
    const noHeader = await request.post('/api/v1/forms/contact-form', { data: body });
    expect(noHeader.status()).toBe(403);
    const wrongHeader = await request.post('/api/v1/forms/contact-form', { data: body, headers: { 'X-XSRF-TOKEN': 'x' + token.slice(1) } });
    expect(wrongHeader.status()).toBe(403);
    const sameOrigin = await bffPost(request, '/forms/contact-form', body);
    expect(sameOrigin.status()).toBe(200);
  });

  test('bodies that break the form rules get Turkish field messages', async ({ request }) => {
    const response = await bffPost(request, '/forms/contact-form', { fullname: '', phone: '0532' });
    expect(response.status()).toBe(400);
    const body = await response.json();
    expect(body.status).toBe(false);
    expect(body.details.fields.phone).toBe('Lütfen telefon numaranızı kontrol edin.');
    expect(body.details.fields.fullname).toContain('adınızı');
  });

  test('uploads: anonymous, oversized and disguised files', async ({ request }) => {
    const anonymous = await request.post('/api/v1/customers/upload-nationality-docs', {
      headers: { 'X-XSRF-TOKEN': await xsrfToken(request) },
      multipart: { 'front-nationality-license': { name: 'on.png', mimeType: 'image/png', buffer: png(100) } },
    });
    expect(anonymous.status()).toBe(401);

    await apiLogin(request, customer);
    const headers = { 'X-XSRF-TOKEN': await xsrfToken(request) };
    const oversized = await request.post('/api/v1/customers/upload-nationality-docs', {
      headers,
      multipart: {
        'front-nationality-license': { name: 'on.png', mimeType: 'image/png', buffer: png(4_000_001) },
        'back-nationality-license': { name: 'arka.png', mimeType: 'image/png', buffer: png(1000) },
      },
    });
    expect(oversized.status()).toBe(413);
    expect((await oversized.json()).message).toBe('Yüklediğiniz dosya, maksimum boyutun üstünde.');

    const disguised = await request.post('/api/v1/customers/upload-nationality-docs', {
      headers,
      multipart: {
        'front-nationality-license': { name: 'on.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not an image') },
        'back-nationality-license': { name: 'arka.png', mimeType: 'image/png', buffer: png(1000) },
      },
    });
    expect(disguised.status()).toBe(415);
    expect((await disguised.json()).message).toBe('Yüklediğiniz dosya uygun değil.');
  });
});

test('§5 finishing registration: phone and mail both approved', async ({ request }) => {
  const post = (path: string, body: unknown) => bffCall(request, path, body);
  let { hash } = await post('/customers/register-step-1', addressFields(4));
  ({ hash } = await post('/customers/register-step-2', { form_security_hash: hash, product_id: 1, pre_price_paid_type: 1 }));
  ({ hash } = await post('/customers/register-step-3', {
    form_security_hash: hash,
    subscription_type: 1,
    nationality: 'TR',
    nationality_number: randomNationalityNumber(),
    nationality_serial_no: 'C34D56789',
    name: 'Ece',
    surname: 'Aydın',
    gender: 1,
    job: 'AVUKAT',
    birthdate: '02/09/1994',
    mother_name: 'Nur',
    father_name: 'Ali',
    security_word: 'Lale',
  }));
  const finish = () => bffPost(request, '/customers/register-step-4', { form_security_hash: hash, consents: CONSENTS });
  const refusal = 'Telefon ve e-posta adresinizi onaylamanız gerekmektedir.';

  let refused = await finish();
  expect(refused.status()).toBe(409);
  expect((await refused.json()).message).toBe(refusal);

  const phone = randomPhone();
  const phoneRequest = await post('/customers/approve-phone-request', { form_security_hash: hash, phone });
  ({ hash } = await post('/customers/approve-phone', { form_security_hash: hash, sms_hash: phoneRequest.hash, phone, sms_code: await latestCode(phone) }));
  refused = await finish();
  expect(refused.status()).toBe(409);
  expect((await refused.json()).message).toBe(refusal);

  const mail = randomMail();
  const mailRequest = await post('/customers/approve-mail-request', { form_security_hash: hash, mail });
  ({ hash } = await post('/customers/approve-mail', { form_security_hash: hash, mail_hash: mailRequest.hash, mail, mail_code: await latestCode(mail) }));
  const finished = await finish();
  expect(finished.status(), await finished.text()).toBe(200);
  expect((await finished.json()).data.data).toMatchObject({ name: 'Ece', surname: 'Aydın' });
});

test.describe('upstream failures and limits', () => {
  test.describe.configure({ mode: 'serial' });

  test('a stopped upstream answers 502 with the spec message', async ({ playwright }) => {
    const site = await startSite(sitePort + 91, { API_BASE_URL: `http://127.0.0.1:${await closedPort()}`, SESSION_SECRET: 'y'.repeat(40), SESSION_COOKIE_SECURE: 'false' });
    try {
      const request = await playwright.request.newContext({ baseURL: site.url });
      const response = await bffPost(request, '/forms/contact-form', { fullname: 'Deneme', phone: '+90 (532) 111 22 33', message: '' });
      expect(response.status()).toBe(502);
      expect((await response.json()).message).toBe('Sunucuya erişilemiyor. Lütfen daha sonra tekrar deneyin.');
      // The upstream is every instance's: its outage is told, but leaves this instance ready (taking
      // every instance out at once would help nobody), and alive.
      const ready = await request.get('/api/health/ready');
      expect(ready.status()).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ok', redis: 'none', upstream: false });
      const live = await request.get('/api/health/live');
      expect(live.status()).toBe(200);
      await request.dispose();
    } finally {
      await site.stop();
    }
  });

  test('a slow upstream answers 504 once the timeout passes', async ({ playwright }) => {
    const upstream = await startSlowUpstream(20_000);
    const site = await startSite(sitePort + 92, { API_BASE_URL: upstream.url, API_TIMEOUT_MS: '1000', SESSION_SECRET: 'y'.repeat(40), SESSION_COOKIE_SECURE: 'false' });
    try {
      const request = await playwright.request.newContext({ baseURL: site.url });
      const started = Date.now();
      const response = await bffPost(request, '/forms/contact-form', { fullname: 'Deneme', phone: '+90 (532) 111 22 33', message: '' });
      expect(response.status()).toBe(504);
      expect(Date.now() - started).toBeLessThan(15_000);
      await request.dispose();
    } finally {
      await site.stop();
      await upstream.stop();
    }
  });

  test('code requests past the limit answer 429 with Retry-After', async ({ playwright }) => {
    const site = await startSite(sitePort + 93, { API_BASE_URL: sandboxURL, RATE_LIMIT_CODES_PER_IP: '2', SESSION_SECRET: 'y'.repeat(40), SESSION_COOKIE_SECURE: 'false' });
    try {
      // A new connection per request: the limit is the client's, not its connection's.
      const ask = async (tc: string) => {
        const request = await playwright.request.newContext({ baseURL: site.url });
        const response = await bffPost(request, '/customers/auth-start', { nationality_number: tc });
        return { status: response.status(), retryAfter: response.headers()['retry-after'], body: await response.json(), done: () => request.dispose() };
      };
      // TC numbers nobody has: a fixture customer's number would send a login code and void the one a
      // parallel test is about to type.
      const answers = [await ask(randomNationalityNumber()), await ask(randomNationalityNumber()), await ask(randomNationalityNumber())];
      expect(answers.slice(0, 2).map((answer) => answer.status)).not.toContain(429);
      const third = answers[2]!;
      expect(third.status).toBe(429);
      expect(Number(third.retryAfter)).toBeGreaterThan(0);
      expect(third.body.message).toMatch(/^Çok fazla deneme yaptınız/);
      await Promise.all(answers.map((answer) => answer.done()));
    } finally {
      await site.stop();
    }
  });

  test('the session survives a restart of the server', async ({ playwright }) => {
    const env = { API_BASE_URL: sandboxURL, SESSION_SECRET: 'z'.repeat(40), SESSION_COOKIE_SECURE: 'false' };
    let site = await startSite(sitePort + 94, env);
    const request = await playwright.request.newContext({ baseURL: site.url });
    try {
      await apiLogin(request, FIXTURE_CUSTOMERS.underApproval);
      await site.stop();
      site = await startSite(sitePort + 94, env);
      const me = await (await request.get('/api/session')).json();
      expect(me.data.data.nationality_number).toBe(FIXTURE_CUSTOMERS.underApproval.nationality_number);
    } finally {
      await request.dispose();
      await site.stop();
    }
  });
});
