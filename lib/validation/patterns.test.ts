import { describe, expect, it } from 'vitest';
import {
  birthDatePattern,
  ibanPattern,
  isIdentifier,
  isValidNationalityNumber,
  mailPattern,
  mobilePhonePattern,
  nationalityNumberPattern,
  passwordPattern,
  phonePattern,
  pricePattern,
  securityWordPattern,
  serviceNumberPattern,
  sixDigitCodePattern,
  usernamePattern,
} from '@/lib/validation/patterns';

/** Asserts that `test` accepts every value of `accepted` and refuses every value of `refused`. */
function check(test: (value: string) => boolean, accepted: readonly string[], refused: readonly string[]) {
  for (const value of accepted) expect(test(value), `should accept ${JSON.stringify(value)}`).toBe(true);
  for (const value of refused) expect(test(value), `should refuse ${JSON.stringify(value)}`).toBe(false);
}

const byPattern = (pattern: RegExp) => (value: string) => pattern.test(value);

describe('phonePattern / mobilePhonePattern', () => {
  it('phone: +90 (XXX) XXX XX XX, as the mask writes it', () => {
    check(
      byPattern(phonePattern),
      ['+90 (532) 123 45 67', '+90 (212) 555 00 11'],
      ['+90 532 123 45 67', '05321234567', '+905321234567', '+90 (532) 123 45 6', '+90 (532) 1234 56 7', ' +90 (532) 123 45 67', '+90 (532) 123 45 67 ', ''],
    );
  });

  it('mobile phone: the same shape with a 5xx operator code', () => {
    check(
      byPattern(mobilePhonePattern),
      ['+90 (532) 123 45 67', '+90 (505) 000 00 00'],
      ['+90 (212) 555 00 11', '+90 (432) 123 45 67', '+90 532 123 45 67', 'tel +90 (532) 123 45 67', '+90 (532) 123 45 678'],
    );
  });
});

describe('mailPattern', () => {
  it('lowercase letters, digits, dot, dash, underscore, @, a domain', () => {
    check(
      byPattern(mailPattern),
      ['ali@example.com', 'ali.veli_1-x@example.com.tr', 'a@b-c.io', '123@mail.net'],
      [
        'Ali@example.com',
        'ali@Example.com',
        'ali@example.COM',
        'ayşe@example.com',
        'ali veli@example.com',
        'ali+tag@example.com',
        'ali@example',
        'ali@example.c',
        'ali@@example.com',
        '@example.com',
        'ali@ex_ample.com',
        'ali@example.com!',
        '',
      ],
    );
  });
});

describe('usernamePattern / isIdentifier', () => {
  it('username: 4 to 32 of letters, digits, underscore, dash, dot', () => {
    check(
      byPattern(usernamePattern),
      ['abcd', 'Ali.Veli_1-x', 'a'.repeat(32), 'USER2024'],
      ['abc', 'a'.repeat(33), 'ali veli', 'ayşe1', 'ali@veli', 'ali!', ''],
    );
  });

  it('identifier: a mail address or a username', () => {
    check(isIdentifier, ['ali@example.com', 'ali.veli', 'abcd'], ['abc', 'Ali@Example.com', 'ali veli', 'ayşe@example.com', '']);
  });
});

describe('passwordPattern', () => {
  it('6 to 64 characters, no whitespace, a digit, an uppercase, a lowercase and a special character', () => {
    const long = 'Aa1!' + 'x'.repeat(60); // 64 characters
    check(
      byPattern(passwordPattern),
      ['Abc12!', 'P@ssw0rd', long, 'xY9_zzzz'],
      [
        'Ab12!', // 5 characters
        long + 'x', // 65 characters
        'abc12!', // no uppercase
        'ABC12!', // no lowercase
        'Abcde!', // no digit
        'Abc123', // no special character
        'Abc 12!', // whitespace
        'Abc12!\t',
        ' Abc12!', // whitespace before
        '',
      ],
    );
  });
});

describe('sixDigitCodePattern', () => {
  it('exactly 6 digits', () => {
    check(byPattern(sixDigitCodePattern), ['123456', '000000'], ['12345', '1234567', '12345a', ' 123456', '123 456', '']);
  });
});

describe('ibanPattern', () => {
  const valid = 'TR33 0006 1005 1978 6457 8413 26';

  it('shape: TR, 2 digits, groups of 4 digits, then 2 digits, separated by spaces', () => {
    check(
      byPattern(ibanPattern),
      [valid, 'TR00 0000 0000 0000 0000 0000 00'],
      [
        'TR330006100519786457841326', // no spaces
        'tr33 0006 1005 1978 6457 8413 26',
        'DE89 3704 0044 0532 0130 00',
        'TR33 0006 1005 1978 6457 8413 2', // one digit short
        'TR33 0006 1005 1978 6457 8413 261',
        'TR33 0006 1005 1978 6457 841 326', // wrong grouping
        'TR3A 0006 1005 1978 6457 8413 26',
        `IBAN ${valid}`,
        '',
      ],
    );
  });
});

describe('nationalityNumberPattern / isValidNationalityNumber', () => {
  it('pattern: exactly 11 digits', () => {
    check(byPattern(nationalityNumberPattern), ['10000000146', '12345678901', '00000000000'], ['1000000014', '100000001460', '1000000014a', ' 10000000146', '']);
  });

  it('checksum: accepts valid numbers', () => {
    check(isValidNationalityNumber, ['10000000146', '10000000214', '10000000382'], []);
    // Every odd-place digit counts with its sign: 1, 2, 3, 4 and 1 there.
    check(isValidNationalityNumber, ['10203040178'], []);
  });

  it('checksum: the 10th digit survives a negative 7·odd − even', () => {
    // odd = 1, even = 36: (7 − 36) mod 10 = 1; digit 11 = 38 mod 10 = 8.
    expect(isValidNationalityNumber('19090909018')).toBe(true);
    expect(isValidNationalityNumber('19090909098')).toBe(false);
  });

  it('checksum: refuses a first digit 0, a wrong 10th or 11th digit, and non-11-digit input', () => {
    check(
      isValidNationalityNumber,
      [],
      [
        '00000000000',
        '01000000146',
        '10000000156', // 10th digit wrong
        '10203040189', // 10th digit wrong, 11th right for the digits given
        '10000000147', // 11th digit wrong
        '10000000213',
        '1000000014',
        '100000001460',
        '1000000014a',
        '',
      ],
    );
  });
});

describe('pricePattern', () => {
  it('digits with an optional decimal part of up to 2 digits', () => {
    check(byPattern(pricePattern), ['0', '100', '99.9', '99.99', '1500.00'], ['99.999', '.5', '5.', '-5', '1,5', '1 000', '1e3', '']);
  });
});

describe('serviceNumberPattern', () => {
  it('digits only, at least 5', () => {
    check(byPattern(serviceNumberPattern), ['12345', '8812345678', '1712345'], ['1234', '12a45', '12 345', '-12345', '']);
  });
});

describe('securityWordPattern', () => {
  it('letters only, Turkish letters allowed', () => {
    check(byPattern(securityWordPattern), ['Ayşe', 'çğıİöşü', 'ÇĞİÖŞÜ', 'Istanbul', 'ılık', 'kelime'], []);
  });

  it('no spaces, digits or other characters', () => {
    check(byPattern(securityWordPattern), [], ['ayşe yılmaz', 'kelime1', '123', ' kelime', 'a-b', 'a.b', '']);
  });
});

describe('birthDatePattern', () => {
  it('DD/MM/YYYY as the mask writes it, with day, month and year groups', () => {
    check(byPattern(birthDatePattern), ['01/02/1990', '31/12/2005'], ['1/2/1990', '01-02-1990', '01/02/90', '01/02/19900', '01.02.1990', '001/02/1990', '']);
    expect(birthDatePattern.exec('07/11/1985')?.slice(1)).toEqual(['07', '11', '1985']);
  });

  it('checks the shape only, not the calendar', () => {
    expect(birthDatePattern.test('31/02/1990')).toBe(true);
  });
});
