/**
 * Number and price formatting in the page's language: Turkish '1.800,50 TL' ('.' groups thousands,
 * ',' marks decimals), English '1,800.50 TL'. Done by hand rather than with Intl so the output does
 * not depend on the ICU data the runtime ships (small-icu builds fall back to en-US grouping).
 */

export const CURRENCY_SUFFIX = 'TL';

export type NumberLocale = 'tr' | 'en';

const SEPARATORS: Record<NumberLocale, { group: string; decimal: string }> = {
  tr: { group: '.', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/**
 * Formats `value` with between `minDecimals` and `maxDecimals` decimals (trailing zeros beyond
 * the minimum are dropped), rounding half away from zero. Throws RangeError on NaN/Infinity so a
 * broken amount never reaches the screen as 'NaN TL'.
 */
export function formatNumber(
  value: number,
  { minDecimals = 0, maxDecimals = minDecimals, locale = 'tr' }: { minDecimals?: number; maxDecimals?: number; locale?: NumberLocale } = {},
): string {
  if (!Number.isFinite(value)) throw new RangeError(`Cannot format ${value}`);
  const max = Math.max(0, Math.floor(maxDecimals), Math.floor(minDecimals));
  const min = Math.max(0, Math.floor(minDecimals));
  const factor = 10 ** max;
  // toPrecision(15) removes binary noise first, so 1.005 rounds to 1.01 and not 1.00.
  const scaled = Math.round(Number((Math.abs(value) * factor).toPrecision(15)));
  const whole = Math.floor(scaled / factor);
  let fraction = max > 0 ? String(scaled - whole * factor).padStart(max, '0') : '';
  while (fraction.length > min && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  const sign = value < 0 && scaled > 0 ? '-' : '';
  const { group, decimal } = SEPARATORS[locale];
  return `${sign}${groupThousands(String(whole), group)}${fraction ? `${decimal}${fraction}` : ''}`;
}

/**
 * Price with the TL suffix: `formatPrice(1800)` -> '1.800 TL', `formatPrice(149.9)` -> '149,90 TL',
 * `formatPrice(1800, { decimals: 2 })` -> '1.800,00 TL' (the subscription views, spec §9);
 * `{ locale: 'en' }` -> '149.90 TL'. Without `decimals`, whole amounts get none and any other
 * amount gets two.
 */
export function formatPrice(amount: number, options: { decimals?: 0 | 2; locale?: NumberLocale } = {}): string {
  const decimals = options.decimals ?? (Number.isInteger(amount) ? 0 : 2);
  return `${formatNumber(amount, { minDecimals: decimals, locale: options.locale })} ${CURRENCY_SUFFIX}`;
}
