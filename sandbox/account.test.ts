import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyDocs, ConfirmNationality, Subscription, User } from '@/lib/api/types';
import { subscriptionStatusKey, type SubscriptionStatusKey } from '@/lib/domain/subscription';
import { FIXTURE_CUSTOMERS } from '@/sandbox/fixtures';
import { login, startSandbox, wrongCode, type TestSandbox } from '@/sandbox/test-support';

let sb: TestSandbox;

beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(async () => {
  await sb.dispose();
});

const { approved, notSent, underApproval } = FIXTURE_CUSTOMERS;

async function me(token: string): Promise<User> {
  const answer = await sb.call('/v1/customers/token-auth', { token });
  expect(answer.status).toBe(200);
  return answer.body.data as User;
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const PDF = Buffer.from('%PDF-1.4\n% sample\n');
const TEXT = Buffer.from('just some text, not an image');

function form(files: Record<string, Buffer>, fields: Record<string, string> = {}): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const [name, content] of Object.entries(files)) data.append(name, new Blob([new Uint8Array(content)]), `${name}.bin`);
  return data;
}

describe('login', () => {
  it('logs in with TC and SMS code and answers the user of spec §3', async () => {
    const unknown = await sb.call('/v1/customers/auth-start', { nationality_number: '10000000078' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Bu TC kimlik numarasına ait bir kayıt bulunamadı.');

    const start = await sb.call('/v1/customers/auth-start', { nationality_number: approved.nationality_number });
    expect(start.status).toBe(200);
    expect(start.body.hash).toEqual(expect.any(String));
    const code = await sb.lastCode(approved.phone);
    expect(sb.logs).toContain(`[sandbox] SMS ${approved.phone}: ${code}`);

    const wrong = await sb.call('/v1/customers/auth', { form_security_hash: start.body.hash, sms_code: wrongCode(code) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('SMS onay kodu hatalı. Lütfen kodu kontrol edin.');
    const again = await sb.call('/v1/customers/auth-start', { nationality_number: approved.nationality_number });
    expect(again.status).toBe(429);

    const auth = await sb.call('/v1/customers/auth', { form_security_hash: start.body.hash, sms_code: code });
    expect(auth.status).toBe(200);
    const { token, user } = auth.body.data as { token: string; user: User };
    expect(Object.keys(auth.body.data).sort()).toEqual(['token', 'user']);
    expect(user).toMatchObject({
      user_id: 501,
      data: {
        name: 'Ayşe',
        surname: 'Yılmaz',
        phone: approved.phone,
        mail: approved.mail,
        nationality_type: 1,
        nationality_number: approved.nationality_number,
        gender: 1,
        mother_name: 'Fatma',
        father_name: 'Mehmet',
        confirm_nationality: { status: 2, message: null },
      },
    });
    expect(Object.keys(user.data).sort()).toEqual(
      ['birthdate', 'confirm_nationality', 'father_name', 'gender', 'mail', 'mother_name', 'name', 'nationality_number', 'nationality_type', 'phone', 'surname'].sort(),
    );
    expect(user.data.confirm_nationality.front.data?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\/[0-9a-f]{32}\.pdf$/);

    // Newest first: corporate (2025-06), transfer (2025-01), new (2024-03).
    const [corporate, transfer, started] = user.subscriptions as [Subscription, Subscription, Subscription];
    expect(user.subscriptions.map((s) => s.subscription_id)).toEqual([1003, 1002, 1001]);
    expect(started).toMatchObject({
      status: 200,
      data: { reference_type: 1, subscription_type: 1, auth_params: { username: expect.any(String), password: expect.any(String) } },
    });
    expect(started.signed_contract?.data?.url).toContain('/files/signed-contract-');
    expect(transfer).toMatchObject({
      status: 2,
      service_number: '1712345678',
      data: { reference_type: 2, current_company: expect.any(String), auth_params: null },
    });
    expect(corporate).toMatchObject({
      status: 3,
      data: {
        subscription_type: 2,
        customer: {
          personal: { nationality_number: approved.nationality_number, name: 'Ayşe', surname: 'Yılmaz' },
          company: { name: expect.any(String), tax_central: expect.any(String), tax_number: expect.stringMatching(/^\d{10}$/), docs: { status: 3 } },
        },
      },
    });
    expect(corporate.data.customer.company!.docs.message).toEqual(expect.any(String));
    expect(new Set(user.subscriptions.map((s) => s.info.register_date)).size).toBe(3);

    // The security hash is used up.
    expect((await sb.call('/v1/customers/auth', { form_security_hash: start.body.hash, sms_code: code })).status).toBe(400);
    expect((await me(token)).user_id).toBe(501);
  });

  it('expires a login code and voids it after three wrong tries', async () => {
    const start = await sb.call('/v1/customers/auth-start', { nationality_number: underApproval.nationality_number });
    const code = await sb.lastCode(underApproval.phone);
    for (let i = 0; i < 3; i++) await sb.call('/v1/customers/auth', { form_security_hash: start.body.hash, sms_code: wrongCode(code) });
    const voided = await sb.call('/v1/customers/auth', { form_security_hash: start.body.hash, sms_code: code });
    expect(voided.body.message).toBe('Çok fazla hatalı deneme yaptınız. Lütfen yeni bir kod isteyin.');

    await sb.hook('/clock', { advance_seconds: 60 });
    const next = await sb.call('/v1/customers/auth-start', { nationality_number: underApproval.nationality_number });
    expect(next.status).toBe(200);
    await sb.hook('/clock', { advance_seconds: 181 });
    const expired = await sb.call('/v1/customers/auth', { form_security_hash: next.body.hash, sms_code: await sb.lastCode(underApproval.phone) });
    expect(expired.body.message).toBe('Onay kodunun süresi doldu. Lütfen yeni bir kod isteyin.');
  });

  it('expires the codes of one phone only through the codes/expire hook', async () => {
    await sb.hook('/clock', { advance_seconds: 61 });
    const start = await sb.call('/v1/customers/auth-start', { nationality_number: underApproval.nationality_number });
    const expire = await sb.hook('/codes/expire', { to: underApproval.phone });
    expect(expire.body.data).toEqual({ expired: 1 });
    const expired = await sb.call('/v1/customers/auth', { form_security_hash: start.body.hash, sms_code: await sb.lastCode(underApproval.phone) });
    expect(expired.body.message).toBe('Onay kodunun süresi doldu. Lütfen yeni bir kod isteyin.');
  });

  it('token-auth answers 401 for unknown tokens', async () => {
    const answer = await sb.call('/v1/customers/token-auth', { token: 'unknown' });
    expect(answer.status).toBe(401);
    expect(answer.body.status).toBe(false);
  });
});

describe('identity upload', () => {
  it('moves identity status 0 to 1 with good files, serves them, and refuses further uploads', async () => {
    const token = await login(sb, notSent.nationality_number, notSent.phone);
    expect((await me(token)).data.confirm_nationality.status).toBe(0);

    const badType = await sb.call('/v1/customers/upload-nationality-docs', form({ 'front-nationality-license': PNG, 'back-nationality-license': TEXT }), { token });
    expect(badType.status).toBe(400);
    expect(badType.body).toMatchObject({ message: 'Yüklediğiniz dosya uygun değil.', details: { field: 'back-nationality-license' } });
    const onlyOne = await sb.call('/v1/customers/upload-nationality-docs', form({ 'front-nationality-license': PNG }), { token });
    expect(onlyOne.status).toBe(400);
    const extra = await sb.call('/v1/customers/upload-nationality-docs', form({ 'front-nationality-license': PNG, 'back-nationality-license': PNG }, { foo: 'bar' }), {
      token,
    });
    expect(extra.status).toBe(400);
    const json = await sb.call('/v1/customers/upload-nationality-docs', { front: 'x' }, { token });
    expect(json.status).toBe(400);
    const tooBig = await sb.call(
      '/v1/customers/upload-nationality-docs',
      form({ 'front-nationality-license': Buffer.concat([PNG, Buffer.alloc(4_000_001 - PNG.length)]), 'back-nationality-license': PNG }),
      { token },
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe('Yüklediğiniz dosya, maksimum boyutun üstünde.');
    expect((await me(token)).data.confirm_nationality.status).toBe(0);

    const exact = Buffer.concat([JPEG, Buffer.alloc(4_000_000 - JPEG.length)]);
    const upload = await sb.call('/v1/customers/upload-nationality-docs', form({ 'front-nationality-license': PNG, 'back-nationality-license': exact }), { token });
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    expect(upload.body.message).toBe('Dosyalar Yüklendi');
    const confirm = upload.body.data as ConfirmNationality;
    expect(confirm.status).toBe(1);
    const front = await fetch(confirm.front.data!.url);
    expect(front.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await front.arrayBuffer()).equals(PNG)).toBe(true);
    const back = await fetch(confirm.back.data!.url);
    expect(back.headers.get('content-type')).toBe('image/jpeg');
    expect(Number(back.headers.get('content-length'))).toBe(4_000_000);
    expect((await me(token)).data.confirm_nationality).toEqual(confirm);

    const second = await sb.call('/v1/customers/upload-nationality-docs', form({ 'front-nationality-license': PNG, 'back-nationality-license': PDF }), { token });
    expect(second.status).toBe(409);

    // Rejected (3) allows a new upload; approved (2) does not.
    const rejected = await sb.hook(`/customers/${notSent.nationality_number}/identity-status`, { status: 3, message: 'Görseller okunaklı değil.' });
    expect(rejected.body.data).toMatchObject({ status: 3, message: 'Görseller okunaklı değil.' });
    expect((await me(token)).data.confirm_nationality.message).toBe('Görseller okunaklı değil.');
    const reupload = await sb.call('/v1/customers/upload-nationality-docs', form({ 'front-nationality-license': PDF, 'back-nationality-license': PDF }), { token });
    expect(reupload.status).toBe(200);
    expect(reupload.body.data).toMatchObject({ status: 1, message: null });
    await sb.hook(`/customers/${notSent.nationality_number}/identity-status`, { status: 2 });
    const approvedUpload = await sb.call('/v1/customers/upload-nationality-docs', form({ 'front-nationality-license': PDF, 'back-nationality-license': PDF }), { token });
    expect(approvedUpload.status).toBe(409);
  });

  it('identity-status hook reaches every state, with document links for 1 and 2', async () => {
    // The customer's own session must see each state the hook sets, as the profile's Identity tab does.
    await sb.hook('/clock', { advance_seconds: 61 });
    const token = await login(sb, underApproval.nationality_number, underApproval.phone);
    for (const status of [0, 1, 2, 3] as const) {
      const answer = await sb.hook(`/customers/${underApproval.nationality_number}/identity-status`, { status });
      expect(answer.status).toBe(200);
      const confirm = answer.body.data as ConfirmNationality;
      expect(confirm.status).toBe(status);
      expect(confirm.message).toBe(status === 3 ? 'Kimlik belgeleriniz onaylanmadı. Lütfen okunaklı görseller yükleyin.' : null);
      if (status === 0) expect([confirm.front.data, confirm.back.data]).toEqual([null, null]);
      if (status === 1 || status === 2) {
        expect(confirm.front.data?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\/[0-9a-f]{32}\.pdf$/);
        expect(confirm.back.data?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\/[0-9a-f]{32}\.pdf$/);
      }
      expect((await me(token)).data.confirm_nationality).toEqual(confirm);
    }
    expect((await sb.hook('/customers/10000000078/identity-status', { status: 1 })).status).toBe(404);
    expect((await sb.hook(`/customers/${underApproval.nationality_number}/identity-status`, { status: 4 })).body.details.code).toBe('014');
  });
});

describe('company documents upload', () => {
  it('moves rejected corporate docs to 1 and refuses other subscriptions', async () => {
    await sb.hook('/clock', { advance_seconds: 61 });
    const token = await login(sb, approved.nationality_number, approved.phone);
    const upload = (subscription_id: string, files = { 'tax-plate': PDF, 'signature-circular': JPEG }) =>
      sb.call('/v1/customers/upload-subscription-docs', form(files, { subscription_id }), { token });

    expect((await upload('1001')).status).toBe(409); // individual
    expect((await upload('1004')).status).toBe(404); // someone else's
    expect((await upload('abc')).body.details).toEqual({ code: '016', field: 'subscription_id' });
    expect((await upload('1003', { 'tax-plate': TEXT, 'signature-circular': JPEG })).status).toBe(400);

    const answer = await upload('1003');
    expect(answer.status).toBe(200);
    const docs = answer.body.data as CompanyDocs;
    expect(docs).toMatchObject({ status: 1, message: null });
    expect((await fetch(docs.tax_plate.data!.url)).headers.get('content-type')).toBe('application/pdf');
    expect((await fetch(docs.signature_circular.data!.url)).headers.get('content-type')).toBe('image/jpeg');
    expect((await upload('1003')).status).toBe(409);

    const user = await me(token);
    expect(user.subscriptions.find((s) => s.subscription_id === 1003)!.data.customer.company!.docs).toEqual(docs);

    const reviewed = await sb.hook('/subscriptions/1003/docs-status', { status: 3, message: 'İmza sirküleri eksik.' });
    expect(reviewed.body.data).toMatchObject({ status: 3, message: 'İmza sirküleri eksik.' });
    expect((await upload('1003')).status).toBe(200);
    expect((await sb.hook('/subscriptions/1001/docs-status', { status: 2 })).status).toBe(409);
  });
});

describe('subscription status hook', () => {
  it('reaches every status label and gives modem credentials at 200', async () => {
    // #1004 is Mehmet Demir's: his own session must see each status and its label (spec §4), and the
    // modem credentials only at 200 (spec §2, Modem Info).
    await sb.hook('/clock', { advance_seconds: 61 });
    const token = await login(sb, notSent.nationality_number, notSent.phone);
    const labels: Record<number, SubscriptionStatusKey> = {
      1: 'new',
      2: 'eGovernment',
      3: 'onboarding',
      4: 'inProcess',
      5: 'inProcess',
      998: 'cancelled',
      999: 'cancelled',
      200: 'started',
    };
    const seen: SubscriptionStatusKey[] = [];
    for (const status of [1, 2, 3, 4, 5, 998, 999, 200, 3]) {
      const answer = await sb.hook('/subscriptions/1004/status', { status });
      expect(answer.status).toBe(200);
      expect(answer.body.data.status).toBe(status);
      const own = (await me(token)).subscriptions.find((subscription) => subscription.subscription_id === 1004)!;
      expect(own).toEqual(answer.body.data);
      expect(own.status).toBe(status);
      if (status === 200) expect(own.data.auth_params).toEqual({ username: 'abone.1004', password: expect.stringMatching(/^Modem-\d{4}$/) });
      else expect(own.data.auth_params).toBeNull();
      seen.push(subscriptionStatusKey(own.status));
      expect(seen.at(-1)).toBe(labels[status]);
    }
    expect(new Set(seen)).toEqual(new Set(Object.values(labels)));
    expect((await sb.hook('/subscriptions/1004/status', { status: 6 })).body.details.code).toBe('014');
    expect((await sb.hook('/subscriptions/999999/status', { status: 2 })).status).toBe(404);
    expect((await sb.hook('/unknown-hook', {})).status).toBe(404);
  });
});
