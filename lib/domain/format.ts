import { formatNumber } from '@/lib/domain/money';
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

/** Türkiye has kept UTC+3 all year since September 2016. */
const ISTANBUL_OFFSET_SECONDS = 3 * 60 * 60;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Unix seconds as 'dd.mm.yyyy' in Europe/Istanbul (spec §9), computed from the fixed UTC+3 offset
 * rather than from the runtime's time zone data. For the pre-2016 years when winter time was UTC+2
 * (birth dates), a date stored as local midnight still lands on the same day (01:00), as does one
 * stored as UTC midnight (03:00). Throws RangeError on a non-finite value.
 */
export function formatDate(unixSeconds: number): string {
  if (!Number.isFinite(unixSeconds)) throw new RangeError(`Cannot format date ${unixSeconds}`);
  const date = new Date((unixSeconds + ISTANBUL_OFFSET_SECONDS) * 1000);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Cannot format date ${unixSeconds}`);
  return `${pad(date.getUTCDate())}.${pad(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}`;
}

/** Decimal megabytes, the unit the upload limit is shown in (spec §5: bytes / 1e6). */
export function bytesToMb(bytes: number): number {
  return bytes / 1e6;
}

/** '4 MB', '2,5 MB', '1,23 MB': at most two decimals, Turkish decimal comma. */
export function formatMb(bytes: number): string {
  return `${formatNumber(bytesToMb(bytes), { maxDecimals: 2 })} MB`;
}
