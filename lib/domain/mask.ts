/**
 * Where a one-time code went, shown without giving the whole of it away (a screenshot, a person
 * behind the shoulder): the phone's operator digit and last two digits, the mail's first and last
 * letter and its domain, the TC number's last three digits. Bullets stand for the hidden part.
 */
const HIDDEN = '•';

/** '+90 (532) 123 45 67' -> '+90 (5••) ••• •• 67'; a number in another form keeps only its last two digits. */
export function maskPhone(phone: string): string {
  const match = /^\+90 \((\d)\d\d\) \d{3} \d{2} (\d{2})$/.exec(phone.trim());
  if (match) return `+90 (${match[1]}${HIDDEN.repeat(2)}) ${HIDDEN.repeat(3)} ${HIDDEN.repeat(2)} ${match[2]}`;
  const digits = phone.replace(/\D/g, '');
  return digits.length > 2 ? `${HIDDEN.repeat(digits.length - 2)}${digits.slice(-2)}` : HIDDEN.repeat(digits.length);
}

/** 'ayse.yilmaz@example.com' -> 'a•••z@example.com' (three bullets whatever the length, so the length is not told). */
export function maskMail(mail: string): string {
  const at = mail.lastIndexOf('@');
  if (at < 1) return HIDDEN.repeat(3);
  const local = Array.from(mail.slice(0, at));
  const last = local.length > 2 ? local.at(-1)! : '';
  return `${local[0]}${HIDDEN.repeat(3)}${last}${mail.slice(at)}`;
}

/** '10000000146' -> '••••••••146'. */
export function maskNationalityNumber(value: string): string {
  const digits = value.replace(/\D/g, '');
  return `${HIDDEN.repeat(Math.max(0, digits.length - 3))}${digits.slice(-3)}`;
}
