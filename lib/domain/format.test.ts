import { describe, expect, it } from 'vitest';
import { bytesToMb, formatDate, formatMb, initials } from '@/lib/domain/format';

describe('initials', () => {
  it('upper-cases with the Turkish rules', () => {
    expect(initials('ilker ışık')).toBe('İI');
    expect(initials('Ayşe Çelik')).toBe('AÇ');
    expect(initials('özge ünal')).toBe('ÖÜ');
  });

  it('takes at most three words', () => {
    expect(initials('Mehmet Ali Can Yılmaz')).toBe('MAC');
    expect(initials('Ahmet')).toBe('A');
  });

  it('ignores extra whitespace and words without letters', () => {
    expect(initials('  Ali   -  Veli  ')).toBe('AV');
    expect(initials('Ali "Veli" Can Demir')).toBe('AVC');
  });

  it('is empty for an empty or blank name', () => {
    expect(initials('')).toBe('');
    expect(initials('   ')).toBe('');
    expect(initials('- .')).toBe('');
  });

  it('keeps a letter outside the basic plane whole', () => {
    expect(initials('𝐀li Veli')).toBe('𝐀V');
  });
});

describe('formatDate', () => {
  it('formats in Istanbul time (UTC+3) as dd.mm.yyyy', () => {
    expect(formatDate(0)).toBe('01.01.1970');
    expect(formatDate(Date.UTC(2024, 0, 5, 12) / 1000)).toBe('05.01.2024');
  });

  it('rolls over to the next day at 21:00 UTC', () => {
    expect(formatDate(Date.UTC(2024, 11, 31, 20, 59, 59) / 1000)).toBe('31.12.2024');
    expect(formatDate(Date.UTC(2024, 11, 31, 21, 0, 0) / 1000)).toBe('01.01.2025');
  });

  it('handles a leap day and fractional seconds', () => {
    expect(formatDate(Date.UTC(2024, 1, 29, 10) / 1000 + 0.75)).toBe('29.02.2024');
  });

  it('keeps pre-2016 birth dates on their day whether stored as local or UTC midnight', () => {
    // 15 Jan 1990 00:00 in Istanbul was UTC+2 then.
    expect(formatDate(Date.UTC(1990, 0, 14, 22) / 1000)).toBe('15.01.1990');
    expect(formatDate(Date.UTC(1990, 0, 15) / 1000)).toBe('15.01.1990');
  });

  const istanbul = (() => {
    try {
      return new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Istanbul', day: '2-digit', month: '2-digit', year: 'numeric' });
    } catch {
      return null;
    }
  })();
  it.skipIf(istanbul === null)('agrees with the runtime time zone data since 2016', () => {
    for (const ms of [Date.UTC(2017, 0, 1, 21, 30), Date.UTC(2023, 5, 30, 22, 30), Date.UTC(2025, 2, 30, 0, 30)]) {
      expect(formatDate(ms / 1000)).toBe(istanbul!.format(ms).split('/').join('.'));
    }
  });

  it('refuses non-finite and out-of-range times', () => {
    expect(() => formatDate(Number.NaN)).toThrow(new RangeError('Cannot format date NaN'));
    expect(() => formatDate(Infinity)).toThrow(new RangeError('Cannot format date Infinity'));
    expect(() => formatDate(1e16)).toThrow(new RangeError('Cannot format date 10000000000000000'));
  });
});

describe('megabytes', () => {
  it('uses decimal megabytes', () => {
    expect(bytesToMb(4_000_000)).toBe(4);
    expect(bytesToMb(0)).toBe(0);
    expect(bytesToMb(1_500_000)).toBe(1.5);
  });

  it('formats with at most two decimals and a comma', () => {
    expect(formatMb(4_000_000)).toBe('4 MB');
    expect(formatMb(2_500_000)).toBe('2,5 MB');
    expect(formatMb(1_234_567)).toBe('1,23 MB');
    expect(formatMb(0)).toBe('0 MB');
    expect(formatMb(12_000_000_000)).toBe('12.000 MB');
  });

  it('formats in English with a decimal point and a grouping comma', () => {
    expect(formatMb(2_500_000, 'en')).toBe('2.5 MB');
    expect(formatMb(1_234_567, 'en')).toBe('1.23 MB');
    expect(formatMb(12_000_000_000, 'en')).toBe('12,000 MB');
  });
});
