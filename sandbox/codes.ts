import { randomInt, timingSafeEqual } from 'node:crypto';
import { seconds, type Context } from '@/sandbox/context';
import { SandboxError, texts } from '@/sandbox/errors';
import { randomToken, type CodeRow, type OutboxRow } from '@/sandbox/store';

/**
 * One-time codes (docs/decisions/0011-embedded-sandbox-upstream.md): 6 random digits, valid 180 s,
 * void after 3 wrong tries, at most
 * one new code per target every 60 s. Every code sent is printed and kept in the outbox.
 */
export const CODE_TTL_MS = 180_000;
export const RESEND_INTERVAL_MS = 60_000;
export const MAX_WRONG_TRIES = 3;

export type CodePurpose = CodeRow['purpose'];

const MESSAGES: Record<CodePurpose, (code: string) => string> = {
  phone: (code) => `Telefon onay kodunuz: ${code}. Kod 3 dakika geçerlidir.`,
  mail: (code) => `E-posta onay kodunuz: ${code}. Kod 3 dakika geçerlidir.`,
  login: (code) => `Giriş kodunuz: ${code}. Kod 3 dakika geçerlidir; kimseyle paylaşmayın.`,
};

export interface SendCodeInput {
  purpose: CodePurpose;
  /** Phone in the `+90 (5xx) xxx xx xx` form, or a mail address. */
  target: string;
  formId?: number;
  customerId?: number;
}

/** Sends a new code to `target` and answers the code's hash. */
export function sendCode(ctx: Context, input: SendCodeInput): string {
  const { store } = ctx;
  const now = ctx.now();
  const last = store.db.prepare('SELECT MAX(created_at) AS at FROM codes WHERE target = ?').get(input.target) as { at: number | null };
  if (last.at !== null && now - last.at < ctx.resendIntervalMs) {
    const wait = Math.max(1, Math.ceil((ctx.resendIntervalMs - (now - last.at)) / 1000));
    throw new SandboxError(
      429,
      `Yeni bir kod istemeden önce lütfen ${wait} saniye bekleyin.`,
      { reason: 'resend_too_early', retry_after: wait },
      { 'Retry-After': String(wait) },
    );
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const hash = randomToken();
  const channel: OutboxRow['channel'] = input.purpose === 'mail' ? 'mail' : 'sms';
  const text = MESSAGES[input.purpose](code);
  store.db.transaction(() => {
    store.db.prepare("UPDATE codes SET state = 'void' WHERE target = ? AND purpose = ? AND state = 'open'").run(input.target, input.purpose);
    store.db
      .prepare('INSERT INTO codes (hash, purpose, target, code, form_id, customer_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(hash, input.purpose, input.target, code, input.formId ?? null, input.customerId ?? null, now);
    store.db
      .prepare('INSERT INTO outbox (channel, recipient, code, text, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(channel, input.target, code, text, now);
  })();
  ctx.log(`[sandbox] ${channel === 'sms' ? 'SMS' : 'MAIL'} ${input.target}: ${code}`);
  return hash;
}

export interface CheckCodeInput {
  hash: string;
  purpose: CodePurpose;
  code: string;
  /** The code must have been sent for this form and this target, when given. */
  formId?: number;
  target?: string;
}

/** Checks a code against its hash; marks it used and answers its row, or throws the refusal. */
export function checkCode(ctx: Context, input: CheckCodeInput): CodeRow {
  const { db } = ctx.store;
  const row = db.prepare('SELECT * FROM codes WHERE hash = ?').get(input.hash) as CodeRow | undefined;
  if (
    !row ||
    row.purpose !== input.purpose ||
    row.state === 'used' ||
    (input.formId !== undefined && row.form_id !== input.formId) ||
    (input.target !== undefined && row.target !== input.target)
  ) {
    throw new SandboxError(400, texts.codeUnknown, { reason: 'code_unknown' });
  }
  if (row.state === 'void' && row.attempts >= MAX_WRONG_TRIES) throw new SandboxError(400, texts.codeVoided, { reason: 'code_voided' });
  if (row.state === 'void') throw new SandboxError(400, texts.codeUnknown, { reason: 'code_unknown' });
  if (ctx.now() - row.created_at > CODE_TTL_MS) throw new SandboxError(400, texts.codeExpired, { reason: 'code_expired' });

  const matches = input.code.length === row.code.length && timingSafeEqual(Buffer.from(input.code), Buffer.from(row.code));
  if (!matches) {
    const attempts = row.attempts + 1;
    const voided = attempts >= MAX_WRONG_TRIES;
    db.prepare('UPDATE codes SET attempts = ?, state = ? WHERE hash = ?').run(attempts, voided ? 'void' : 'open', row.hash);
    if (voided) throw new SandboxError(400, texts.codeVoided, { reason: 'code_voided' });
    throw new SandboxError(400, input.purpose === 'mail' ? texts.wrongMail : texts.wrongSms, {
      reason: 'wrong_code',
      tries_left: MAX_WRONG_TRIES - attempts,
    });
  }
  db.prepare("UPDATE codes SET state = 'used' WHERE hash = ?").run(row.hash);
  return row;
}

/** Digits of a phone without the country code, to match `?to=` however it was typed. */
function phoneKey(value: string): string {
  return value.replace(/\D/g, '').slice(-10);
}

export interface OutboxEntry {
  channel: OutboxRow['channel'];
  to: string;
  code: string;
  text: string;
  /** Unix seconds on the sandbox clock. */
  created_at: number;
}

/** Every code sent, newest first; `to` keeps one phone (any spelling) or mail address. */
export function outbox(ctx: Context, to?: string): OutboxEntry[] {
  const rows = ctx.store.db.prepare('SELECT * FROM outbox ORDER BY id DESC').all() as OutboxRow[];
  const wanted = to?.trim();
  return rows
    .filter((row) => {
      if (!wanted) return true;
      if (wanted.includes('@')) return row.recipient.toLowerCase() === wanted.toLowerCase();
      return row.channel === 'sms' && phoneKey(row.recipient) === phoneKey(wanted);
    })
    .map((row) => ({ channel: row.channel, to: row.recipient, code: row.code, text: row.text, created_at: seconds(row.created_at) }));
}
