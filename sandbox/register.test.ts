import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Subscription, TokenAnswer, User } from '@/lib/api/types';
import { FIXTURE_CUSTOMERS } from '@/sandbox/fixtures';
import {
  addressFieldsOf,
  doorWithDigit,
  identity,
  login,
  validNationalityNumber,
  startSandbox,
  verifyContact,
  wrongCode,
  type TestSandbox,
} from '@/sandbox/test-support';

let sb: TestSandbox;

beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(async () => {
  await sb.dispose();
});

const FORM_INVALID = 'Form oturumunuz geçersiz veya süresi dolmuş. Lütfen başvuruya baştan başlayın.';
const fibreDoor = doorWithDigit(1);
const gbpsDoor = doorWithDigit(0);
const vdslDoor = doorWithDigit(6);

let phoneCounter = 10;
/** A fresh phone for every use, so the 60-second resend rule never bites between tests. */
const freshPhone = () => `+90 (555) 100 ${String(phoneCounter++).padStart(2, '0')} 00`;
let tcCounter = 100;
const freshTc = () => validNationalityNumber(`2${String(tcCounter++).padStart(8, '0')}`);

async function step1(door = fibreDoor): Promise<string> {
  const answer = await sb.call('/v1/customers/register-step-1', addressFieldsOf(door));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.hash).toEqual(expect.any(String));
  return answer.body.hash;
}

async function step2(hash: string, product_id = 1, pre_price_paid_type = 0): Promise<string> {
  const answer = await sb.call('/v1/customers/register-step-2', { form_security_hash: hash, product_id, pre_price_paid_type });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.hash;
}

async function step3(hash: string, tc = freshTc()): Promise<string> {
  const answer = await sb.call('/v1/customers/register-step-3', identity(hash, tc));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.hash;
}

describe('new application', () => {
  it('runs from address to a logged-in customer, reading the codes from the outbox', async () => {
    const tc = freshTc();
    const phone = '+90 (532) 111 22 33';
    const mail = 'can.ozturk@example.com';
    let hash = await step1(gbpsDoor);
    hash = await step2(hash, 3, 1);
    hash = await step3(hash, tc);

    // Phone: the request answers a code hash and keeps the form hash.
    const phoneRequest = await sb.call('/v1/customers/approve-phone-request', { form_security_hash: hash, phone });
    expect(phoneRequest.status).toBe(200);
    expect(phoneRequest.body.hash).not.toBe(hash);
    const outbox = (await sb.call(`/__sandbox/outbox?to=${encodeURIComponent(phone)}`)).body.data;
    expect(outbox[0]).toMatchObject({ channel: 'sms', to: phone, code: expect.stringMatching(/^\d{6}$/) });
    expect(outbox[0].text).toContain(outbox[0].code);
    expect(sb.logs).toContain(`[sandbox] SMS ${phone}: ${outbox[0].code}`);
    // '+' unencoded in the query reads as a space; the outbox still finds the phone.
    expect((await sb.call('/__sandbox/outbox?to=+90 (532) 111 22 33')).body.data[0].code).toBe(outbox[0].code);
    const phoneApproved = await sb.call('/v1/customers/approve-phone', {
      form_security_hash: hash,
      sms_hash: phoneRequest.body.hash,
      phone,
      sms_code: outbox[0].code,
    });
    expect(phoneApproved.status).toBe(200);
    expect(phoneApproved.body.hash).not.toBe(hash);
    hash = phoneApproved.body.hash;

    // Finishing needs both.
    const early = await sb.call('/v1/customers/register-step-4', { form_security_hash: hash });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Telefon ve e-posta adresinizi onaylamanız gerekmektedir.');

    hash = await verifyContact(sb, hash, 'mail', mail);
    expect(sb.logs.some((line) => line.startsWith(`[sandbox] MAIL ${mail}: `))).toBe(true);

    const finish = await sb.call('/v1/customers/register-step-4', { form_security_hash: hash });
    expect(finish.status).toBe(200);
    const { token, user } = finish.body.data as TokenAnswer;
    expect(token).toEqual(expect.any(String));
    expect(user.data).toMatchObject({
      name: 'Can',
      surname: 'Öztürk',
      phone,
      mail,
      nationality_type: 1,
      nationality_number: tc,
      gender: 2,
      mother_name: 'Sevgi',
      father_name: 'Kemal',
      confirm_nationality: { status: 0, front: { data: null }, back: { data: null }, message: null },
    });
    expect(new Date(user.data.birthdate * 1000).toISOString().slice(0, 10)).toBe('1992-04-15');
    expect(user.subscriptions).toHaveLength(1);
    const subscription = user.subscriptions[0]!;
    expect(subscription).toMatchObject({
      status: 1,
      data: {
        reference_type: 1,
        subscription_type: 1,
        bbk: gbpsDoor.bbk,
        product: { name: 'Limitsiz Fiber 1000', speed: 1000, total_price: 799.9 },
        customer: { personal: { nationality_number: tc, name: 'Can', surname: 'Öztürk' }, company: null },
        auth_params: null,
      },
    });
    expect(subscription.data.address.district.text).toBe('Kadıköy');
    expect(subscription.data.address.floor.text).toBe('Daire 1');
    expect(subscription.service_number).toMatch(/^30\d{8}$/);

    // The finished form's hash is gone; the token works; the new customer can log in.
    expect((await sb.call('/v1/customers/register-step-4', { form_security_hash: hash })).body.message).toBe(FORM_INVALID);
    const me = await sb.call('/v1/customers/token-auth', { token });
    expect(me.status).toBe(200);
    expect((me.body.data as User).user_id).toBe(user.user_id);
    await sb.hook('/clock', { advance_seconds: 61 });
    const loginToken = await login(sb, tc, phone);
    expect((await sb.call('/v1/customers/token-auth', { token: loginToken })).body.data.data.nationality_number).toBe(tc);

    // Registering again with that TC is refused.
    const again = await sb.call('/v1/customers/register-step-3', identity(await step2(await step1()), tc));
    expect(again.status).toBe(409);
    expect(again.body.details).toEqual({ registered_user: true });
  });

  it('refuses addresses without fibre or VDSL, unknown BBK codes and inconsistent levels', async () => {
    for (const digit of [8, 9]) {
      const answer = await sb.call('/v1/customers/register-step-1', addressFieldsOf(doorWithDigit(digit)));
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe('Bu adres için uygun altyapı bulunmamaktadır.');
    }
    expect((await sb.call('/v1/customers/register-step-1', addressFieldsOf(vdslDoor))).status).toBe(200);
    const unknown = await sb.call('/v1/customers/register-step-1', { ...addressFieldsOf(fibreDoor), address_bbk: '99999999999' });
    expect(unknown.status).toBe(404);
    const wrongDistrict = await sb.call('/v1/customers/register-step-1', { ...addressFieldsOf(fibreDoor), address_district: 34001 });
    expect(wrongDistrict.status).toBe(400);
    expect(wrongDistrict.body.details.field).toBe('address_district');
    // Strings are as good as numbers; the inner door may also be named by its number.
    const strings = Object.fromEntries(Object.entries(addressFieldsOf(fibreDoor)).map(([k, v]) => [k, String(v)]));
    expect((await sb.call('/v1/customers/register-step-1', { ...strings, address_floor: String(fibreDoor.door) })).status).toBe(200);
    const missing = await sb.call('/v1/customers/register-step-1', { ...addressFieldsOf(fibreDoor), address_bbk: undefined });
    expect(missing.body.details).toEqual({ code: '002', field: 'address_bbk' });
  });

  it('checks the package against the address and the setup-price options', async () => {
    const fibreHash = await step1(fibreDoor);
    const vdslProduct = await sb.call('/v1/customers/register-step-2', { form_security_hash: fibreHash, product_id: 5, pre_price_paid_type: 0 });
    expect(vdslProduct.status).toBe(409);
    expect(vdslProduct.body.message).toBe('Seçtiğiniz tarife bu hattın altyapısına uygun değil.');
    expect((await sb.call('/v1/customers/register-step-2', { form_security_hash: fibreHash, product_id: 99, pre_price_paid_type: 0 })).status).toBe(404);
    const badOption = await sb.call('/v1/customers/register-step-2', { form_security_hash: fibreHash, product_id: 1, pre_price_paid_type: 2 });
    expect(badOption.status).toBe(400);
    expect(badOption.body.message).toBe('Kurulum ücreti ödeme yönteminizi lütfen seçin.');
    const vdslHash = await step1(vdslDoor);
    expect((await sb.call('/v1/customers/register-step-2', { form_security_hash: vdslHash, product_id: 1, pre_price_paid_type: 0 })).status).toBe(409);
    await step2(vdslHash, 6, 1);
  });

  it('rotates the hash: an old hash is refused, and a hash expires after 30 minutes', async () => {
    const first = await step1();
    const second = await step2(first);
    expect(second).not.toBe(first);
    const old = await sb.call('/v1/customers/register-step-2', { form_security_hash: first, product_id: 1, pre_price_paid_type: 0 });
    expect(old.status).toBe(400);
    expect(old.body.message).toBe(FORM_INVALID);
    expect((await sb.call('/v1/customers/register-step-3', identity('made-up', freshTc()))).body.message).toBe(FORM_INVALID);
    // Going back a step with the current hash is fine.
    const third = await step2(second, 2, 1);

    await sb.hook('/clock', { advance_seconds: 29 * 60 });
    const fourth = await step2(third);
    await sb.hook('/clock', { advance_seconds: 30 * 60 + 1 });
    const expired = await sb.call('/v1/customers/register-step-3', identity(fourth, freshTc()));
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(FORM_INVALID);
  });

  it('ages one form past its 30 minutes through the forms/expire hook, and no other', async () => {
    const aged = await step2(await step1());
    const other = await step2(await step1());
    expect((await sb.hook('/forms/expire', { hash: aged })).body.data).toEqual({ expired: 1 });
    const refused = await sb.call('/v1/customers/register-step-3', identity(aged, freshTc()));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: FORM_INVALID, details: { reason: 'form_invalid' } });
    expect((await sb.call('/v1/customers/register-step-3', identity(other, freshTc()))).status).toBe(200);
    expect((await sb.hook('/forms/expire', { hash: 'unknown' })).status).toBe(404);
  });

  it('keeps the step order and the flows apart', async () => {
    const hash = await step1();
    const skipped = await sb.call('/v1/customers/register-step-3', identity(hash, freshTc()));
    expect(skipped.status).toBe(409);
    expect(skipped.body.message).toBe('Lütfen başvuru adımlarını sırasıyla tamamlayın.');
    expect((await sb.call('/v1/customers/register-step-4', { form_security_hash: hash })).status).toBe(409);
    // A new-application hash is no transfer hash.
    expect((await sb.call('/v1/customers/transfer-register-step-3', { form_security_hash: hash, product_id: 1 })).body.message).toBe(FORM_INVALID);
  });

  it('checks identity data: registered TCs, the checksum, the birth date and the job', async () => {
    const hash = await step2(await step1());
    for (const fixture of Object.values(FIXTURE_CUSTOMERS)) {
      const answer = await sb.call('/v1/customers/register-step-3', identity(hash, fixture.nationality_number));
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({
        status: false,
        message: 'Bu TC kimlik numarası ile kayıtlı bir kullanıcı bulunmaktadır.',
        details: { registered_user: true },
      });
    }
    const checksum = await sb.call('/v1/customers/register-step-3', identity(hash, '12345678901'));
    expect(checksum.status).toBe(400);
    expect(checksum.body.message).toBe('TC kimlik numarası uygun değil. Lütfen kontrol edin.');
    const date = await sb.call('/v1/customers/register-step-3', { ...identity(hash, freshTc()), birthdate: '31/02/1990' });
    expect(date.body.details).toEqual({ code: '016', field: 'birthdate' });
    const job = await sb.call('/v1/customers/register-step-3', { ...identity(hash, freshTc()), job: 'ASTRONOT' });
    expect(job.body.details).toEqual({ code: '014', field: 'job' });
    const gender = await sb.call('/v1/customers/register-step-3', { ...identity(hash, freshTc()), gender: 3 });
    expect(gender.body.details).toEqual({ code: '014', field: 'gender' });
    const word = await sb.call('/v1/customers/register-step-3', { ...identity(hash, freshTc()), security_word: 'iki kelime' });
    expect(word.body.details).toEqual({ code: '016', field: 'security_word' });
    const withoutNationality = identity(hash, freshTc());
    delete withoutNationality.nationality;
    expect((await sb.call('/v1/customers/register-step-3', withoutNationality)).status).toBe(200);
  });
});

describe('one-time codes', () => {
  it('refuses a wrong code, then voids the code after the third wrong try', async () => {
    const hash = await step3(await step2(await step1()));
    const phone = freshPhone();
    const request = await sb.call('/v1/customers/approve-phone-request', { form_security_hash: hash, phone });
    const code = await sb.lastCode(phone);
    const attempt = (sms_code: string) =>
      sb.call('/v1/customers/approve-phone', { form_security_hash: hash, sms_hash: request.body.hash, phone, sms_code });

    const first = await attempt(wrongCode(code));
    expect(first.status).toBe(400);
    expect(first.body.message).toBe('SMS onay kodu hatalı. Lütfen kodu kontrol edin.');
    expect((await attempt(wrongCode(code))).body.message).toBe('SMS onay kodu hatalı. Lütfen kodu kontrol edin.');
    const third = await attempt(wrongCode(code));
    expect(third.body.message).toBe('Çok fazla hatalı deneme yaptınız. Lütfen yeni bir kod isteyin.');
    // The fourth try, even with the right code, finds the code void.
    const fourth = await attempt(code);
    expect(fourth.status).toBe(400);
    expect(fourth.body.message).toBe('Çok fazla hatalı deneme yaptınız. Lütfen yeni bir kod isteyin.');
  });

  it('refuses a new code within 60 seconds with 429 and Retry-After', async () => {
    const hash = await step1();
    const mail = 'resend@example.com';
    expect((await sb.call('/v1/customers/approve-mail-request', { form_security_hash: hash, mail })).status).toBe(200);
    await sb.hook('/clock', { advance_seconds: 20 });
    const early = await sb.call('/v1/customers/approve-mail-request', { form_security_hash: hash, mail });
    expect(early.status).toBe(429);
    expect(early.body.message).toBe('Yeni bir kod istemeden önce lütfen 40 saniye bekleyin.');
    expect(early.headers.get('retry-after')).toBe('40');
    await sb.hook('/clock', { advance_seconds: 40 });
    const later = await sb.call('/v1/customers/approve-mail-request', { form_security_hash: hash, mail });
    expect(later.status).toBe(200);
    // The new code replaces the old one.
    const codes = (await sb.call(`/__sandbox/outbox?to=${mail}`)).body.data;
    expect(codes).toHaveLength(2);
    expect(codes[0].channel).toBe('mail');
  });

  it('expires a code after 180 seconds and refuses a wrong mail code with the mail text', async () => {
    const hash = await step1();
    const mail = 'expiry@example.com';
    const request = await sb.call('/v1/customers/approve-mail-request', { form_security_hash: hash, mail });
    const code = await sb.lastCode(mail);
    const wrong = await sb.call('/v1/customers/approve-mail', { form_security_hash: hash, mail_hash: request.body.hash, mail, mail_code: wrongCode(code) });
    expect(wrong.body.message).toBe('E-posta onay kodu hatalı. Lütfen kodu kontrol edin.');
    await sb.hook('/clock', { advance_seconds: 181 });
    const expired = await sb.call('/v1/customers/approve-mail', { form_security_hash: hash, mail_hash: request.body.hash, mail, mail_code: code });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe('Onay kodunun süresi doldu. Lütfen yeni bir kod isteyin.');
  });

  it('binds a code to its form and its phone', async () => {
    const hash = await step1();
    const other = await step1();
    const phone = freshPhone();
    const request = await sb.call('/v1/customers/approve-phone-request', { form_security_hash: hash, phone });
    const code = await sb.lastCode(phone);
    const elsewhere = await sb.call('/v1/customers/approve-phone', { form_security_hash: other, sms_hash: request.body.hash, phone, sms_code: code });
    expect(elsewhere.status).toBe(400);
    const otherPhone = await sb.call('/v1/customers/approve-phone', {
      form_security_hash: hash,
      sms_hash: request.body.hash,
      phone: freshPhone(),
      sms_code: code,
    });
    expect(otherPhone.status).toBe(400);
    const ok = await sb.call('/v1/customers/approve-phone', { form_security_hash: hash, sms_hash: request.body.hash, phone, sms_code: code });
    expect(ok.status).toBe(200);
    // A used code cannot be used twice.
    const twice = await sb.call('/v1/customers/approve-phone', { form_security_hash: ok.body.hash, sms_hash: request.body.hash, phone, sms_code: code });
    expect(twice.status).toBe(400);
  });
});

describe('campaign and reference codes', () => {
  const campaign = (hash: string, campaign_code = 'KAMPANYA50', nationality_number = '10000000146') =>
    sb.call('/v1/customers/apply-campaign-code', { form_security_hash: hash, campaign_code, nationality_number });
  const reference = (hash: string, reference_code = 'REFERANS30') =>
    sb.call('/v1/customers/apply-reference-code', { form_security_hash: hash, reference_code });

  it('applies a campaign code with a new hash and refuses a second one and a reference code after it', async () => {
    const hash = await step2(await step1());
    expect((await campaign(hash, 'YOK')).body).toEqual({ status: false, message: 'Kampanya kodu bulunamadı.', details: { field: 'campaign_code' } });
    expect((await campaign(hash, 'KAMPANYA50', '12345678901')).status).toBe(400);
    expect((await campaign(hash, 'KAMPANYA50', '1234')).body.details).toEqual({ code: '009', field: 'nationality_number' });
    expect((await campaign(hash, '')).body.details).toEqual({ code: '004', field: 'campaign_code' });
    expect((await campaign(hash, 'X'.repeat(33))).body.details).toEqual({ code: '007', field: 'campaign_code' });
    const applied = await campaign(hash, 'kampanya50');
    expect(applied.status).toBe(200);
    expect(applied.body.message).toBe('Kod Uygulandı');
    expect(applied.body.hash).not.toBe(hash);
    expect(applied.body.data).toMatchObject({ code: 'KAMPANYA50', monthly_discount: 50, months: 3 });
    expect((await campaign(hash)).body.message).toBe('Form oturumunuz geçersiz veya süresi dolmuş. Lütfen başvuruya baştan başlayın.');
    const second = await campaign(applied.body.hash);
    expect(second.status).toBe(409);
    expect(second.body.message).toContain('birleştirilemez');
    const withReference = await reference(applied.body.hash);
    expect(withReference.status).toBe(409);
    expect(withReference.body.message).toContain('Referans kodu');
  });

  it('applies a reference code and refuses a campaign code after it', async () => {
    const hash = await step1();
    expect((await reference(hash, 'YOK')).body.message).toBe('Referans kodu bulunamadı.');
    const applied = await reference(hash);
    expect(applied.status).toBe(200);
    expect(applied.body.message).toBe('Referans Kodu Uygulandı');
    expect(applied.body.data).toMatchObject({ code: 'REFERANS30', monthly_discount: 30, months: 12 });
    const then = await campaign(applied.body.hash);
    expect(then.status).toBe(409);
    expect(then.body.message).toBe('Referans kodu uygulanan başvurularda kampanya kodu kullanılamaz.');
    expect((await reference(applied.body.hash)).status).toBe(409);
  });

  it('stores the applied code on the subscription (logged-in path)', async () => {
    const token = await login(sb, FIXTURE_CUSTOMERS.underApproval.nationality_number, FIXTURE_CUSTOMERS.underApproval.phone);
    let hash = await step1(vdslDoor);
    hash = (await campaign(hash, 'KAMPANYA50', FIXTURE_CUSTOMERS.underApproval.nationality_number)).body.hash;
    const body = { form_security_hash: hash, product_id: 6, pre_price_paid_type: 1, subscription_type: 1 };
    const created = await sb.call('/v1/customers/auth-register-step-2', body, { token });
    expect(created.status).toBe(200);
    const subscription = created.body.data as Subscription;
    expect(subscription).toMatchObject({
      status: 1,
      data: { reference_type: 1, campaign_code: 'KAMPANYA50', reference_code: null, product: { name: 'Limitsiz VDSL 35' } },
    });
    expect((await sb.call('/v1/customers/auth-register-step-2', body, { token })).body.message).toBe(
      'Form oturumunuz geçersiz veya süresi dolmuş. Lütfen başvuruya baştan başlayın.',
    );
    const user = (await sb.call('/v1/customers/token-auth', { token })).body.data as User;
    expect(user.subscriptions.map((s) => s.subscription_id)).toEqual([subscription.subscription_id]);
  });
});

describe('auth-register-step-2', () => {
  it('adds a subscription to the logged-in customer, newest first', async () => {
    const token = await login(sb, FIXTURE_CUSTOMERS.approved.nationality_number, FIXTURE_CUSTOMERS.approved.phone);
    const hash = await step1(fibreDoor);
    const answer = await sb.call(
      '/v1/customers/auth-register-step-2',
      { form_security_hash: hash, product_id: 2, pre_price_paid_type: 0, subscription_type: 1 },
      { token },
    );
    expect(answer.status).toBe(200);
    const user = (await sb.call('/v1/customers/token-auth', { token })).body.data as User;
    expect(user.subscriptions[0]!.subscription_id).toBe(answer.body.data.subscription_id);
    expect(user.subscriptions.map((s) => s.subscription_id).slice(1)).toEqual([1003, 1002, 1001]);
    const dates = user.subscriptions.map((s) => s.info.register_date);
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    const wrongType = await sb.call(
      '/v1/customers/auth-register-step-2',
      { form_security_hash: await step1(), product_id: 2, pre_price_paid_type: 0, subscription_type: 2 },
      { token },
    );
    expect(wrongType.body.details).toEqual({ code: '014', field: 'subscription_type' });
  });
});

describe('verification on a form', () => {
  it('approve-phone marks the phone and answers a new hash; requests keep the hash', async () => {
    let hash = await step3(await step2(await step1()));
    const phone = freshPhone();
    hash = await verifyContact(sb, hash, 'phone', phone);
    const bad = await sb.call('/v1/customers/approve-phone-request', { form_security_hash: hash, phone: '+90 (212) 555 00 00' });
    expect(bad.body.details).toEqual({ code: '016', field: 'phone' });
    const badMail = await sb.call('/v1/customers/approve-mail-request', { form_security_hash: hash, mail: 'Ayse@Example.com' });
    expect(badMail.body.details).toEqual({ code: '016', field: 'mail' });
    hash = await verifyContact(sb, hash, 'mail', 'verified@example.com');
    const done = await sb.call('/v1/customers/register-step-4', { form_security_hash: hash });
    expect(done.status).toBe(200);
    expect(done.body.data.user.data).toMatchObject({ phone, mail: 'verified@example.com' });
  });
});
