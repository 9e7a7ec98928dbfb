/**
 * Number and price formatting in the page's language, by Intl: Turkish '1.800,50 TL' ('.' groups
 * thousands, ',' marks decimals), English '1,800.50 TL'. Node (full ICU since 13) and the browsers
 * carry both locales' data.
 */

export const CURRENCY_SUFFIX = 'TL';

export type NumberLocale = 'tr' | 'en';

const formats = new Map<string, Intl.NumberFormat>();

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
  const min = Math.max(0, Math.floor(minDecimals));
  const max = Math.max(min, Math.floor(maxDecimals));
  const key = `${locale}:${min}:${max}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale === 'tr' ? 'tr-TR' : 'en-GB', { minimumFractionDigits: min, maximumFractionDigits: max, roundingMode: 'halfExpand' });
    // Stryker disable next-line CallExpression: equivalent, a cache: without it each call makes the same format again.
    formats.set(key, format);
  }
  // '-0' is no amount: a value that rounds to zero is shown without a sign.
  return format.format(value).replace(/^-(?=0(?:\D0*)?$)/, '');
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
