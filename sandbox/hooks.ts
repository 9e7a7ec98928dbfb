import { randomInt } from 'node:crypto';
import { apiCalls, type ApiCallName } from '@/lib/api/calls';
import { defineSchema, validate, type Schema } from '@/sandbox/validator';
import { CODE_TTL_MS, outbox } from '@/sandbox/codes';
import { seconds, type Context } from '@/sandbox/context';
import { SandboxError, texts } from '@/sandbox/errors';
import { FORM_HASH_TTL_MS } from '@/sandbox/forms';
import { SETTING_CAMPAIGN_END_DATE, SETTING_SETTINGS_COUNTRIES } from '@/sandbox/fixtures';
import { textPdf } from '@/sandbox/pdf';
import { SETTING_SUBSCRIPTIONS_ORDER } from '@/sandbox/store';

/**
 * Sandbox-only test hooks under /__sandbox (same service token, JSON bodies), so every status
 * label and upload state of the spec can be reached from a test.
 */

export interface HookControls {
  reset(): void;
  advanceClock(seconds: number): void;
  clockOffsetSeconds(): number;
  setSlow(ms: number, afterEffect?: boolean): void;
  /** The named /v1 calls answer 503 from now on; an empty list heals them. */
  setFailing(calls: ApiCallName[]): void;
  /** The next call of each named /v1 call takes effect, then its connection is dropped unanswered; an empty list cancels. */
  setDropping(calls: ApiCallName[]): void;
  /** The next call of `call` is refused as given, without taking effect. */
  refuseNext(call: ApiCallName, refusal: Refusal): void;
}

/**
 * A refusal an upstream other than ours might answer: any status from 400 to 599, a message in no
 * catalogue of ours (or none), the registered-user flag, or a body that is not the envelope at all.
 */
export interface Refusal {
  status: number;
  message?: string;
  registered_user?: boolean;
  /** false: an HTML error page instead of the envelope (a proxy's, say). */
  envelope?: boolean;
}

interface HookRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: () => unknown;
}

const statusSchema = defineSchema({
  status: { type: 'oneOf', required: true, label: 'Durum', items: [1, 2, 3, 4, 5, 200, 998, 999] },
});
const reviewSchema = defineSchema({
  status: { type: 'oneOf', required: true, label: 'Durum', items: [0, 1, 2, 3] },
  message: { type: 'string', label: 'Mesaj', maxLength: 500 },
});
const campaignSchema = defineSchema({
  end_date: { type: 'string', required: true, label: 'Bitiş tarihi', pattern: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/ },
});
const countriesSchema = defineSchema({ included: { type: 'bool', required: true, label: 'Ülkeler' } });
const orderSchema = defineSchema({ order: { type: 'oneOf', required: true, label: 'Sıra', items: ['newest', 'oldest'] } });
const clockSchema = defineSchema({
  advance_seconds: { type: 'number', required: true, label: 'Saniye', min: -31_536_000, max: 31_536_000 },
});
const expireSchema = defineSchema({ to: { type: 'string', required: true, label: 'Alıcı', maxLength: 254 } });
const formExpireSchema = defineSchema({ hash: { type: 'string', required: true, label: 'Form', maxLength: 128 } });
const slowSchema = defineSchema({
  ms: { type: 'number', required: true, label: 'Gecikme', min: 0, max: 120_000 },
  afterEffect: { type: 'bool', label: 'Etkiden sonra' },
});
const nameSchema = defineSchema({
  name: { type: 'string', label: 'Ad', maxLength: 200 },
  surname: { type: 'string', label: 'Soyad', maxLength: 200 },
});
const failSchema = defineSchema({ calls: { type: 'array', required: true, label: 'Çağrılar', maxLength: 50 } });
const refuseSchema = defineSchema({
  call: { type: 'string', required: true, label: 'Çağrı', maxLength: 64 },
  status: { type: 'number', required: true, label: 'Durum', min: 400, max: 599 },
  message: { type: 'string', label: 'Mesaj', maxLength: 10_000 },
  registered_user: { type: 'bool', label: 'Kayıtlı kullanıcı' },
  envelope: { type: 'bool', label: 'Zarf' },
});

function body<T>(request: HookRequest, schema: Schema): T {
  const data = request.body();
  validate(schema, data);
  return data as T;
}

function samplePdf(ctx: Context, title: string): string {
  return ctx.store.saveFile(textPdf(title, ['Bu belge sandbox ortaminda olusturulmus bir ornektir.']), 'pdf');
}

/** Answers a hook request, or undefined when the path is no hook. */
export function handleHook(ctx: Context, controls: HookControls, request: HookRequest): { data?: unknown; message?: string } | undefined {
  const { method, path } = request;
  const post = (pattern: RegExp) => (method === 'POST' ? pattern.exec(path) : null);
  const { store } = ctx;
  let match: RegExpExecArray | null;

  if (method === 'GET' && path === '/__sandbox/health') return { data: { now: seconds(ctx.now()) } };

  if (method === 'GET' && path === '/__sandbox/outbox') {
    return { data: outbox(ctx, request.query.get('to') ?? undefined) };
  }

  if (post(/^\/__sandbox\/reset$/)) {
    controls.reset();
    return { message: 'Sandbox verileri başlangıç durumuna döndürüldü.' };
  }

  if (post(/^\/__sandbox\/clock$/)) {
    const { advance_seconds } = body<{ advance_seconds: number }>(request, clockSchema);
    controls.advanceClock(advance_seconds);
    return { data: { now: seconds(ctx.now()), offset_seconds: controls.clockOffsetSeconds() } };
  }

  // Ages only one phone's or mail's codes, so a test can see expiry without moving everyone's clock.
  if (post(/^\/__sandbox\/codes\/expire$/)) {
    const { to } = body<{ to: string }>(request, expireSchema);
    const changed = store.db
      .prepare("UPDATE codes SET created_at = ? WHERE target = ? AND state = 'open'")
      .run(ctx.now() - CODE_TTL_MS - 1000, to).changes;
    return { data: { expired: changed } };
  }

  // Ages one application form's hash past its 30 minutes, so a test sees the refusal without moving everyone's clock.
  if (post(/^\/__sandbox\/forms\/expire$/)) {
    const { hash } = body<{ hash: string }>(request, formExpireSchema);
    const changed = store.db.prepare('UPDATE forms SET hash_issued_at = ? WHERE hash = ?').run(ctx.now() - FORM_HASH_TTL_MS - 1000, hash).changes;
    if (changed === 0) throw new SandboxError(404, texts.formInvalid);
    return { data: { expired: changed } };
  }

  if (post(/^\/__sandbox\/slow$/)) {
    const { ms, afterEffect = false } = body<{ ms: number; afterEffect?: boolean }>(request, slowSchema);
    controls.setSlow(ms, afterEffect);
    return { data: { ms, afterEffect } };
  }

  // /fail: the calls answer 503 until healed. /drop: the next call of each takes effect, then its
  // connection is reset with no answer (a filing whose answer is lost on the way).
  const failOrDrop = post(/^\/__sandbox\/(fail|drop)$/);
  if (failOrDrop) {
    const { calls } = body<{ calls: unknown[] }>(request, failSchema);
    const unknown = calls.filter((call) => typeof call !== 'string' || !Object.hasOwn(apiCalls, call));
    if (unknown.length > 0) throw new SandboxError(400, `Bilinmeyen çağrı: ${unknown.map(String).join(', ')}`);
    if (failOrDrop[1] === 'fail') controls.setFailing(calls as ApiCallName[]);
    else controls.setDropping(calls as ApiCallName[]);
    return { data: { calls } };
  }

  // The next call of one /v1 call is refused as the test says (an upstream's words our catalogue does not know).
  if (post(/^\/__sandbox\/refuse$/)) {
    const { call, ...refusal } = body<Refusal & { call: string }>(request, refuseSchema);
    if (!Object.hasOwn(apiCalls, call)) throw new SandboxError(400, `Bilinmeyen çağrı: ${call}`);
    controls.refuseNext(call as ApiCallName, refusal);
    return { data: { call, ...refusal } };
  }

  // A customer's name as the upstream keeps it, whatever the application forms allow: a name with
  // markup characters, or none at all (an upstream record with a part missing).
  if ((match = post(/^\/__sandbox\/customers\/(\d{11})\/name$/))) {
    const { name = '', surname = '' } = body<{ name?: string; surname?: string }>(request, nameSchema);
    const changed = store.db.prepare('UPDATE customers SET name = ?, surname = ? WHERE nationality_number = ?').run(name, surname, match[1]!).changes;
    if (changed === 0) throw new SandboxError(404, 'Müşteri bulunamadı.');
    return { data: { name, surname } };
  }

  if (post(/^\/__sandbox\/settings\/campaign$/)) {
    const { end_date } = body<{ end_date: string }>(request, campaignSchema);
    store.setSetting(SETTING_CAMPAIGN_END_DATE, end_date);
    return { data: { end_date } };
  }

  // The settings' answer with or without its countries (an upstream that leaves them out).
  if (post(/^\/__sandbox\/settings\/countries$/)) {
    const { included } = body<{ included: boolean }>(request, countriesSchema);
    store.setSetting(SETTING_SETTINGS_COUNTRIES, included ? 'included' : 'omitted');
    return { data: { included } };
  }

  // A customer's subscriptions newest first (the fixtures' order) or oldest first (an upstream that keeps no order).
  if (post(/^\/__sandbox\/subscriptions\/order$/)) {
    const { order } = body<{ order: 'newest' | 'oldest' }>(request, orderSchema);
    store.setSetting(SETTING_SUBSCRIPTIONS_ORDER, order);
    return { data: { order } };
  }

  if ((match = post(/^\/__sandbox\/subscriptions\/(\d{1,12})\/status$/))) {
    const { status } = body<{ status: number }>(request, statusSchema);
    const subscription = store.subscriptionById(Number(match[1]));
    if (!subscription) throw new SandboxError(404, texts.subscriptionNotFound);
    store.db.prepare('UPDATE subscriptions SET status = ? WHERE id = ?').run(status, subscription.id);
    if (status === 200 && !subscription.auth_username) {
      // A started line has modem credentials.
      store.db
        .prepare('UPDATE subscriptions SET auth_username = ?, auth_password = ? WHERE id = ?')
        .run(`abone.${subscription.id}`, `Modem-${randomInt(1000, 10000)}`, subscription.id);
    }
    const customer = store.customerById(subscription.customer_id)!;
    return { data: store.subscription(store.subscriptionById(subscription.id)!, customer, ctx.origin) };
  }

  if ((match = post(/^\/__sandbox\/subscriptions\/(\d{1,12})\/docs-status$/))) {
    const { status, message } = body<{ status: number; message?: string }>(request, reviewSchema);
    const subscription = store.subscriptionById(Number(match[1]));
    if (!subscription) throw new SandboxError(404, texts.subscriptionNotFound);
    if (subscription.subscription_type !== 2) throw new SandboxError(409, 'Bu abonelik kurumsal değil; şirket belgesi yoktur.');
    const withFiles = status !== 0;
    store.db
      .prepare('UPDATE subscriptions SET docs_status = ?, docs_message = ?, tax_plate = ?, signature_circular = ? WHERE id = ?')
      .run(
        status,
        message ?? (status === 3 ? 'Şirket belgeleriniz onaylanmadı. Lütfen belgeleri yeniden yükleyin.' : null),
        withFiles ? (subscription.tax_plate ?? samplePdf(ctx, 'Vergi Levhasi')) : null,
        withFiles ? (subscription.signature_circular ?? samplePdf(ctx, 'Imza Sirkuleri')) : null,
        subscription.id,
      );
    return { data: store.companyDocs(store.subscriptionById(subscription.id)!, ctx.origin) };
  }

  if ((match = post(/^\/__sandbox\/customers\/(\d{11})\/revoke-tokens$/))) {
    // Every token of the customer is refused from now on, as an expired session.
    const customer = store.customerByNationalityNumber(match[1]!);
    if (!customer) throw new SandboxError(404, 'Bu TC kimlik numarasına ait bir kayıt bulunamadı.');
    const revoked = store.db.prepare('DELETE FROM tokens WHERE customer_id = ?').run(customer.id).changes;
    return { data: { revoked } };
  }

  if ((match = post(/^\/__sandbox\/customers\/(\d{11})\/identity-status$/))) {
    const { status, message } = body<{ status: number; message?: string }>(request, reviewSchema);
    const customer = store.customerByNationalityNumber(match[1]!);
    if (!customer) throw new SandboxError(404, 'Bu TC kimlik numarasına ait bir kayıt bulunamadı.');
    const withFiles = status !== 0;
    store.db
      .prepare('UPDATE customers SET identity_status = ?, identity_message = ?, identity_front = ?, identity_back = ? WHERE id = ?')
      .run(
        status,
        message ?? (status === 3 ? 'Kimlik belgeleriniz onaylanmadı. Lütfen okunaklı görseller yükleyin.' : null),
        withFiles ? (customer.identity_front ?? samplePdf(ctx, 'Kimlik Karti - On Yuz')) : null,
        withFiles ? (customer.identity_back ?? samplePdf(ctx, 'Kimlik Karti - Arka Yuz')) : null,
        customer.id,
      );
    return { data: store.confirmNationality(store.customerById(customer.id)!, ctx.origin) };
  }

  return undefined;
}
