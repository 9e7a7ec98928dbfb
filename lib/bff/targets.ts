/**
 * Code targets as the budgets count them: one mailbox, one budget, however its address is written.
 * Every mail is counted in lower case; for providers that deliver `a.b+tag@` to `ab@`, without the
 * dots and the tag (and Googlemail as Gmail); phones are counted by their digits.
 */
const IGNORES_DOTS_AND_TAGS = new Set(['gmail.com', 'googlemail.com']);
const IGNORES_TAGS = new Set(['outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'icloud.com', 'me.com', 'mac.com', 'yandex.com', 'yandex.com.tr', 'fastmail.com', 'proton.me', 'protonmail.com']);

export function mailTarget(mail: string): string {
  const lower = mail.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 1) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  if (IGNORES_DOTS_AND_TAGS.has(domain)) {
    local = local.split('+')[0]!.replaceAll('.', '');
    domain = 'gmail.com';
  } else if (IGNORES_TAGS.has(domain)) {
    local = local.split('+')[0]!;
  }
  return `${local}@${domain}`;
}

export const phoneTarget = (phone: string): string => phone.replace(/\D/g, '');
