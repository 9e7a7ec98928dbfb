import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COMMITMENT } from '@/testing/consents';
import { type ApiCall, type ApiCallName, apiCalls } from '@/lib/api/calls';
import { type StandInUpstream, startStandInUpstream } from '@/testing/stand-in-upstream';
import tr from '@/messages/tr.json';

/**
 * The backend-for-frontend's body checks, call by call, through handleApiRequest against a real
 * upstream on loopback that records what reaches it. Outside a Next.js request `cookies()` has no
 * store, so next/headers is given a plain cookie jar: the session itself is iron-session's.
 */
const jar = vi.hoisted(() => new Map<string, string>());
vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined),
    getAll: () => [...jar].map(([name, value]) => ({ name, value })),
    set: (name: string, value: string, options?: { maxAge?: number }) => {
      if (!value || options?.maxAge === 0) jar.delete(name);
      else jar.set(name, value);
    },
  }),
}));

/** What reached the upstream, as the assertions below compare it. */
interface Received {
  path: string;
  contentType: string;
  authorization: string | undefined;
  body: string;
}

const received: Received[] = [];
const TOKEN = 'customer-token-1';
const USER = {
  user_id: 501,
  data: { name: 'Ayşe', surname: 'Yılmaz', nationality_number: '10000000146', confirm_nationality: { status: 2, front: { data: null }, back: { data: null }, message: null } },
  subscriptions: [],
};
let upstream: StandInUpstream;
let handleApiRequest: typeof import('@/lib/bff/handle').handleApiRequest;
const savedEnv = { ...process.env };

beforeAll(async () => {
  upstream = await startStandInUpstream(({ path, headers, body }, response) => {
    received.push({ path, contentType: headers['content-type'] ?? '', authorization: headers.authorization, body });
    const storesToken = ['/customers/register-step-4', '/customers/transfer-register-step-5', '/customers/auth'].includes(path);
    response.setHeader('Content-Type', 'application/json');
    // A form the upstream refuses (an expired hash, say).
    if (body.includes('"form_security_hash":"refused"')) {
      response.statusCode = 400;
      response.end(JSON.stringify({ status: false, message: 'Form oturumunuz geçersiz veya süresi dolmuş.' }));
      return;
    }
    response.end(JSON.stringify(storesToken ? { status: true, data: { token: TOKEN, user: USER } } : { status: true, hash: 'next-hash', data: {} }));
  });
  Object.assign(process.env, {
    API_BASE_URL: upstream.url,
    SESSION_SECRET: 'b'.repeat(40),
    LOG_LEVEL: 'silent',
    ADDRESS_CACHE_SECONDS: '0',
  });
  ({ handleApiRequest } = await import('@/lib/bff/handle'));
});

afterAll(async () => {
  process.env = savedEnv;
  await upstream.close();
});

/** What reaches the upstream: the body as the schema parsed it, without the portal's own consents. */
const parsedBody = (name: ApiCallName, body: unknown) => {
  const { consents: _consents, ...forwarded } = (apiCalls[name] as ApiCall).schema!.parse(body) as Record<string, unknown>;
  void _consents;
  return JSON.stringify(forwarded);
};

/** The consents of the texts the catalogues show now (messages/*.json). */
const consents = { kvkk: tr.consents.kvkk.version, contract: tr.consents.contract.version, marketing: false as const, commitment: COMMITMENT };

const XSRF = { Cookie: 'XSRF-TOKEN=abc', 'X-XSRF-TOKEN': 'abc', 'Sec-Fetch-Site': 'same-origin' };

function cookieHeader(): string {
  return [XSRF.Cookie, ...[...jar].map(([name, value]) => `${name}=${value}`)].join('; ');
}

function post(name: ApiCallName, body: BodyInit, headers: Record<string, string>, language: 'tr' | 'en') {
  const { path } = apiCalls[name];
  const request = new Request(`http://site.test/api/v1${path}`, {
    method: 'POST',
    headers: { ...XSRF, Cookie: cookieHeader(), 'Accept-Language': language === 'en' ? 'en-US,en;q=0.9' : 'tr-TR', ...headers },
    body,
  });
  return handleApiRequest(request, path.split('/').filter(Boolean));
}

async function send(name: ApiCallName, body: unknown, language: 'tr' | 'en' = 'tr') {
  const response = await post(name, JSON.stringify(body), { 'Content-Type': 'application/json' }, language);
  return { status: response.status, body: await response.json() };
}

type Texts = readonly [tr: string, en: string];
const REQUIRED: Texts = ['Bu alan zorunludur.', 'This field is required.'];
const INVALID: Texts = ['Lütfen değeri kontrol edin.', 'Please check the value.'];
const CITIZENSHIP: Texts = ['T.C. Kimlik No 11 haneden oluşur; eksiksiz ve doğru yazın.', 'The Turkish ID number has 11 digits; enter it completely and correctly.'];
const SECURITY_WORD: Texts = ['Güvenlik kelimesi yalnızca harflerden oluşmalıdır; boşluk ve rakam içeremez.', 'The security word must consist of letters only, with no spaces or digits.'];
const SERVICE_NUMBER: Texts = ['Hizmet numarası yalnızca rakamlardan oluşmalı ve en az 5 haneli olmalıdır.', 'The service number must contain digits only and have at least 5 digits.'];
const MOBILE: Texts = ['Lütfen telefon numaranızı kontrol edin.', 'Please check your phone number.'];
const SMS_CODE: Texts = ['SMS onay kodu hatalı. Lütfen kodu kontron edin.', 'The SMS approval code is wrong. Please check the code.'];
const MAIL: Texts = ['Lütfen mail adresinizi kontrol edin.', 'Please check your e-mail address.'];
const MAIL_CODE: Texts = ['Mail onay kodu hatalı. Lütfen kodu kontrol edin.', 'The e-mail approval code is wrong. Please check the code.'];
const CAMPAIGN_CODE: Texts = ['Kampanya kodunuz eksik veya hatalı.', 'Your campaign code is missing or wrong.'];
const CAMPAIGN_TC: Texts = ['Vatandaşlık numaranızı eksiksiz ve doğru bir şekilde yazmanız gerekmektedir.', 'You need to enter your citizenship number completely and correctly.'];
const REFERENCE_CODE: Texts = ['Referans kodunuz eksik veya hatalı.', 'Your reference code is missing or wrong.'];
const TC: Texts = ['TC kimlik numarası uygun değil. Lütfen kontrol edin.', 'The Turkish ID number is not valid. Please check it.'];
const LOGIN_CODE: Texts = ['Lütfen SMS kodunuzu doğru ve eksiksiz olarak yazın.', 'Please enter your SMS code correctly and completely.'];
const FULLNAME: Texts = ['Lütfen adınızı ve soyadınızı yazın (en fazla 100 karakter).', 'Please enter your name and surname (at most 100 characters).'];
const INVALID_REQUEST: Texts = ['Gönderilen bilgiler eksik veya hatalı.', 'The information sent is missing or wrong.'];
const CONSENTS: Texts = [
  'Başvurunuzu tamamlamak için aydınlatma metnini ve sözleşme metnini okuyup onaylayın.',
  'To complete your application, read and approve the personal data notice and the contract.',
];
const SESSION_EXPIRED: Texts = ['Oturumunuzun süresi doldu. Lütfen tekrar giriş yapın.', 'Your session has expired. Please log in again.'];

const hash = { form_security_hash: 'hash-1' };
const address = {
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
const identity = {
  ...hash,
  subscription_type: 1,
  nationality: 'TR',
  nationality_number: '10000000214',
  nationality_serial_no: 'A01B23456',
  name: 'Can',
  surname: 'Öztürk',
  gender: 2,
  job: 'MUHENDIS',
  birthdate: '15/04/1992',
  mother_name: 'Sevgi',
  father_name: 'Kemal',
  security_word: 'Çınaraltı',
};

interface Case {
  valid: Record<string, unknown>;
  invalid: Record<string, unknown>;
  /** The field messages of `invalid`, in the order the schema reports them. */
  fields: Record<string, Texts>;
}

/** Every JSON call the browser may make: a body the schema takes and one it refuses. */
const cases: Partial<Record<ApiCallName, Case>> = {
  infrastructure: { valid: { type: 'city', parent_id: 34 }, invalid: { type: 'town', parent_id: 'a b' }, fields: { type: INVALID, parent_id: INVALID } },
  registerStep1: { valid: address, invalid: { ...address, address_street: undefined }, fields: { address_street: REQUIRED } },
  registerStep2: { valid: { ...hash, product_id: 3, pre_price_paid_type: 0 }, invalid: {}, fields: { product_id: REQUIRED, pre_price_paid_type: REQUIRED, form_security_hash: INVALID } },
  registerStep3: {
    valid: identity,
    invalid: { ...identity, nationality_number: '1234', security_word: 'iki kelime' },
    fields: { nationality_number: CITIZENSHIP, security_word: SECURITY_WORD },
  },
  registerStep4: { valid: { ...hash, consents }, invalid: { form_security_hash: '', consents }, fields: { form_security_hash: INVALID } },
  transferRegisterStep1: { valid: { service_number: '1712345678' }, invalid: { service_number: '17a' }, fields: { service_number: SERVICE_NUMBER } },
  transferRegisterStep2: { valid: { ...hash, ...address }, invalid: address, fields: { form_security_hash: INVALID } },
  transferRegisterStep3: { valid: { ...hash, product_id: 3 }, invalid: { ...hash, product_id: '3' }, fields: { product_id: REQUIRED } },
  transferRegisterStep4: { valid: identity, invalid: { ...identity, subscription_type: 2, gender: 3 }, fields: { gender: ['Lütfen cinsiyet seçin.', 'Please choose a gender.'], subscription_type: INVALID } },
  transferRegisterStep5: { valid: { ...hash, consents }, invalid: { ...hash }, fields: { consents: CONSENTS } },
  approvePhoneRequest: { valid: { ...hash, phone: '+90 (533) 000 00 02' }, invalid: { ...hash, phone: '+90 (212) 555 00 11' }, fields: { phone: MOBILE } },
  approvePhone: {
    valid: { ...hash, phone: '+90 (533) 000 00 02', sms_hash: 'sms-1', sms_code: '123456' },
    invalid: { ...hash, phone: '+90 (533) 000 00 02', sms_hash: 'sms-1', sms_code: '12345' },
    fields: { sms_code: SMS_CODE },
  },
  approveMailRequest: { valid: { ...hash, mail: 'can@example.com' }, invalid: { ...hash, mail: 'Can@Example' }, fields: { mail: MAIL } },
  approveMail: {
    valid: { ...hash, mail: 'can@example.com', mail_hash: 'mail-1', mail_code: '654321' },
    invalid: { ...hash, mail: 'can@example.com', mail_hash: 'mail-1', mail_code: 'abcdef' },
    fields: { mail_code: MAIL_CODE },
  },
  applyCampaignCode: {
    valid: { ...hash, campaign_code: 'KAMPANYA50', nationality_number: '10000000146' },
    invalid: { ...hash, campaign_code: ' ', nationality_number: '1000000014' },
    fields: { campaign_code: CAMPAIGN_CODE, nationality_number: CAMPAIGN_TC },
  },
  applyReferenceCode: { valid: { ...hash, reference_code: 'REFERANS30' }, invalid: { ...hash, reference_code: 'R'.repeat(33) }, fields: { reference_code: REFERENCE_CODE } },
  authStart: { valid: { nationality_number: '10000000146' }, invalid: { nationality_number: '1000000014' }, fields: { nationality_number: TC } },
  auth: { valid: { ...hash, sms_code: '123456' }, invalid: { ...hash, sms_code: '12 34 5' }, fields: { sms_code: LOGIN_CODE } },
  contactForm: {
    valid: { fullname: 'Ayşe Yılmaz', phone: '+90 (212) 555 00 11', message: 'Beni arayın.' },
    invalid: { fullname: ' ', phone: '' },
    fields: { fullname: FULLNAME, phone: MOBILE },
  },
  authRegisterStep2: {
    valid: { ...hash, product_id: 3, pre_price_paid_type: 0, subscription_type: 1, consents },
    invalid: { ...hash, product_id: 3, pre_price_paid_type: -1, subscription_type: 1, consents },
    fields: { pre_price_paid_type: REQUIRED },
  },
  authTransferRegisterStep3: {
    valid: { ...hash, product_id: 3, subscription_type: 1, consents },
    invalid: { ...hash, subscription_type: 1, consents: { ...consents, contract: '' } },
    fields: { product_id: REQUIRED, 'consents.contract': CONSENTS },
  },
};

function expectRefusal(answer: { status: number; body: unknown }, fields: Record<string, Texts>, language: 0 | 1) {
  const texts = Object.fromEntries(Object.entries(fields).map(([field, pair]) => [field, pair[language]]));
  expect(answer).toEqual({ status: 400, body: { status: false, message: Object.values(texts)[0], details: { fields: texts } } });
}

const anonymous = (Object.keys(cases) as ApiCallName[]).filter((name) => !apiCalls[name].auth);
const authenticated = (Object.keys(cases) as ApiCallName[]).filter((name) => apiCalls[name].auth);

describe('the backend-for-frontend checks every JSON body with the form’s schema', () => {
  it('covers every JSON call the browser may make', () => {
    const json = (Object.keys(apiCalls) as ApiCallName[]).filter((name) => 'schema' in apiCalls[name] && name !== 'tokenAuth');
    expect(Object.keys(cases).sort()).toEqual(json.sort());
  });

  it.each(anonymous)('%s: refuses an invalid body with 400 and the field messages, in Turkish and English, and sends nothing', async (name) => {
    const { invalid, fields } = cases[name]!;
    const before = received.length;
    expectRefusal(await send(name, invalid), fields, 0);
    expectRefusal(await send(name, invalid, 'en'), fields, 1);
    expect(received.length).toBe(before);
  });

  it.each(anonymous)('%s: forwards a valid body, as the schema parsed it', async (name) => {
    const { valid } = cases[name]!;
    const before = received.length;
    const answer = await send(name, valid);
    expect(answer.status).toBe(200);
    expect(received.slice(before)).toEqual([
      { path: apiCalls[name].path, contentType: 'application/json', authorization: undefined, body: parsedBody(name, valid) },
    ]);
  });

  it('§4 login: keeps the token in the session and answers the user only', async () => {
    jar.clear();
    const answer = await send('auth', cases.auth!.valid);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: true, data: { user_id: 501 } });
    expect(JSON.stringify(answer.body)).not.toContain(TOKEN);
    expect(jar.size).toBe(1);
  });

  it('trims what the customer typed before forwarding it', async () => {
    const before = received.length;
    await send('applyReferenceCode', { ...hash, reference_code: '  REFERANS30 ' });
    await send('contactForm', { fullname: '  Ayşe  ', phone: '+90 (212) 555 00 11' });
    expect(received.slice(before).map((call) => JSON.parse(call.body))).toEqual([
      { ...hash, reference_code: 'REFERANS30' },
      { fullname: 'Ayşe', phone: '+90 (212) 555 00 11', message: '' },
    ]);
  });

  it('refuses a malformed or oversized JSON body before its schema, in Turkish and English', async () => {
    for (const [language, index] of [['tr', 0], ['en', 1]] as const) {
      const malformed = await post('authStart', '{"nationality_number":', { 'Content-Type': 'application/json' }, language);
      expect(malformed.status).toBe(400);
      expect(await malformed.json()).toEqual({ status: false, message: INVALID_REQUEST[index] });
      const oversized = await post('contactForm', JSON.stringify({ message: 'x'.repeat(70_000) }), { 'Content-Type': 'application/json' }, language);
      expect(oversized.status).toBe(413);
      expect(await oversized.json()).toEqual({ status: false, message: INVALID_REQUEST[index] });
    }
  });
});

describe('the consents of a filed application, with their audit line', () => {
  it('refuses texts other than the ones shown now, and a missing consent, and sends nothing', async () => {
    const before = received.length;
    const staleSummary = { ...consents, commitment: { ...COMMITMENT, version: '2020-01' } };
    for (const stale of [{ ...consents, kvkk: '2020-01' }, { ...consents, contract: '2020-01' }, { ...consents, marketing: '2020-01' }, staleSummary]) {
      expectRefusal(await send('registerStep4', { ...hash, consents: stale }), { consents: CONSENTS }, 0);
    }
    expectRefusal(await send('transferRegisterStep5', { ...hash, consents: { kvkk: consents.kvkk, marketing: false, commitment: COMMITMENT } }, 'en'), { 'consents.contract': CONSENTS }, 1);
    // The commitment summary unconfirmed: refused like a missing consent.
    expectRefusal(await send('registerStep4', { ...hash, consents: { ...consents, commitment: undefined } }), { 'consents.commitment': CONSENTS }, 0);
    expect(received.length).toBe(before);
  });

  it('writes one audit line with the versions, the time and the form hash once the upstream files it; none when it refuses', async () => {
    const { getLogger } = await import('@/lib/server/logger');
    const lines: Record<string, unknown>[] = [];
    const spy = vi.spyOn(getLogger(), 'info').mockImplementation(((fields: Record<string, unknown>) => {
      if (fields?.audit) lines.push(fields);
    }) as never);
    try {
      const marketing = tr.consents.marketing.version;
      expect((await send('registerStep4', { form_security_hash: 'hash-7', consents: { ...consents, marketing } })).status).toBe(200);
      expect((await send('transferRegisterStep5', { form_security_hash: 'refused', consents })).status).toBe(400);
      expect(lines).toEqual([
        {
          audit: 'consent_accepted',
          call: 'registerStep4',
          requestId: expect.stringMatching(/^[0-9a-f]{32}$/),
          formHash: 'hash-7',
          acceptedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
          versions: { kvkk: consents.kvkk, contract: consents.contract, marketing, commitment: COMMITMENT.version },
          marketing: true,
          // The commitment summary's figures as the applicant confirmed them.
          commitment: { productId: COMMITMENT.productId, figures: COMMITMENT.figures },
        },
      ]);
      // No personal data in it.
      expect(JSON.stringify(lines)).not.toMatch(/10000000146|Ayşe|Yılmaz/);
    } finally {
      spy.mockRestore();
    }
  });

  it('the two catalogues name the same versions', async () => {
    const { catalogueVersionsAgree } = await import('@/lib/bff/consents');
    expect(catalogueVersionsAgree()).toBe(true);
  });
});

describe('the authenticated calls check the session before the body', () => {
  it.each(authenticated)('%s: answers 401 without a session, whatever the body', async (name) => {
    jar.clear();
    const before = received.length;
    expect(await send(name, cases[name]!.invalid)).toEqual({ status: 401, body: { status: false, message: SESSION_EXPIRED[0], details: { session_expired: true } } });
    expect(await send(name, cases[name]!.valid, 'en')).toEqual({ status: 401, body: { status: false, message: SESSION_EXPIRED[1], details: { session_expired: true } } });
    expect(received.length).toBe(before);
  });

  it.each(authenticated)('%s: with a session, refuses an invalid body and forwards a valid one with the customer’s token', async (name) => {
    jar.clear();
    await send('auth', cases.auth!.valid);
    const { valid, invalid, fields } = cases[name]!;
    const before = received.length;
    expectRefusal(await send(name, invalid), fields, 0);
    expectRefusal(await send(name, invalid, 'en'), fields, 1);
    expect(received.length).toBe(before);
    expect((await send(name, valid)).status).toBe(200);
    expect(received.slice(before)).toEqual([{ path: apiCalls[name].path, contentType: 'application/json', authorization: `Bearer ${TOKEN}`, body: parsedBody(name, valid) }]);
  });
});

describe('the uploads are checked as they stream in (spec §5)', () => {
  const PDF = Buffer.from('%PDF-1.4\n% sample\n');
  const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 2)]);
  const TEXT = Buffer.from('not a document');

  async function upload(parts: Array<[string, Buffer | string]>, language: 'tr' | 'en' = 'tr') {
    const form = new FormData();
    for (const [name, value] of parts) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, new Blob([new Uint8Array(value)]), `${name}.bin`);
    }
    const encoded = new Response(form);
    const name: ApiCallName = parts.some(([part]) => part === 'tax-plate') ? 'uploadSubscriptionDocs' : 'uploadNationalityDocs';
    const body = Buffer.from(await encoded.arrayBuffer());
    // As a browser sends it: the size announced (an upload without one is refused with 411).
    const response = await post(name, body, { 'Content-Type': encoded.headers.get('content-type')!, 'Content-Length': String(body.length) }, language);
    return { status: response.status, body: await response.json() };
  }

  it('answers 401 without a session and reads nothing', async () => {
    jar.clear();
    const before = received.length;
    expect(await upload([['front-nationality-license', PDF], ['back-nationality-license', PDF]])).toEqual({ status: 401, body: { status: false, message: SESSION_EXPIRED[0], details: { session_expired: true } } });
    expect(received.length).toBe(before);
  });

  it('§5 uploads: refuses what the rules refuse, with the spec’s messages in Turkish and English', async () => {
    jar.clear();
    await send('auth', cases.auth!.valid);
    const before = received.length;
    const refused = async (parts: Array<[string, Buffer | string]>, status: number, texts: Texts) => {
      expect(await upload(parts)).toEqual({ status, body: { status: false, message: texts[0] } });
      expect(await upload(parts, 'en')).toEqual({ status, body: { status: false, message: texts[1] } });
    };
    await refused([['front-nationality-license', TEXT], ['back-nationality-license', PDF]], 415, ['Yüklediğiniz dosya uygun değil.', 'The file you uploaded is not suitable.']);
    await refused(
      [['front-nationality-license', PDF], ['back-nationality-license', PDF], ['back-nationality-license', PDF]],
      413,
      ['Maksimum 2 adet dosya yükleyebilirsiniz.', 'You can upload at most 2 files.'],
    );
    await refused([['front-nationality-license', PDF]], 400, INVALID_REQUEST);
    await refused([['tax-plate', PDF], ['signature-circular', JPEG]], 400, INVALID_REQUEST);
    expect(received.length).toBe(before);
  });

  it('answers 411 to an upload that does not announce its size, and reads nothing', async () => {
    // Signed in by the test before (each login spends the code-check budget of the fixture's hash).
    const before = received.length;
    const form = new FormData();
    form.append('front-nationality-license', new Blob([new Uint8Array(PDF)]), 'a.pdf');
    const encoded = new Response(form);
    const response = await post('uploadNationalityDocs', Buffer.from(await encoded.arrayBuffer()), { 'Content-Type': encoded.headers.get('content-type')! }, 'tr');
    expect(response.status).toBe(411);
    expect(received.length).toBe(before);
  });

  it('forwards checked files with the customer’s token', async () => {
    const before = received.length;
    const answer = await upload([['subscription_id', '1003'], ['tax-plate', PDF], ['signature-circular', JPEG]]);
    expect(answer.status).toBe(200);
    const [call] = received.slice(before);
    expect(call).toMatchObject({ path: '/customers/upload-subscription-docs', authorization: `Bearer ${TOKEN}` });
    expect(call!.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(call!.body).toContain('name="subscription_id"\r\n\r\n1003');
    expect(call!.body).toContain('name="tax-plate"; filename="tax-plate.bin"\r\nContent-Type: application/pdf');
    expect(call!.body).toContain('name="signature-circular"; filename="signature-circular.bin"\r\nContent-Type: image/jpeg');
  });

  // Last, as the costliest: a mutant that a cheaper test kills never waits for 4 MB (vitest.mutation.config.mjs).
  it('§5 uploads: refuses a file past 4,000,000 bytes with the spec’s message in Turkish and English', async () => {
    // Signed in by the tests before.
    const before = received.length;
    const tooLarge: Array<[string, Buffer]> = [
      ['front-nationality-license', Buffer.concat([PDF, Buffer.alloc(4_000_000)])],
      ['back-nationality-license', PDF],
    ];
    expect(await upload(tooLarge)).toEqual({ status: 413, body: { status: false, message: 'Yüklediğiniz dosya, maksimum boyutun üstünde.' } });
    expect(await upload(tooLarge, 'en')).toEqual({ status: 413, body: { status: false, message: 'The file you uploaded is over the maximum size.' } });
    expect(received.length).toBe(before);
  });
});
