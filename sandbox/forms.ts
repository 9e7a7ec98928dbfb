import type { Context } from '@/sandbox/context';
import { SandboxError, texts } from '@/sandbox/errors';
import { randomToken, type FormData, type FormRow } from '@/sandbox/store';

/**
 * The form-hash chain: a form is started by register-step-1 or transfer-register-step-1 and every
 * later step names it by its current hash. Steps that change the form answer a new hash, after
 * which the old one is refused; a hash is valid for 30 minutes after it was issued.
 */
export const FORM_HASH_TTL_MS = 30 * 60_000;

export interface Form extends FormRow {
  parsed: FormData;
}

export function startForm(ctx: Context, kind: FormRow['kind'], data: FormData): string {
  const hash = randomToken();
  const now = ctx.now();
  ctx.store.db
    .prepare('INSERT INTO forms (kind, step, hash, hash_issued_at, data, created_at) VALUES (?, 1, ?, ?, ?, ?)')
    .run(kind, hash, now, JSON.stringify(data), now);
  return hash;
}

/**
 * The form a hash names. `kind` limits it to one flow (undefined: either); `minStep` is the step it
 * must have reached, so steps cannot be skipped.
 */
export function loadForm(ctx: Context, hash: string, kind: FormRow['kind'] | undefined, minStep: number): Form {
  const row = ctx.store.db.prepare('SELECT * FROM forms WHERE hash = ?').get(hash) as FormRow | undefined;
  if (!row || ctx.now() - row.hash_issued_at > FORM_HASH_TTL_MS || (kind && row.kind !== kind)) {
    throw new SandboxError(400, texts.formInvalid, { reason: 'form_invalid' });
  }
  if (row.step < minStep) throw new SandboxError(409, texts.stepOrder, { reason: 'step_order' });
  return { ...row, parsed: JSON.parse(row.data) as FormData };
}

export interface FormChanges {
  step?: number;
  data?: Partial<FormData>;
  phone?: string;
  mail?: string;
  campaign_code?: string;
  reference_code?: string;
}

/** Saves the changes and issues the form's next hash (the current one stops working). */
export function advanceForm(ctx: Context, form: Form, changes: FormChanges): string {
  const hash = randomToken();
  const data = { ...form.parsed, ...changes.data };
  ctx.store.db
    .prepare(
      `UPDATE forms SET hash = ?, hash_issued_at = ?, step = ?, data = ?, phone = ?, mail = ?, campaign_code = ?, reference_code = ?
       WHERE id = ?`,
    )
    .run(
      hash,
      ctx.now(),
      Math.max(form.step, changes.step ?? 0),
      JSON.stringify(data),
      changes.phone ?? form.phone,
      changes.mail ?? form.mail,
      changes.campaign_code ?? form.campaign_code,
      changes.reference_code ?? form.reference_code,
      form.id,
    );
  return hash;
}

/** A finished form is removed, so its hash can never be used again. */
export function finishForm(ctx: Context, form: Form): void {
  ctx.store.db.prepare('DELETE FROM forms WHERE id = ?').run(form.id);
  ctx.store.db.prepare("UPDATE codes SET state = 'void' WHERE form_id = ? AND state = 'open'").run(form.id);
}
