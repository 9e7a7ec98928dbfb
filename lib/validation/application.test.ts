import { describe, expect, it } from 'vitest';
import { COMMITMENT } from '@/testing/consents';
import type { z } from 'zod';
import {
  authRegisterStep2Schema,
  authTransferRegisterStep3Schema,
  campaignCodeSchema,
  finishSchema,
  identitySchema,
  mailConfirmSchema,
  mailRequestSchema,
  packageSchema,
  phoneConfirmSchema,
  phoneRequestSchema,
  referenceCodeSchema,
  registerStep1Schema,
  registerStep2Schema,
  registerStep3Schema,
  serviceNumberSchema,
  transferRegisterStep2Schema,
  transferRegisterStep3Schema,
} from '@/lib/validation/application';
import en from '@/messages/en.json';
import tr from '@/messages/tr.json';

type Texts = { tr: string; en: string };

/**
 * The first refusal of each field of `body`, in both languages, as the forms and the
 * backend-for-frontend show it (a key missing from `validation` reads as `invalid`). Null when the
 * body is accepted.
 */
function refusals(schema: z.ZodType, body: unknown): Record<string, Texts> | null {
  const result = schema.safeParse(body);
  if (result.success) return null;
  const fields: Record<string, Texts> = {};
  for (const issue of result.error.issues) {
    const key = issue.message as keyof typeof tr.validation;
    fields[issue.path.join('.')] ??= { tr: tr.validation[key] ?? tr.validation.invalid, en: en.validation[key] ?? en.validation.invalid };
  }
  return fields;
}

function parsed<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
  return result.data as T;
}

const REQUIRED = { tr: 'Bu alan zorunludur.', en: 'This field is required.' };
const TOO_LONG = { tr: 'Bu alan çok uzun.', en: 'This field is too long.' };
const INVALID = { tr: 'Lütfen değeri kontrol edin.', en: 'Please check the value.' };
const SERIAL = { tr: 'Kimlik seri numarası en fazla 11 harf ve rakamdan oluşur.', en: 'The ID serial number has at most 11 letters and digits.' };
const CITIZENSHIP = {
  tr: 'T.C. Kimlik No 11 haneden oluşur; eksiksiz ve doğru yazın.',
  en: 'The Turkish ID number has 11 digits; enter it completely and correctly.',
};
const CAMPAIGN_CODE = { tr: 'Kampanya kodunuz eksik veya hatalı.', en: 'Your campaign code is missing or wrong.' };
const REFERENCE_CODE = { tr: 'Referans kodunuz eksik veya hatalı.', en: 'Your reference code is missing or wrong.' };
const HASH = { form_security_hash: 'hash-1' };
const CONSENTS_GIVEN = { kvkk: '2026-11', contract: '2026-11', marketing: false as const, commitment: COMMITMENT };
const CONSENTS = {
  tr: 'Başvurunuzu tamamlamak için aydınlatma metnini ve sözleşme metnini okuyup onaylayın.',
  en: 'To complete your application, read and approve the personal data notice and the contract.',
};

const identity = {
  nationality: 'TR',
  nationality_number: '10000000146',
  nationality_serial_no: 'A01B23456',
  name: 'Can',
  surname: 'Öztürk',
  mother_name: 'Sevgi',
  father_name: 'Kemal',
  birthdate: '15/04/1992',
  gender: 2,
  job: 'MUHENDIS',
  security_word: 'Çınaraltı',
};

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

describe('packageSchema', () => {
  it('§5 package: must be chosen', () => {
    expect(parsed(packageSchema, { product_id: 3, pre_price_paid_type: 0 })).toEqual({ product_id: 3, pre_price_paid_type: 0 });
    expect(refusals(packageSchema, {})).toEqual({ product_id: REQUIRED, pre_price_paid_type: REQUIRED });
  });

  it('takes a positive whole product id', () => {
    expect(parsed(packageSchema, { product_id: 1, pre_price_paid_type: 0 }).product_id).toBe(1);
    expect(refusals(packageSchema, { product_id: 0, pre_price_paid_type: 0 })).toEqual({ product_id: REQUIRED });
    expect(refusals(packageSchema, { product_id: 1.5, pre_price_paid_type: 0 })).toEqual({ product_id: REQUIRED });
    expect(refusals(packageSchema, { product_id: '3', pre_price_paid_type: 0 })).toEqual({ product_id: REQUIRED });
  });

  it('§3 pre_price_paid_type: the index of the chosen setup-price option', () => {
    expect(parsed(packageSchema, { product_id: 3, pre_price_paid_type: 2 }).pre_price_paid_type).toBe(2);
    expect(refusals(packageSchema, { product_id: 3, pre_price_paid_type: -1 })).toEqual({ pre_price_paid_type: REQUIRED });
    expect(refusals(packageSchema, { product_id: 3, pre_price_paid_type: 0.5 })).toEqual({ pre_price_paid_type: REQUIRED });
  });
});

describe('identitySchema', () => {
  it('§5 identity: all fields required (gender 1 or 2)', () => {
    expect(parsed(identitySchema, identity)).toEqual(identity);
    expect(refusals(identitySchema, {})).toEqual({
      nationality_number: CITIZENSHIP,
      nationality_serial_no: REQUIRED,
      name: REQUIRED,
      surname: REQUIRED,
      mother_name: REQUIRED,
      father_name: REQUIRED,
      birthdate: { tr: 'Doğum tarihini GG/AA/YYYY biçiminde, geçerli bir tarih olarak yazın.', en: 'Enter the birth date as DD/MM/YYYY, as a valid date.' },
      gender: { tr: 'Lütfen cinsiyet seçin.', en: 'Please choose a gender.' },
      job: REQUIRED,
      security_word: {
        tr: 'Güvenlik kelimesi yalnızca harflerden oluşmalıdır; boşluk ve rakam içeremez.',
        en: 'The security word must consist of letters only, with no spaces or digits.',
      },
    });
  });

  it('§9 default nationality TR', () => {
    const { nationality: _omitted, ...withoutNationality } = identity;
    void _omitted;
    expect(parsed(identitySchema, withoutNationality).nationality).toBe('TR');
  });

  it('takes a nationality as two capital letters', () => {
    expect(parsed(identitySchema, { ...identity, nationality: 'DE' }).nationality).toBe('DE');
    for (const nationality of ['tr', 'T', 'TUR', ' TR', 'TR ', '12']) {
      expect(refusals(identitySchema, { ...identity, nationality }), nationality).toEqual({ nationality: INVALID });
    }
  });

  it('§5 identity: citizenship number exactly 11 digits', () => {
    expect(refusals(identitySchema, { ...identity, nationality_number: '1000000014' })).toEqual({ nationality_number: CITIZENSHIP });
  });

  it('a citizenship number of 11 digits whose checksum fails says so, under the same title', () => {
    expect(refusals(identitySchema, { ...identity, nationality_number: '10000000147' })).toEqual({
      nationality_number: {
        tr: '11 hane tamam, ancak bu geçerli bir T.C. Kimlik No değil. Rakamları tek tek kontrol edin.',
        en: 'All 11 digits are there, but this is not a valid Turkish ID number. Check the digits one by one.',
      },
    });
  });

  it('§5 identity: ID serial no max 11 characters', () => {
    expect(parsed(identitySchema, { ...identity, nationality_serial_no: 'A0123456789' }).nationality_serial_no).toBe('A0123456789');
    expect(parsed(identitySchema, { ...identity, nationality_serial_no: ' A01B23456 ' }).nationality_serial_no).toBe('A01B23456');
    expect(parsed(identitySchema, { ...identity, nationality_serial_no: 'a' }).nationality_serial_no).toBe('a');
    expect(refusals(identitySchema, { ...identity, nationality_serial_no: 'A01234567890' })).toEqual({ nationality_serial_no: SERIAL });
    // Empty is told apart from wrong.
    expect(refusals(identitySchema, { ...identity, nationality_serial_no: '   ' })).toEqual({ nationality_serial_no: REQUIRED });
    expect(refusals(identitySchema, { ...identity, nationality_serial_no: 'A01 B23' })).toEqual({ nationality_serial_no: SERIAL });
    expect(refusals(identitySchema, { ...identity, nationality_serial_no: 'A01-B23' })).toEqual({ nationality_serial_no: SERIAL });
  });

  it('takes names of at most 50 characters', () => {
    const long = 'a'.repeat(51);
    expect(parsed(identitySchema, { ...identity, name: 'a'.repeat(50) }).name).toBe('a'.repeat(50));
    expect(refusals(identitySchema, { ...identity, name: long, surname: long, mother_name: long, father_name: long })).toEqual({
      name: TOO_LONG,
      surname: TOO_LONG,
      mother_name: TOO_LONG,
      father_name: TOO_LONG,
    });
  });

  it('takes a job code of 1 to 16 characters', () => {
    expect(parsed(identitySchema, { ...identity, job: 'J'.repeat(16) }).job).toBe('J'.repeat(16));
    expect(parsed(identitySchema, { ...identity, job: 'J' }).job).toBe('J');
    expect(refusals(identitySchema, { ...identity, job: '' })).toEqual({ job: REQUIRED });
    // A job comes from the settings' list, so a longer one is only refused, not explained.
    expect(Object.keys(refusals(identitySchema, { ...identity, job: 'J'.repeat(17) }) ?? {})).toEqual(['job']);
  });
});

describe('new-application steps (spec §7)', () => {
  it('register-step-1: every address level plus the BBK code', () => {
    expect(parsed(registerStep1Schema, address)).toEqual(address);
    expect(Object.keys(refusals(registerStep1Schema, {}) ?? {})).toEqual(Object.keys(address));
  });

  it('register-step-2: form_security_hash, product_id, pre_price_paid_type', () => {
    const body = { ...HASH, product_id: 3, pre_price_paid_type: 1 };
    expect(parsed(registerStep2Schema, body)).toEqual(body);
    expect(refusals(registerStep2Schema, { product_id: 3, pre_price_paid_type: 1 })).toEqual({ form_security_hash: INVALID });
  });

  it('register-step-3: subscription_type 1, the form hash and the identity payload', () => {
    const body = { ...HASH, subscription_type: 1, ...identity };
    expect(parsed(registerStep3Schema, body)).toEqual(body);
    expect(refusals(registerStep3Schema, { ...body, subscription_type: 2 })).toEqual({ subscription_type: INVALID });
    expect(refusals(registerStep3Schema, { ...identity, subscription_type: 1 })).toEqual({ form_security_hash: INVALID });
    expect(refusals(registerStep3Schema, { ...body, name: '' })).toEqual({ name: REQUIRED });
  });

  it('register-step-4 and transfer-register-step-5: form_security_hash, and the consents', () => {
    expect(parsed(finishSchema, { ...HASH, consents: CONSENTS_GIVEN })).toEqual({ ...HASH, consents: CONSENTS_GIVEN });
    expect(refusals(finishSchema, { consents: CONSENTS_GIVEN })).toEqual({ form_security_hash: INVALID });
    expect(refusals(finishSchema, { form_security_hash: '', consents: CONSENTS_GIVEN })).toEqual({ form_security_hash: INVALID });
  });

  it('the consents: the KVKK notice and the contract are required, commercial messages are a version or false', () => {
    expect(parsed(finishSchema, { ...HASH, consents: { ...CONSENTS_GIVEN, marketing: '2026-11' } }).consents.marketing).toBe('2026-11');
    expect(refusals(finishSchema, HASH)).toEqual({ consents: CONSENTS });
    expect(refusals(finishSchema, { ...HASH, consents: { ...CONSENTS_GIVEN, kvkk: '' } })).toEqual({ 'consents.kvkk': CONSENTS });
    expect(refusals(finishSchema, { ...HASH, consents: { ...CONSENTS_GIVEN, contract: undefined } })).toEqual({ 'consents.contract': CONSENTS });
    expect(refusals(finishSchema, { ...HASH, consents: { ...CONSENTS_GIVEN, marketing: true } })).toEqual({ 'consents.marketing': CONSENTS });
    expect(refusals(finishSchema, { ...HASH, consents: { ...CONSENTS_GIVEN, kvkk: 'v'.repeat(33) } })).toEqual({ 'consents.kvkk': CONSENTS });
    // The commitment summary confirmed, with its figures: required, and none of its amounts below zero.
    expect(refusals(finishSchema, { ...HASH, consents: { ...CONSENTS_GIVEN, commitment: undefined } })).toEqual({ 'consents.commitment': CONSENTS });
    const figures = { ...COMMITMENT.figures, averageMonthly: -1 };
    expect(refusals(finishSchema, { ...HASH, consents: { ...CONSENTS_GIVEN, commitment: { ...COMMITMENT, figures } } })).toEqual({
      'consents.commitment.figures.averageMonthly': CONSENTS,
    });
  });

  it('the commitment summary: every figure a number in its bounds, every refusal the consents’ own text', () => {
    const refused = (commitment: unknown) => refusals(finishSchema, { ...HASH, consents: { ...CONSENTS_GIVEN, commitment } });
    const withFigures = (change: Record<string, unknown>) => ({ ...COMMITMENT, figures: { ...COMMITMENT.figures, ...change } });
    const cases: [unknown, string][] = [
      [{ ...COMMITMENT, productId: '1' }, 'productId'],
      [{ ...COMMITMENT, productId: 1.5 }, 'productId'],
      [{ ...COMMITMENT, productId: 0 }, 'productId'],
      [{ ...COMMITMENT, figures: 'none' }, 'figures'],
      [withFigures({ withoutCommitment: '499,90' }), 'figures.withoutCommitment'],
      [withFigures({ setupTotal: 1_000_001 }), 'figures.setupTotal'],
      [withFigures({ months: '12' }), 'figures.months'],
      [withFigures({ months: 12.5 }), 'figures.months'],
      [withFigures({ months: 0 }), 'figures.months'],
      [withFigures({ months: 121 }), 'figures.months'],
      [withFigures({ lowestExit: 80 }), 'figures.lowestExit'],
      [withFigures({ highestExit: { fee: 590, afterMonth: 0 } }), 'figures.highestExit.afterMonth'],
    ];
    for (const [commitment, field] of cases) expect(refused(commitment), field).toEqual({ [`consents.commitment.${field}`]: CONSENTS });
    // The bounds themselves are accepted.
    expect(refused(withFigures({ months: 120, setupTotal: 1_000_000, lowestExit: { fee: 0, afterMonth: 1 } }))).toBeNull();
  });

  it('auth-register-step-2: form_security_hash, product_id, pre_price_paid_type, subscription_type 1, the consents', () => {
    const body = { ...HASH, product_id: 3, pre_price_paid_type: 0, subscription_type: 1, consents: CONSENTS_GIVEN };
    expect(parsed(authRegisterStep2Schema, body)).toEqual(body);
    expect(refusals(authRegisterStep2Schema, { ...body, subscription_type: 2 })).toEqual({ subscription_type: INVALID });
    expect(refusals(authRegisterStep2Schema, { ...HASH, subscription_type: 1, consents: CONSENTS_GIVEN })).toEqual({ product_id: REQUIRED, pre_price_paid_type: REQUIRED });
    expect(refusals(authRegisterStep2Schema, { ...body, consents: undefined })).toEqual({ consents: CONSENTS });
  });
});

describe('transfer steps (spec §7)', () => {
  it('§5 service number: digits only, at least 5 characters', () => {
    expect(parsed(serviceNumberSchema, { service_number: '1712345678' })).toEqual({ service_number: '1712345678' });
    expect(refusals(serviceNumberSchema, { service_number: '1234' })).toEqual({
      service_number: {
        tr: 'Hizmet numarası yalnızca rakamlardan oluşmalı ve en az 5 haneli olmalıdır.',
        en: 'The service number must contain digits only and have at least 5 digits.',
      },
    });
  });

  it('transfer-register-step-2: form_security_hash plus the address fields', () => {
    const body = { ...HASH, ...address };
    expect(parsed(transferRegisterStep2Schema, body)).toEqual(body);
    expect(refusals(transferRegisterStep2Schema, address)).toEqual({ form_security_hash: INVALID });
  });

  it('transfer-register-step-3: form_security_hash, product_id, without pre_price_paid_type', () => {
    expect(parsed(transferRegisterStep3Schema, { ...HASH, product_id: 3, pre_price_paid_type: 1 })).toEqual({ ...HASH, product_id: 3 });
    expect(refusals(transferRegisterStep3Schema, {})).toEqual({ form_security_hash: INVALID, product_id: REQUIRED });
  });

  it('auth-transfer-register-step-3: form_security_hash, product_id, subscription_type, the consents', () => {
    const body = { ...HASH, product_id: 3, subscription_type: 1, consents: CONSENTS_GIVEN };
    expect(parsed(authTransferRegisterStep3Schema, body)).toEqual(body);
    expect(refusals(authTransferRegisterStep3Schema, { ...body, subscription_type: 2 })).toEqual({ subscription_type: INVALID });
    expect(refusals(authTransferRegisterStep3Schema, { ...body, product_id: 0 })).toEqual({ product_id: REQUIRED });
    expect(refusals(authTransferRegisterStep3Schema, { ...body, consents: { kvkk: '2026-11' } })).toEqual({ 'consents.contract': CONSENTS, 'consents.marketing': CONSENTS, 'consents.commitment': CONSENTS });
  });
});

describe('verification popups (spec §2, §5)', () => {
  const NUMBER = { tr: 'Lütfen telefon numaranızı kontrol edin.', en: 'Please check your phone number.' };
  const MAIL = { tr: 'Lütfen mail adresinizi kontrol edin.', en: 'Please check your e-mail address.' };
  const phoneRequest = { ...HASH, phone: '+90 (532) 000 00 01' };
  const mailRequest = { ...HASH, mail: 'ayse@example.com' };

  it('§5 phone verification: must match the mobile phone pattern (\'Numara Hatalı\')', () => {
    expect(parsed(phoneRequestSchema, phoneRequest)).toEqual(phoneRequest);
    expect(refusals(phoneRequestSchema, { ...HASH, phone: '+90 (212) 555 00 11' })).toEqual({ phone: NUMBER });
    expect(refusals(phoneRequestSchema, { phone: phoneRequest.phone })).toEqual({ form_security_hash: INVALID });
  });

  it('§5 phone verification: SMS code exactly 6 digits (\'Onay Kodu Hatalı\')', () => {
    const body = { ...phoneRequest, sms_hash: 'sms-1', sms_code: '123456' };
    expect(parsed(phoneConfirmSchema, body)).toEqual(body);
    expect(refusals(phoneConfirmSchema, { ...body, sms_code: '12345' })).toEqual({
      sms_code: { tr: 'SMS onay kodu hatalı. Lütfen kodu kontron edin.', en: 'The SMS approval code is wrong. Please check the code.' },
    });
    expect(refusals(phoneConfirmSchema, { ...body, sms_hash: '' })).toEqual({ sms_hash: INVALID });
    expect(refusals(phoneConfirmSchema, { ...body, phone: '' })).toEqual({ phone: NUMBER });
  });

  it('§5 e-mail: must match the mail pattern (\'Mail Adresi Hatalı\')', () => {
    expect(parsed(mailRequestSchema, mailRequest)).toEqual(mailRequest);
    expect(refusals(mailRequestSchema, { ...HASH, mail: 'Ayse@Example.com' })).toEqual({ mail: MAIL });
    expect(refusals(mailRequestSchema, { mail: mailRequest.mail })).toEqual({ form_security_hash: INVALID });
  });

  it('§5 e-mail: mail code 6 digits (mail counterpart of the code message)', () => {
    const body = { ...mailRequest, mail_hash: 'mail-1', mail_code: '654321' };
    expect(parsed(mailConfirmSchema, body)).toEqual(body);
    expect(refusals(mailConfirmSchema, { ...body, mail_code: '6543210' })).toEqual({
      mail_code: { tr: 'Mail onay kodu hatalı. Lütfen kodu kontrol edin.', en: 'The e-mail approval code is wrong. Please check the code.' },
    });
    expect(refusals(mailConfirmSchema, { ...body, mail_hash: undefined })).toEqual({ mail_hash: INVALID });
    expect(refusals(mailConfirmSchema, { ...body, mail: 'x' })).toEqual({ mail: MAIL });
  });
});

describe('campaignCodeSchema', () => {
  const body = { ...HASH, campaign_code: 'KAMPANYA50', nationality_number: '10000000146' };

  it('applies a campaign code with the form hash and the national ID', () => {
    expect(parsed(campaignCodeSchema, body)).toEqual(body);
    expect(parsed(campaignCodeSchema, { ...body, campaign_code: '  KAMPANYA50 ' }).campaign_code).toBe('KAMPANYA50');
    expect(refusals(campaignCodeSchema, { ...body, form_security_hash: undefined })).toEqual({ form_security_hash: INVALID });
  });

  it('§5 campaign code: code non-empty (\'Kampanya Kodu Hatalı\')', () => {
    expect(parsed(campaignCodeSchema, { ...body, campaign_code: 'K' }).campaign_code).toBe('K');
    expect(refusals(campaignCodeSchema, { ...body, campaign_code: '' })).toEqual({ campaign_code: CAMPAIGN_CODE });
    expect(refusals(campaignCodeSchema, { ...body, campaign_code: '   ' })).toEqual({ campaign_code: CAMPAIGN_CODE });
    expect(refusals(campaignCodeSchema, { ...body, campaign_code: undefined })).toEqual({ campaign_code: CAMPAIGN_CODE });
  });

  it('§5 campaign code: max length 32', () => {
    expect(parsed(campaignCodeSchema, { ...body, campaign_code: 'K'.repeat(32) }).campaign_code).toBe('K'.repeat(32));
    expect(parsed(campaignCodeSchema, { ...body, campaign_code: ` ${'K'.repeat(32)} ` }).campaign_code).toBe('K'.repeat(32));
    expect(refusals(campaignCodeSchema, { ...body, campaign_code: 'K'.repeat(33) })).toEqual({ campaign_code: CAMPAIGN_CODE });
  });

  it('§5 campaign code: national ID needed with 11 digits (\'TC Kimlik Hatalı\')', () => {
    expect(refusals(campaignCodeSchema, { ...body, nationality_number: '1000000014' })).toEqual({
      nationality_number: {
        tr: 'Vatandaşlık numaranızı eksiksiz ve doğru bir şekilde yazmanız gerekmektedir.',
        en: 'You need to enter your citizenship number completely and correctly.',
      },
    });
  });
});

describe('referenceCodeSchema', () => {
  const body = { ...HASH, reference_code: 'REFERANS30' };

  it('§5 reference code: non-empty (\'Referans Kodu Hatalı\')', () => {
    expect(parsed(referenceCodeSchema, body)).toEqual(body);
    expect(parsed(referenceCodeSchema, { ...body, reference_code: ' R ' }).reference_code).toBe('R');
    expect(refusals(referenceCodeSchema, { ...body, reference_code: '' })).toEqual({ reference_code: REFERENCE_CODE });
    expect(refusals(referenceCodeSchema, { ...body, reference_code: '  ' })).toEqual({ reference_code: REFERENCE_CODE });
    expect(refusals(referenceCodeSchema, { reference_code: 'REFERANS30' })).toEqual({ form_security_hash: INVALID });
  });

  it('§5 reference code: max 32 characters', () => {
    expect(parsed(referenceCodeSchema, { ...body, reference_code: 'R'.repeat(32) }).reference_code).toBe('R'.repeat(32));
    expect(refusals(referenceCodeSchema, { ...body, reference_code: 'R'.repeat(33) })).toEqual({ reference_code: REFERENCE_CODE });
  });
});
