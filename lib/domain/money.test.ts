import { describe, expect, it } from 'vitest';
import { formatNumber, formatPrice } from '@/lib/domain/money';

describe('formatPrice', () => {
  it('formats whole amounts without decimals', () => {
    expect(formatPrice(1800)).toBe('1.800 TL');
    expect(formatPrice(999)).toBe('999 TL');
    expect(formatPrice(0)).toBe('0 TL');
    expect(formatPrice(1_234_567)).toBe('1.234.567 TL');
    expect(formatPrice(100_000)).toBe('100.000 TL');
  });

  it('shows two decimals for fractional amounts', () => {
    expect(formatPrice(149.9)).toBe('149,90 TL');
    expect(formatPrice(1234.5)).toBe('1.234,50 TL');
    expect(formatPrice(0.05)).toBe('0,05 TL');
  });

  it('forces two decimals on request', () => {
    expect(formatPrice(1800, { decimals: 2 })).toBe('1.800,00 TL');
    expect(formatPrice(149.9, { decimals: 2 })).toBe('149,90 TL');
  });

  it('rounds to whole lira on request', () => {
    expect(formatPrice(149.9, { decimals: 0 })).toBe('150 TL');
    expect(formatPrice(149.4, { decimals: 0 })).toBe('149 TL');
    expect(formatPrice(999.5, { decimals: 0 })).toBe('1.000 TL');
  });

  it('rounds half away from zero without binary noise', () => {
    expect(formatPrice(1.005)).toBe('1,01 TL');
    expect(formatPrice(999.995)).toBe('1.000,00 TL');
    expect(formatPrice(0.1 + 0.2)).toBe('0,30 TL');
    expect(formatPrice(-1.005)).toBe('-1,01 TL');
  });

  it('keeps the sign of negative amounts but not of a rounded-away one', () => {
    expect(formatPrice(-1800)).toBe('-1.800 TL');
    expect(formatPrice(-30.5)).toBe('-30,50 TL');
    expect(formatPrice(-0.001)).toBe('0,00 TL');
    expect(formatPrice(-0)).toBe('0 TL');
    // Only a zero loses its sign, not an amount that begins with one.
    expect(formatNumber(-0.5, { maxDecimals: 1 })).toBe('-0,5');
    expect(formatNumber(-0.05, { minDecimals: 2 })).toBe('-0,05');
  });

  it('groups and marks decimals the English way on English pages', () => {
    expect(formatPrice(1800, { locale: 'en' })).toBe('1,800 TL');
    expect(formatPrice(1234.5, { locale: 'en' })).toBe('1,234.50 TL');
    expect(formatPrice(1_234_567, { decimals: 2, locale: 'en' })).toBe('1,234,567.00 TL');
    expect(formatPrice(-30.5, { locale: 'en' })).toBe('-30.50 TL');
    expect(formatNumber(12.25, { maxDecimals: 2, locale: 'en' })).toBe('12.25');
  });

  it('uses a plain space before TL', () => {
    expect(formatPrice(1)).toMatch(/^1 TL$/);
  });

  it('refuses non-finite amounts', () => {
    expect(() => formatPrice(Number.NaN)).toThrow(new RangeError('Cannot format NaN'));
    expect(() => formatPrice(Infinity)).toThrow(new RangeError('Cannot format Infinity'));
  });
});

describe('formatNumber', () => {
  it('defaults to no decimals', () => {
    expect(formatNumber(1234.4)).toBe('1.234');
  });

  it('drops trailing zeros beyond the minimum', () => {
    expect(formatNumber(4, { maxDecimals: 2 })).toBe('4');
    expect(formatNumber(2.5, { maxDecimals: 2 })).toBe('2,5');
    expect(formatNumber(1.234567, { maxDecimals: 2 })).toBe('1,23');
    expect(formatNumber(2.5, { minDecimals: 1, maxDecimals: 3 })).toBe('2,5');
    expect(formatNumber(2, { minDecimals: 1, maxDecimals: 3 })).toBe('2,0');
  });

  it('never shows fewer than minDecimals even if maxDecimals is lower', () => {
    expect(formatNumber(2, { minDecimals: 2, maxDecimals: 0 })).toBe('2,00');
  });

  it('treats negative decimal counts as zero', () => {
    expect(formatNumber(12.6, { minDecimals: -1 })).toBe('13');
  });

  it('groups every third digit of large numbers', () => {
    expect(formatNumber(1_000_000_000)).toBe('1.000.000.000');
    expect(formatNumber(12_345)).toBe('12.345');
  });

  // Where the runtime has full Turkish ICU data, the hand-made grouping must agree with it.
  const icu = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  it.skipIf(icu.resolvedOptions().locale !== 'tr-TR')('agrees with Intl tr-TR', () => {
    for (const value of [0, 5.5, 999, 1800, 12_345.67, 1_234_567.89]) {
      expect(formatNumber(value, { minDecimals: 2 })).toBe(icu.format(value));
    }
  });
});
