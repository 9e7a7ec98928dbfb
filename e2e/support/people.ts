import { randomInt } from 'node:crypto';

/** A valid TC kimlik no nobody else in the run uses (spec §5 checksum; first digit not 0). */
export function randomNationalityNumber(): string {
  const d = [randomInt(1, 10), ...Array.from({ length: 8 }, () => randomInt(0, 10))];
  const tenth = (((7 * (d[0]! + d[2]! + d[4]! + d[6]! + d[8]!) - (d[1]! + d[3]! + d[5]! + d[7]!)) % 10) + 10) % 10;
  const eleventh = (d.reduce((sum, n) => sum + n, 0) + tenth) % 10;
  return [...d, tenth, eleventh].join('');
}

/** A mobile number in the mask's form, `+90 (5xx) xxx xx xx`. */
export function randomPhone(): string {
  const digits = String(randomInt(0, 1e9)).padStart(9, '0');
  return `+90 (5${digits.slice(0, 2)}) ${digits.slice(2, 5)} ${digits.slice(5, 7)} ${digits.slice(7, 9)}`;
}

export function randomMail(): string {
  return `deneme.${randomInt(0, 1e9)}@example.com`;
}
