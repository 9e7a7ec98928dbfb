/**
 * The configured patterns of spec §5, shared by the zod form schemas, the generic validator and
 * the sandbox. Each is anchored, so `.test()` checks the whole value. No form uses the username,
 * identifier, password, IBAN and price patterns; they stay because §5 configures them and
 * e2e/spec-rules.json counts their rules covered by their unit tests alone.
 */

/** Mobile phone and phone: `+90 (XXX) XXX XX XX`, the form the input mask produces. */
export const phonePattern = /^\+90 \(\d{3}\) \d{3} \d{2} \d{2}$/;
export const mobilePhonePattern = /^\+90 \(5\d{2}\) \d{3} \d{2} \d{2}$/;

/** Lowercase letters, digits, dot, dash, underscore, then @, then a domain. */
export const mailPattern = /^[a-z0-9._-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/;

/** 4 to 32 characters from letters, digits, underscore, dash, dot. */
export const usernamePattern = /^[A-Za-z0-9_.-]{4,32}$/;

/** A mail address or a username. */
export function isIdentifier(value: string): boolean {
  return mailPattern.test(value) || usernamePattern.test(value);
}

/** 6 to 64 characters, no whitespace, at least one digit, uppercase, lowercase and special character. */
export const passwordPattern = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[^A-Za-z0-9\s])\S{6,64}$/;

/** Password reset key and confirm code (and every one-time code): exactly 6 digits. */
export const sixDigitCodePattern = /^\d{6}$/;

/** Turkish IBAN as typed: TR, 2 digits, 4 groups of 4 digits, then 2 digits, separated by spaces. */
export const ibanPattern = /^TR\d{2} \d{4} \d{4} \d{4} \d{4} \d{4} \d{2}$/;

/** Nationality (TC kimlik) number: exactly 11 digits. */
export const nationalityNumberPattern = /^\d{11}$/;

/** Price: digits with an optional decimal part of up to 2 digits. */
export const pricePattern = /^\d+(\.\d{1,2})?$/;

/** Service (subscriber) number: digits only, at least 5. */
export const serviceNumberPattern = /^\d{5,}$/;

/** Security word: letters only, Turkish letters allowed; no spaces or digits. */
export const securityWordPattern = /^[A-Za-zÇĞİÖŞÜçğıöşüÂÎÛâîû]+$/;

/** Birth date as the mask writes it. */
export const birthDatePattern = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/**
 * TC kimlik no checksum: first digit not 0; digit 10 = (7·(d1+d3+d5+d7+d9) − (d2+d4+d6+d8)) mod 10;
 * digit 11 = (d1+…+d10) mod 10.
 */
export function isValidNationalityNumber(value: string): boolean {
  if (!nationalityNumberPattern.test(value) || value[0] === '0') return false;
  const d = [...value].map(Number);
  const odd = d[0]! + d[2]! + d[4]! + d[6]! + d[8]!;
  const even = d[1]! + d[3]! + d[5]! + d[7]!;
  const tenth = (((7 * odd - even) % 10) + 10) % 10;
  const eleventh = d.slice(0, 10).reduce((sum, n) => sum + n, 0) % 10;
  return d[9] === tenth && d[10] === eleventh;
}
