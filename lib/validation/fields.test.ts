import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import {
  birthDate,
  formHash,
  gender,
  mail,
  mobilePhone,
  nationalityNumber,
  phone,
  requiredText,
  securityWord,
  serviceNumber,
  sixDigitCode,
} from '@/lib/validation/fields';
import en from '@/messages/en.json';
import tr from '@/messages/tr.json';

/**
 * What a form shows for the first refusal of `value`, in both languages: the schema's key read from
 * `validation` (an unknown key reads as `invalid`, as components/popups/form-text.ts does) and, where
 * the spec gives one, the title from `validationTitles`. Null when the value is accepted.
 */
function refusal(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const key = result.error.issues[0]!.message;
  const text = (catalogue: typeof tr) => catalogue.validation[key as keyof typeof tr.validation] ?? catalogue.validation.invalid;
  const title = (catalogue: typeof tr) => catalogue.validationTitles[key as keyof typeof tr.validationTitles];
  return title(tr) ? { trTitle: title(tr), tr: text(tr), enTitle: title(en), en: text(en) } : { tr: text(tr), en: text(en) };
}

function accepted(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  expect(result.success, `should accept ${JSON.stringify(value)}`).toBe(true);
  return result.data;
}

const REQUIRED = { tr: 'Bu alan zorunludur.', en: 'This field is required.' };
const TOO_LONG = { tr: 'Bu alan çok uzun.', en: 'This field is too long.' };
const INVALID = { tr: 'Lütfen değeri kontrol edin.', en: 'Please check the value.' };

describe('requiredText', () => {
  const name = requiredText(50);

  it('§5 identity: all fields required', () => {
    expect(accepted(name, 'Ayşe')).toBe('Ayşe');
    expect(refusal(name, '')).toEqual(REQUIRED);
    expect(refusal(name, '   ')).toEqual(REQUIRED);
    expect(refusal(name, undefined)).toEqual(REQUIRED);
    expect(refusal(name, 42)).toEqual(REQUIRED);
  });

  it('trims the value it answers', () => {
    expect(accepted(name, '  Ayşe Nur  ')).toBe('Ayşe Nur');
  });

  it('takes at most its maximum of characters, after trimming', () => {
    expect(accepted(name, 'a'.repeat(50))).toBe('a'.repeat(50));
    expect(accepted(name, ` ${'a'.repeat(50)} `)).toBe('a'.repeat(50));
    expect(refusal(name, 'a'.repeat(51))).toEqual(TOO_LONG);
    expect(accepted(requiredText(1), 'a')).toBe('a');
    expect(refusal(requiredText(1), 'ab')).toEqual(TOO_LONG);
  });
});

describe('nationalityNumber', () => {
  const TC_TITLE = { trTitle: 'TC Kimlik Numarası Hatalı', enTitle: 'Invalid Turkish ID number' };
  const TC = { ...TC_TITLE, tr: 'TC kimlik numarası uygun değil. Lütfen kontrol edin.', en: 'The Turkish ID number is not valid. Please check it.' };

  it('§5 national ID: must be present and match the 11-digit pattern', () => {
    const schema = nationalityNumber();
    expect(accepted(schema, '10000000146')).toBe('10000000146');
    expect(refusal(schema, undefined)).toEqual(TC);
    expect(refusal(schema, '')).toEqual(TC);
    expect(refusal(schema, '1000000014')).toEqual(TC);
    expect(refusal(schema, '100000001460')).toEqual(TC);
    expect(refusal(schema, '1000000014a')).toEqual(TC);
    expect(refusal(schema, 10000000146)).toEqual(TC);
  });

  it('refuses 11 digits whose TC kimlik checksum is wrong, with a text of its own under the same title', () => {
    const checksum = { ...TC_TITLE, tr: 'Bu numara geçerli bir TC kimlik numarası değil. Rakamları tek tek kontrol edin.', en: 'This is not a valid Turkish ID number. Check the digits one by one.' };
    expect(refusal(nationalityNumber(), '10000000147')).toEqual(checksum);
    expect(refusal(nationalityNumber(), '00000000000')).toEqual(checksum);
    expect(refusal(nationalityNumber('citizenshipNumber'), '10000000147')).toMatchObject({ trTitle: 'Vatandaşlık Numarası Hatalı', tr: expect.stringMatching(/^11 hane tamam/) });
    expect(refusal(nationalityNumber('campaignNationalityNumber'), '10000000147')).toMatchObject({ trTitle: 'TC Kimlik Hatalı', tr: expect.stringMatching(/^11 hane tamam/) });
  });

  it('§5 identity: citizenship number exactly 11 digits (\'Vatandaşlık Numarası Hatalı\')', () => {
    const schema = nationalityNumber('citizenshipNumber');
    expect(accepted(schema, '10000000214')).toBe('10000000214');
    expect(refusal(schema, '1234')).toEqual({
      trTitle: 'Vatandaşlık Numarası Hatalı',
      tr: 'T.C. Kimlik No 11 haneden oluşur; eksiksiz ve doğru yazın.',
      enTitle: 'Invalid citizenship number',
      en: 'The Turkish ID number has 11 digits; enter it completely and correctly.',
    });
  });

  it('§5 campaign code: national ID needed with 11 digits (\'TC Kimlik Hatalı\')', () => {
    expect(refusal(nationalityNumber('campaignNationalityNumber'), '')).toEqual({
      trTitle: 'TC Kimlik Hatalı',
      tr: 'Vatandaşlık numaranızı eksiksiz ve doğru bir şekilde yazmanız gerekmektedir.',
      enTitle: 'Invalid ID number',
      en: 'You need to enter your citizenship number completely and correctly.',
    });
  });
});

describe('phone and mobilePhone', () => {
  const NUMBER = {
    trTitle: 'Numara Hatalı',
    tr: 'Lütfen telefon numaranızı kontrol edin.',
    enTitle: 'Invalid number',
    en: 'Please check your phone number.',
  };

  it('§5 contact form: phone required and matching the phone pattern', () => {
    expect(accepted(phone, '+90 (212) 555 00 11')).toBe('+90 (212) 555 00 11');
    expect(accepted(phone, '+90 (532) 000 00 01')).toBe('+90 (532) 000 00 01');
    expect(refusal(phone, '')).toEqual(NUMBER);
    expect(refusal(phone, undefined)).toEqual(NUMBER);
    expect(refusal(phone, '02125550011')).toEqual(NUMBER);
    expect(refusal(phone, '+90 (212) 555 00 1')).toEqual(NUMBER);
  });

  it('§5 phone verification: must match the mobile phone pattern (\'Numara Hatalı\')', () => {
    expect(accepted(mobilePhone, '+90 (532) 000 00 01')).toBe('+90 (532) 000 00 01');
    expect(refusal(mobilePhone, '+90 (212) 555 00 11')).toEqual(NUMBER);
    expect(refusal(mobilePhone, '+90 (___) ___ __ __')).toEqual(NUMBER);
    expect(refusal(mobilePhone, null)).toEqual(NUMBER);
  });
});

describe('mail', () => {
  const MAIL = {
    trTitle: 'Mail Adresi Hatalı',
    tr: 'Lütfen mail adresinizi kontrol edin.',
    enTitle: 'Invalid e-mail address',
    en: 'Please check your e-mail address.',
  };

  it('§5 e-mail: must match the mail pattern (\'Mail Adresi Hatalı\')', () => {
    expect(accepted(mail, 'ayse.yilmaz@example.com')).toBe('ayse.yilmaz@example.com');
    expect(refusal(mail, 'Ayse@example.com')).toEqual(MAIL);
    expect(refusal(mail, 'ayse@')).toEqual(MAIL);
    expect(refusal(mail, '')).toEqual(MAIL);
    expect(refusal(mail, undefined)).toEqual(MAIL);
  });

  it('ignores spaces around the address', () => {
    expect(accepted(mail, '  ayse@example.com ')).toBe('ayse@example.com');
  });

  it('takes at most 254 characters', () => {
    const address = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
    expect(accepted(mail, address(254))).toBe(address(254));
    expect(refusal(mail, address(255))).toEqual(MAIL);
  });
});

describe('sixDigitCode', () => {
  it('§5 phone verification: SMS code exactly 6 digits (\'Onay Kodu Hatalı\')', () => {
    const schema = sixDigitCode('smsCode');
    expect(accepted(schema, '012345')).toBe('012345');
    const SMS = {
      trTitle: 'Onay Kodu Hatalı',
      tr: 'SMS onay kodu hatalı. Lütfen kodu kontron edin.',
      enTitle: 'Invalid approval code',
      en: 'The SMS approval code is wrong. Please check the code.',
    };
    expect(refusal(schema, '12345')).toEqual(SMS);
    expect(refusal(schema, '1234567')).toEqual(SMS);
    expect(refusal(schema, '12345a')).toEqual(SMS);
    expect(refusal(schema, 123456)).toEqual(SMS);
  });

  it('§5 e-mail: mail code 6 digits (mail counterpart of the code message)', () => {
    expect(accepted(sixDigitCode('mailCode'), '654321')).toBe('654321');
    expect(refusal(sixDigitCode('mailCode'), '65432')).toEqual({
      trTitle: 'Onay Kodu Hatalı',
      tr: 'Mail onay kodu hatalı. Lütfen kodu kontrol edin.',
      enTitle: 'Invalid approval code',
      en: 'The e-mail approval code is wrong. Please check the code.',
    });
  });

  it('§5 login SMS code: 6 digits (\'SMS Kodu Hatalı\')', () => {
    expect(refusal(sixDigitCode('loginSmsCode'), '')).toEqual({
      trTitle: 'SMS Kodu Hatalı',
      tr: 'Lütfen SMS kodunuzu doğru ve eksiksiz olarak yazın.',
      enTitle: 'Invalid SMS code',
      en: 'Please enter your SMS code correctly and completely.',
    });
  });
});

describe('serviceNumber', () => {
  const SERVICE = {
    trTitle: 'Hizmet Numarası Hatalı',
    tr: 'Hizmet numarası yalnızca rakamlardan oluşmalı ve en az 5 haneli olmalıdır.',
    enTitle: 'Invalid service number',
    en: 'The service number must contain digits only and have at least 5 digits.',
  };

  it('§5 service number: digits only, at least 5 characters (\'Hizmet Numarası Hatalı\')', () => {
    expect(accepted(serviceNumber, '12345')).toBe('12345');
    expect(accepted(serviceNumber, '1712345678')).toBe('1712345678');
    expect(refusal(serviceNumber, '1234')).toEqual(SERVICE);
    expect(refusal(serviceNumber, '17123a5678')).toEqual(SERVICE);
    expect(refusal(serviceNumber, '')).toEqual(SERVICE);
    expect(refusal(serviceNumber, 1712345678)).toEqual(SERVICE);
  });

  it('takes at most 20 digits', () => {
    expect(accepted(serviceNumber, '1'.repeat(20))).toBe('1'.repeat(20));
    expect(refusal(serviceNumber, '1'.repeat(21))).toEqual(SERVICE);
  });
});

describe('formHash', () => {
  it('is the server-issued hash: 1 to 512 characters, else "please check the value"', () => {
    expect(accepted(formHash, 'h')).toBe('h');
    expect(accepted(formHash, 'h'.repeat(512))).toBe('h'.repeat(512));
    expect(refusal(formHash, '')).toEqual(INVALID);
    expect(refusal(formHash, 'h'.repeat(513))).toEqual(INVALID);
    expect(refusal(formHash, undefined)).toEqual(INVALID);
  });
});

describe('birthDate', () => {
  const BIRTH = { tr: 'Doğum tarihini GG/AA/YYYY biçiminde, geçerli bir tarih olarak yazın.', en: 'Enter the birth date as DD/MM/YYYY, as a valid date.' };

  afterEach(() => {
    vi.useRealTimers();
  });

  it('§5 identity: birth date mask DD/MM/YYYY', () => {
    expect(accepted(birthDate, '15/04/1992')).toBe('15/04/1992');
    expect(refusal(birthDate, '1992-04-15')).toEqual(BIRTH);
    expect(refusal(birthDate, '15/4/1992')).toEqual(BIRTH);
    expect(refusal(birthDate, '15/04/92')).toEqual(BIRTH);
    expect(refusal(birthDate, 'GG/AA/YYYY')).toEqual(BIRTH);
    expect(refusal(birthDate, '')).toEqual(BIRTH);
    expect(refusal(birthDate, undefined)).toEqual(BIRTH);
  });

  it('is a real calendar day', () => {
    expect(accepted(birthDate, '29/02/2000')).toBe('29/02/2000');
    expect(accepted(birthDate, '31/12/1999')).toBe('31/12/1999');
    expect(refusal(birthDate, '29/02/2001')).toEqual(BIRTH);
    expect(refusal(birthDate, '31/04/1990')).toEqual(BIRTH);
    expect(refusal(birthDate, '32/01/1990')).toEqual(BIRTH);
    expect(refusal(birthDate, '00/01/1990')).toEqual(BIRTH);
    expect(refusal(birthDate, '15/13/1990')).toEqual(BIRTH);
    expect(refusal(birthDate, '15/00/1990')).toEqual(BIRTH);
  });

  it('is not before 1900', () => {
    expect(accepted(birthDate, '01/01/1900')).toBe('01/01/1900');
    expect(refusal(birthDate, '31/12/1899')).toEqual(BIRTH);
    expect(refusal(birthDate, '01/01/0050')).toEqual(BIRTH);
  });

  it('is in the past', () => {
    vi.useFakeTimers({ now: new Date('2024-06-15T00:00:00Z'), toFake: ['Date'] });
    expect(accepted(birthDate, '14/06/2024')).toBe('14/06/2024');
    expect(refusal(birthDate, '15/06/2024')).toEqual(BIRTH);
    expect(refusal(birthDate, '16/06/2024')).toEqual(BIRTH);
    vi.setSystemTime(new Date('2024-06-15T00:00:00.001Z'));
    expect(accepted(birthDate, '15/06/2024')).toBe('15/06/2024');
  });
});

describe('securityWord', () => {
  const WORD = {
    tr: 'Güvenlik kelimesi yalnızca harflerden oluşmalıdır; boşluk ve rakam içeremez.',
    en: 'The security word must consist of letters only, with no spaces or digits.',
  };

  it('§5 identity: security word letters only (Turkish letters allowed), no spaces or digits', () => {
    expect(accepted(securityWord, 'Çınaraltı')).toBe('Çınaraltı');
    expect(accepted(securityWord, 'ĞÜŞİÖÇğüşıöç')).toBe('ĞÜŞİÖÇğüşıöç');
    expect(refusal(securityWord, 'çınar altı')).toEqual(WORD);
    expect(refusal(securityWord, 'cinar1')).toEqual(WORD);
    expect(refusal(securityWord, 'cinar-alti')).toEqual(WORD);
    expect(refusal(securityWord, '')).toEqual(WORD);
    expect(refusal(securityWord, undefined)).toEqual(WORD);
  });

  it('takes 1 to 32 letters', () => {
    expect(accepted(securityWord, 'a')).toBe('a');
    expect(accepted(securityWord, 'a'.repeat(32))).toBe('a'.repeat(32));
    expect(refusal(securityWord, 'a'.repeat(33))).toEqual(WORD);
  });
});

describe('gender', () => {
  it('§5 identity: gender 1 or 2', () => {
    expect(accepted(gender, 1)).toBe(1);
    expect(accepted(gender, 2)).toBe(2);
    const GENDER = { tr: 'Lütfen cinsiyet seçin.', en: 'Please choose a gender.' };
    expect(refusal(gender, 0)).toEqual(GENDER);
    expect(refusal(gender, 3)).toEqual(GENDER);
    expect(refusal(gender, '1')).toEqual(GENDER);
    expect(refusal(gender, undefined)).toEqual(GENDER);
  });
});
