import type { ApiCallName, apiCalls } from '@/lib/api/calls';
import { birthDatePattern, mailPattern, mobilePhonePattern, nationalityNumberPattern, phonePattern, serviceNumberPattern, sixDigitCodePattern, securityWordPattern } from '@/lib/validation/patterns';
import type { AddressBody } from '@/lib/validation/address';
import { defineSchema, type Rule, type Schema } from '@/sandbox/validator';
import { jobs } from '@/sandbox/catalog';

/**
 * One generic-validator schema (spec §5) per JSON call, with the field names of spec §7 as
 * lib/validation writes them, and the typed body each handler receives once its schema passed.
 * Address ids may be numbers or strings; the server turns numbers into strings before validating
 * (see ADDRESS_ID_FIELDS), so one string rule covers both.
 */

const ADDRESS_ID = /^[\w-]{1,64}$/;
const addressId = (label: string): Rule => ({ type: 'string', required: true, label, pattern: ADDRESS_ID });

const formHash: Rule = { type: 'string', required: true, label: 'Form anahtarı', minLength: 1, maxLength: 512 };
const codeHash = (label: string): Rule => ({ type: 'string', required: true, label, minLength: 1, maxLength: 512 });
const sixDigits = (label: string): Rule => ({ type: 'string', required: true, label, length: 6, pattern: sixDigitCodePattern });
const nationalityNumber: Rule = { type: 'string', required: true, label: 'TC kimlik numarası', length: 11, pattern: nationalityNumberPattern };
const productId: Rule = { type: 'number', required: true, label: 'Tarife', min: 1 };
const subscriptionType: Rule = { type: 'oneOf', required: true, label: 'Abonelik tipi', items: [1] };

const addressFields = {
  address_province: addressId('İl'),
  address_district: addressId('İlçe'),
  address_township: addressId('Bucak'),
  address_village: addressId('Köy'),
  address_neighborhood: addressId('Mahalle'),
  address_street: addressId('Sokak/Cadde'),
  address_building: addressId('Bina'),
  address_floor: addressId('İç kapı no'),
  address_bbk: addressId('BBK kodu'),
} satisfies Record<keyof AddressBody, Rule>;

/** Fields that hold address ids (number or string on the wire). */
export const ADDRESS_ID_FIELDS: ReadonlySet<string> = new Set([...Object.keys(addressFields), 'parent_id']);

const identityFields = {
  form_security_hash: formHash,
  subscription_type: subscriptionType,
  nationality: { type: 'string', label: 'Uyruk', length: 2, pattern: /^[A-Z]{2}$/ },
  nationality_number: nationalityNumber,
  nationality_serial_no: { type: 'string', required: true, label: 'Kimlik seri numarası', minLength: 1, maxLength: 11, pattern: /^[A-Za-z0-9]+$/ },
  name: { type: 'string', required: true, label: 'Ad', minLength: 1, maxLength: 50 },
  surname: { type: 'string', required: true, label: 'Soyad', minLength: 1, maxLength: 50 },
  gender: { type: 'oneOf', required: true, label: 'Cinsiyet', items: [1, 2] },
  job: { type: 'oneOf', required: true, label: 'Meslek', items: jobs.map((job) => job.code) },
  birthdate: { type: 'string', required: true, label: 'Doğum tarihi', length: 10, pattern: birthDatePattern },
  mother_name: { type: 'string', required: true, label: 'Anne adı', minLength: 1, maxLength: 50 },
  father_name: { type: 'string', required: true, label: 'Baba adı', minLength: 1, maxLength: 50 },
  security_word: { type: 'string', required: true, label: 'Güvenlik kelimesi', minLength: 1, maxLength: 32, pattern: securityWordPattern },
} satisfies Schema;

type JsonCallName = {
  [K in ApiCallName]: (typeof apiCalls)[K] extends { schema: unknown } ? K : never;
}[ApiCallName];

/** Every JSON call has a schema here: a call added to lib/api/calls.ts without one is a compile error. */
export const callSchemas: Record<JsonCallName, Schema> = {
  infrastructure: defineSchema({
    type: {
      type: 'oneOf',
      required: true,
      label: 'Sorgu tipi',
      items: ['city', 'district', 'township', 'village', 'neighborhood', 'street', 'building', 'apartment'],
    },
    parent_id: addressId('Üst adres'),
  }),
  registerStep1: defineSchema(addressFields),
  registerStep2: defineSchema({
    form_security_hash: formHash,
    product_id: productId,
    pre_price_paid_type: { type: 'number', required: true, label: 'Kurulum ücreti ödeme yöntemi', min: 0, max: 99 },
  }),
  registerStep3: defineSchema(identityFields),
  registerStep4: defineSchema({ form_security_hash: formHash }),
  authRegisterStep2: defineSchema({
    form_security_hash: formHash,
    product_id: productId,
    pre_price_paid_type: { type: 'number', required: true, label: 'Kurulum ücreti ödeme yöntemi', min: 0, max: 99 },
    subscription_type: subscriptionType,
  }),
  transferRegisterStep1: defineSchema({
    service_number: { type: 'string', required: true, label: 'Hizmet numarası', maxLength: 20, pattern: serviceNumberPattern },
  }),
  transferRegisterStep2: defineSchema({ form_security_hash: formHash, ...addressFields }),
  transferRegisterStep3: defineSchema({ form_security_hash: formHash, product_id: productId }),
  transferRegisterStep4: defineSchema(identityFields),
  transferRegisterStep5: defineSchema({ form_security_hash: formHash }),
  authTransferRegisterStep3: defineSchema({ form_security_hash: formHash, product_id: productId, subscription_type: subscriptionType }),
  approvePhoneRequest: defineSchema({
    form_security_hash: formHash,
    phone: { type: 'string', required: true, label: 'Telefon numarası', pattern: mobilePhonePattern },
  }),
  approvePhone: defineSchema({
    form_security_hash: formHash,
    sms_hash: codeHash('SMS anahtarı'),
    phone: { type: 'string', required: true, label: 'Telefon numarası', pattern: mobilePhonePattern },
    sms_code: sixDigits('SMS onay kodu'),
  }),
  approveMailRequest: defineSchema({
    form_security_hash: formHash,
    mail: { type: 'string', required: true, label: 'E-posta adresi', maxLength: 254, pattern: mailPattern },
  }),
  approveMail: defineSchema({
    form_security_hash: formHash,
    mail_hash: codeHash('E-posta anahtarı'),
    mail: { type: 'string', required: true, label: 'E-posta adresi', maxLength: 254, pattern: mailPattern },
    mail_code: sixDigits('E-posta onay kodu'),
  }),
  applyCampaignCode: defineSchema({
    form_security_hash: formHash,
    campaign_code: { type: 'string', required: true, label: 'Kampanya kodu', minLength: 1, maxLength: 32 },
    nationality_number: nationalityNumber,
  }),
  applyReferenceCode: defineSchema({
    form_security_hash: formHash,
    reference_code: { type: 'string', required: true, label: 'Referans kodu', minLength: 1, maxLength: 32 },
  }),
  authStart: defineSchema({ nationality_number: nationalityNumber }),
  auth: defineSchema({ form_security_hash: codeHash('Güvenlik anahtarı'), sms_code: sixDigits('SMS kodu') }),
  tokenAuth: defineSchema({ token: { type: 'string', required: true, label: 'Oturum anahtarı', minLength: 1, maxLength: 2048 } }),
  contactForm: defineSchema({
    fullname: { type: 'string', required: true, label: 'Ad soyad', minLength: 1, maxLength: 100 },
    phone: { type: 'string', required: true, label: 'Telefon numarası', pattern: phonePattern },
    message: { type: 'string', label: 'Mesaj', maxLength: 1000 },
  }),
};

/** The multipart text fields of the company-documents upload. */
export const subscriptionDocsFieldsSchema = defineSchema({
  subscription_id: { type: 'string', required: true, label: 'Abonelik', pattern: /^\d{1,12}$/ },
});

/** Rules that the validator's types cannot say (integers, calendar dates) are checked beside it. */
export const INTEGER_FIELDS: ReadonlySet<string> = new Set(['product_id', 'pre_price_paid_type']);

// ---------------------------------------------------------------------------------------------
// typed bodies

/** lib's address body as a handler receives it: the server has turned every id into a string. */
export type ReceivedAddressBody = { [K in keyof AddressBody]: string };

export interface IdentityBody {
  form_security_hash: string;
  subscription_type: 1;
  nationality?: string;
  nationality_number: string;
  nationality_serial_no: string;
  name: string;
  surname: string;
  gender: 1 | 2;
  job: string;
  birthdate: string;
  mother_name: string;
  father_name: string;
  security_word: string;
}

interface Hashed {
  form_security_hash: string;
}

export interface Bodies {
  infrastructure: {
    type: 'city' | 'district' | 'township' | 'village' | 'neighborhood' | 'street' | 'building' | 'apartment';
    parent_id: string;
  };
  registerStep1: ReceivedAddressBody;
  registerStep2: Hashed & { product_id: number; pre_price_paid_type: number };
  registerStep3: IdentityBody;
  registerStep4: Hashed;
  authRegisterStep2: Hashed & { product_id: number; pre_price_paid_type: number; subscription_type: 1 };
  transferRegisterStep1: { service_number: string };
  transferRegisterStep2: Hashed & ReceivedAddressBody;
  transferRegisterStep3: Hashed & { product_id: number };
  transferRegisterStep4: IdentityBody;
  transferRegisterStep5: Hashed;
  authTransferRegisterStep3: Hashed & { product_id: number; subscription_type: 1 };
  approvePhoneRequest: Hashed & { phone: string };
  approvePhone: Hashed & { sms_hash: string; phone: string; sms_code: string };
  approveMailRequest: Hashed & { mail: string };
  approveMail: Hashed & { mail_hash: string; mail: string; mail_code: string };
  applyCampaignCode: Hashed & { campaign_code: string; nationality_number: string };
  applyReferenceCode: Hashed & { reference_code: string };
  authStart: { nationality_number: string };
  auth: Hashed & { sms_code: string };
  tokenAuth: { token: string };
  contactForm: { fullname: string; phone: string; message?: string };
  getSettings: undefined;
  countries: undefined;
  uploadNationalityDocs: undefined;
  uploadSubscriptionDocs: undefined;
}

// A Bodies entry for every call, and nothing else.
type _BodiesCoverAllCalls = [ApiCallName] extends [keyof Bodies] ? ([keyof Bodies] extends [ApiCallName] ? true : never) : never;
const _bodiesCheck: _BodiesCoverAllCalls = true;
void _bodiesCheck;

/** Birth date DD/MM/YYYY as a real past day since 1900, as unix seconds at noon UTC; undefined if not. */
export function parseBirthDate(value: string, nowMs: number): number | undefined {
  const match = birthDatePattern.exec(value);
  if (!match) return undefined;
  const [, dd, mm, yyyy] = match;
  const day = Number(dd);
  const month = Number(mm);
  const year = Number(yyyy);
  const date = new Date(Date.UTC(year, month - 1, day, 12));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  if (year < 1900 || date.getTime() > nowMs) return undefined;
  return date.getTime() / 1000;
}
