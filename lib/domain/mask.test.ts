import { describe, expect, it } from 'vitest';
import { maskMail, maskNationalityNumber, maskPhone } from '@/lib/domain/mask';

describe('maskPhone', () => {
  it('keeps the operator digit and the last two digits of a Turkish mobile number', () => {
    expect(maskPhone('+90 (532) 123 45 67')).toBe('+90 (5••) ••• •• 67');
    expect(maskPhone(' +90 (505) 000 00 01 ')).toBe('+90 (5••) ••• •• 01');
  });

  it('shows only the last two digits of a number in another form', () => {
    expect(maskPhone('05321234567')).toBe('•••••••••67');
    expect(maskPhone('7')).toBe('•');
    expect(maskPhone('12')).toBe('••');
    expect(maskPhone('0532-123 45')).toBe('•••••••45');
  });

  it('takes only a whole Turkish mobile number for one', () => {
    expect(maskPhone('tel +90 (532) 123 45 67')).toBe('••••••••••67');
    expect(maskPhone('+90 (532) 123 45 678')).toBe('•••••••••••78');
  });
});

describe('maskMail', () => {
  it('keeps the first and the last letter and the domain, with three bullets whatever the length', () => {
    expect(maskMail('ayse.yilmaz@example.com')).toBe('a•••z@example.com');
    expect(maskMail('ab@example.com')).toBe('a•••@example.com');
    expect(maskMail('a@example.com')).toBe('a•••@example.com');
    expect(maskMail('ğülşen@örnek.com.tr')).toBe('ğ•••n@örnek.com.tr');
  });

  it('gives nothing away from something that is no address', () => {
    expect(maskMail('@example.com')).toBe('•••');
    expect(maskMail('nomail')).toBe('•••');
  });
});

describe('maskNationalityNumber', () => {
  it('keeps the last three digits', () => {
    expect(maskNationalityNumber('10000000146')).toBe('••••••••146');
    expect(maskNationalityNumber('12')).toBe('12');
    expect(maskNationalityNumber('100 000 001 46')).toBe('••••••••146');
  });
});
