import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Subscription, TokenAnswer, User } from '@/lib/api/types';
import { FIXTURE_CUSTOMERS, FIXTURE_TRANSFER_SERVICE_NUMBER } from '@/sandbox/fixtures';
import {
  addressFieldsOf,
  doorWithDigit,
  identity,
  login,
  validNationalityNumber,
  startSandbox,
  verifyContact,
  type TestSandbox,
} from '@/sandbox/test-support';

let sb: TestSandbox;

beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(async () => {
  await sb.dispose();
});

const FICTIONAL_PROVIDERS = ['Anadolu Net', 'Marmara Telekom', 'Ege İletişim', 'Karadeniz Bağlantı', 'Toros Fiber'];

async function lookup(service_number: string) {
  return sb.call('/v1/customers/transfer-register-step-1', { service_number });
}

describe('transfer', () => {
  it('runs from service number to a logged-in customer', async () => {
    const serviceNumber = '8812345001';
    const first = await lookup(serviceNumber);
    expect(first.status).toBe(200);
    expect(FICTIONAL_PROVIDERS).toContain(first.body.data.company);
    // The provider is fixed by the number.
    expect((await lookup(serviceNumber)).body.data.company).toBe(first.body.data.company);

    // Any address will do (the line exists already), even one without coverage.
    const door = doorWithDigit(9, { plate: 35, district: 'Karşıyaka' });
    const step2 = await sb.call('/v1/customers/transfer-register-step-2', { form_security_hash: first.body.hash, ...addressFieldsOf(door) });
    expect(step2.status, JSON.stringify(step2.body)).toBe(200);

    // 88... is VDSL: fibre tariffs are refused.
    const fibre = await sb.call('/v1/customers/transfer-register-step-3', { form_security_hash: step2.body.hash, product_id: 1 });
    expect(fibre.status).toBe(409);
    const step3 = await sb.call('/v1/customers/transfer-register-step-3', { form_security_hash: step2.body.hash, product_id: 5 });
    expect(step3.status).toBe(200);

    const tc = validNationalityNumber('345678901');
    const step4 = await sb.call('/v1/customers/transfer-register-step-4', identity(step3.body.hash, tc));
    expect(step4.status).toBe(200);

    const notYet = await sb.call('/v1/customers/transfer-register-step-5', { form_security_hash: step4.body.hash });
    expect(notYet.status).toBe(409);
    expect(notYet.body.message).toBe('Telefon ve e-posta adresinizi onaylamanız gerekmektedir.');

    const phone = '+90 (544) 321 00 11';
    let hash = await verifyContact(sb, step4.body.hash, 'phone', phone);
    hash = await verifyContact(sb, hash, 'mail', 'transfer@example.com');
    const finish = await sb.call('/v1/customers/transfer-register-step-5', { form_security_hash: hash });
    expect(finish.status).toBe(200);
    const { token, user } = finish.body.data as TokenAnswer;
    expect(user.subscriptions[0]).toMatchObject({
      status: 1,
      service_number: serviceNumber,
      data: {
        reference_type: 2,
        current_company: first.body.data.company,
        bbk: door.bbk,
        product: { name: 'Limitsiz VDSL 24' },
        address: { province: { text: 'İzmir' }, district: { text: 'Karşıyaka' } },
      },
    });
    expect((await sb.call('/v1/customers/token-auth', { token })).status).toBe(200);

    // The number is ours now: it cannot be transferred again.
    const again = await lookup(serviceNumber);
    expect(again.status).toBe(409);
  });

  it('knows 17 as fibre, 18 and 88 as VDSL and nothing else', async () => {
    for (const [number, fibreOk] of [
      ['1700000123', true],
      ['1800000123', false],
      ['8800000123', false],
    ] as const) {
      const start = await lookup(number);
      expect(start.status, number).toBe(200);
      const step2 = await sb.call('/v1/customers/transfer-register-step-2', { form_security_hash: start.body.hash, ...addressFieldsOf(doorWithDigit(3)) });
      const step3 = await sb.call('/v1/customers/transfer-register-step-3', { form_security_hash: step2.body.hash, product_id: 2 });
      expect(step3.status, number).toBe(fibreOk ? 200 : 409);
    }
    for (const number of ['9123456789', '9812345', '1212345678', '5551234']) {
      const answer = await lookup(number);
      expect(answer.status, number).toBe(404);
      expect(answer.body).toEqual({ status: false, message: 'Hizmet numarası bulunamadı.', details: { field: 'service_number' } });
    }
    expect((await lookup('1234')).body.details).toEqual({ code: '016', field: 'service_number' });
    expect((await lookup('17abc123')).body.details).toEqual({ code: '016', field: 'service_number' });
    expect((await lookup(FIXTURE_TRANSFER_SERVICE_NUMBER)).status).toBe(409);
  });

  it('answers registered_user at step 4 and keeps the step order', async () => {
    const start = await lookup('1711111111');
    const early = await sb.call('/v1/customers/transfer-register-step-3', { form_security_hash: start.body.hash, product_id: 1 });
    expect(early.status).toBe(409);
    const step2 = await sb.call('/v1/customers/transfer-register-step-2', { form_security_hash: start.body.hash, ...addressFieldsOf(doorWithDigit(2)) });
    const old = await sb.call('/v1/customers/transfer-register-step-2', { form_security_hash: start.body.hash, ...addressFieldsOf(doorWithDigit(2)) });
    expect(old.body.message).toBe('Form oturumunuz geçersiz veya süresi dolmuş. Lütfen başvuruya baştan başlayın.');
    const step3 = await sb.call('/v1/customers/transfer-register-step-3', { form_security_hash: step2.body.hash, product_id: 1 });
    const registered = await sb.call('/v1/customers/transfer-register-step-4', identity(step3.body.hash, FIXTURE_CUSTOMERS.notSent.nationality_number));
    expect(registered.status).toBe(409);
    expect(registered.body.details).toEqual({ registered_user: true });
  });

  it('auth-transfer-register-step-3 adds the transfer to the logged-in customer', async () => {
    const token = await login(sb, FIXTURE_CUSTOMERS.notSent.nationality_number, FIXTURE_CUSTOMERS.notSent.phone);
    const start = await lookup('1822222222');
    const step2 = await sb.call('/v1/customers/transfer-register-step-2', { form_security_hash: start.body.hash, ...addressFieldsOf(doorWithDigit(7)) });
    const body = { form_security_hash: step2.body.hash, product_id: 4, subscription_type: 1 };
    expect((await sb.call('/v1/customers/auth-transfer-register-step-3', body)).status).toBe(401);
    const answer = await sb.call('/v1/customers/auth-transfer-register-step-3', body, { token });
    expect(answer.status).toBe(200);
    const subscription = answer.body.data as Subscription;
    expect(subscription).toMatchObject({ status: 1, service_number: '1822222222', data: { reference_type: 2, product: { name: 'Limitsiz VDSL 16' } } });
    const user = (await sb.call('/v1/customers/token-auth', { token })).body.data as User;
    expect(user.subscriptions.map((s) => s.subscription_id)).toEqual([subscription.subscription_id, 1004]);
  });
});
