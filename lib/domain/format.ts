import { formatNumber, type NumberLocale } from '@/lib/domain/money';
import { turkishUpperCase } from '@/lib/domain/turkish-case';

const letterOrDigit = /[\p{L}\p{N}]/u;

/**
 * Initials for the profile circle: the first letter of each of the first three words, upper-cased
 * with the Turkish rules ('ilker ışık' -> 'İI'). Words with no letter or digit (a stray '-') are
 * skipped and do not count towards the three.
 */
export function initials(fullName: string): string {
  const letters: string[] = [];
  for (const word of fullName.split(/\s+/)) {
    const first = Array.from(word).find((char) => letterOrDigit.test(char));
    if (first !== undefined) letters.push(first);
    if (letters.length === 3) break;
  }
  return turkishUpperCase(letters.join(''));
}

const istanbulDate = new Intl.DateTimeFormat('tr-TR', { timeZone: 'Europe/Istanbul', day: '2-digit', month: '2-digit', year: 'numeric' });

/**
 * Unix seconds as 'dd.mm.yyyy' in Europe/Istanbul (spec §9), by Intl with the zone's history: a
 * pre-2016 birth date stored as local midnight (UTC+2 in winter) or as UTC midnight stays on its
 * day. Throws RangeError on a non-finite value.
 */
export function formatDate(unixSeconds: number): string {
  // Beyond ±8.64e15 ms a Date is invalid (and Intl would throw its own error).
  if (!Number.isFinite(unixSeconds) || Math.abs(unixSeconds * 1000) > 8.64e15) throw new RangeError(`Cannot format date ${unixSeconds}`);
  const parts = Object.fromEntries(istanbulDate.formatToParts(unixSeconds * 1000).map((part) => [part.type, part.value]));
  return `${parts.day}.${parts.month}.${parts.year}`;
}

/** Decimal megabytes, the unit the upload limit is shown in (spec §5: bytes / 1e6). */
export function bytesToMb(bytes: number): number {
  return bytes / 1e6;
}

/** '4 MB', '2,5 MB', '1,23 MB' ('2.5 MB' in English): at most two decimals. */
export function formatMb(bytes: number, locale: NumberLocale = 'tr'): string {
  return `${formatNumber(bytesToMb(bytes), { maxDecimals: 2, locale })} MB`;
}
