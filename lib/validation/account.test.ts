import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { authSchema, authStartSchema, contactSchema, tokenAuthSchema } from '@/lib/validation/account';
import en from '@/messages/en.json';
import tr from '@/messages/tr.json';

type Texts = { tr: string; en: string };

/** The first refusal of each field, in both languages, as forms and the backend-for-frontend show it. */
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

const INVALID = { tr: 'Lütfen değeri kontrol edin.', en: 'Please check the value.' };

describe('authStartSchema', () => {
  it('§5 national ID: must be present and match the 11-digit pattern (\'TC Kimlik Numarası Hatalı\')', () => {
    expect(parsed(authStartSchema, { nationality_number: '10000000146' })).toEqual({ nationality_number: '10000000146' });
    const TC = { tr: 'TC kimlik numarası uygun değil. Lütfen kontrol edin.', en: 'The Turkish ID number is not valid. Please check it.' };
    expect(refusals(authStartSchema, {})).toEqual({ nationality_number: TC });
    expect(refusals(authStartSchema, { nationality_number: '1000000014' })).toEqual({ nationality_number: TC });
    expect(refusals(authStartSchema, { nationality_number: '10000000147' })).toEqual({
      nationality_number: { tr: 'Bu numara geçerli bir TC kimlik numarası değil. Rakamları tek tek kontrol edin.', en: 'This is not a valid Turkish ID number. Check the digits one by one.' },
    });
  });
});

describe('authSchema', () => {
  it('§5 login SMS code: 6 digits (\'SMS Kodu Hatalı\')', () => {
    const body = { form_security_hash: 'hash-1', sms_code: '123456' };
    expect(parsed(authSchema, body)).toEqual(body);
    const CODE = { tr: 'Lütfen SMS kodunuzu doğru ve eksiksiz olarak yazın.', en: 'Please enter your SMS code correctly and completely.' };
    expect(refusals(authSchema, { ...body, sms_code: '12345' })).toEqual({ sms_code: CODE });
    expect(refusals(authSchema, { ...body, sms_code: '' })).toEqual({ sms_code: CODE });
    expect(refusals(authSchema, { sms_code: '123456' })).toEqual({ form_security_hash: INVALID });
  });
});

describe('tokenAuthSchema', () => {
  it('takes a token of 1 to 2048 characters', () => {
    expect(parsed(tokenAuthSchema, { token: 't' })).toEqual({ token: 't' });
    expect(parsed(tokenAuthSchema, { token: 't'.repeat(2048) })).toEqual({ token: 't'.repeat(2048) });
    expect(refusals(tokenAuthSchema, { token: '' })).toEqual({ token: INVALID });
    expect(refusals(tokenAuthSchema, { token: 't'.repeat(2049) })).toEqual({ token: INVALID });
    expect(refusals(tokenAuthSchema, {})).toEqual({ token: INVALID });
  });
});

describe('contactSchema', () => {
  const body = { fullname: 'Ayşe Yılmaz', phone: '+90 (212) 555 00 11', message: 'Lütfen beni arayın.' };
  const FULLNAME = { tr: 'Lütfen adınızı ve soyadınızı yazın (en fazla 100 karakter).', en: 'Please enter your name and surname (at most 100 characters).' };

  it('§5 contact form: fullname required, max 100 characters', () => {
    expect(parsed(contactSchema, body)).toEqual(body);
    expect(parsed(contactSchema, { ...body, fullname: 'A'.repeat(100) }).fullname).toBe('A'.repeat(100));
    expect(parsed(contactSchema, { ...body, fullname: `  ${'A'.repeat(100)} ` }).fullname).toBe('A'.repeat(100));
    expect(parsed(contactSchema, { ...body, fullname: 'A' }).fullname).toBe('A');
    expect(refusals(contactSchema, { ...body, fullname: 'A'.repeat(101) })).toEqual({ fullname: FULLNAME });
    expect(refusals(contactSchema, { ...body, fullname: '' })).toEqual({ fullname: FULLNAME });
    expect(refusals(contactSchema, { ...body, fullname: '   ' })).toEqual({ fullname: FULLNAME });
    expect(refusals(contactSchema, { ...body, fullname: undefined })).toEqual({ fullname: FULLNAME });
  });

  it('§5 contact form: phone required and matching the phone pattern', () => {
    const NUMBER = { tr: 'Lütfen telefon numaranızı kontrol edin.', en: 'Please check your phone number.' };
    expect(parsed(contactSchema, { ...body, phone: '+90 (532) 000 00 01' }).phone).toBe('+90 (532) 000 00 01');
    expect(refusals(contactSchema, { ...body, phone: '' })).toEqual({ phone: NUMBER });
    expect(refusals(contactSchema, { ...body, phone: '+90 (212) 5550011' })).toEqual({ phone: NUMBER });
    expect(refusals(contactSchema, { fullname: body.fullname })).toEqual({ phone: NUMBER });
  });

  it('takes an optional message of at most 1000 characters, trimmed', () => {
    expect(parsed(contactSchema, { fullname: body.fullname, phone: body.phone }).message).toBe('');
    expect(parsed(contactSchema, { ...body, message: '  Merhaba  ' }).message).toBe('Merhaba');
    expect(parsed(contactSchema, { ...body, message: 'm'.repeat(1000) }).message).toBe('m'.repeat(1000));
    expect(parsed(contactSchema, { ...body, message: ` ${'m'.repeat(1000)} ` }).message).toBe('m'.repeat(1000));
    expect(refusals(contactSchema, { ...body, message: 'm'.repeat(1001) })).toEqual({
      message: { tr: 'Bu alan çok uzun.', en: 'This field is too long.' },
    });
    expect(refusals(contactSchema, { ...body, message: 5 })).toEqual({ message: INVALID });
  });
});
