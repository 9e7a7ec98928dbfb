import 'server-only';
import { type ApiCall, type ApiCallName, apiCalls, findApiCall, isDescribedPath } from '@/lib/api/calls';
import type { TokenAnswer } from '@/lib/api/types';
import { AnswerCache, reusableAnswerKey } from '@/lib/bff/answer-cache';
import { BodyError, encodeMultipart, readJsonBody, readMultipartBody } from '@/lib/bff/body';
import { acceptsCurrentTexts, auditConsents } from '@/lib/bff/consents';
import { acceptedDocumentsOf, filedSubscriptionOf, keepAcceptedDocuments } from '@/lib/documents/accepted';
import { spendBudgets, spendReadBudget } from '@/lib/bff/budget-plan';
import { clientIp } from '@/lib/bff/client-ip';
import { isTrustedStateChange, readCookie } from '@/lib/bff/csrf';
import { deviceCookieAfterLogin, readDevice } from '@/lib/bff/device';
import { FiledUnanswered, fileApplication, FilingPending, filingOutcome, forgetFiling } from '@/lib/bff/filing';
import { envelopeResponse, errorResponse, filedUnansweredResponse, replyText, fieldErrorResponse, responseLocale, sessionExpiredResponse, tooManyResponse, validationResponse } from '@/lib/bff/responses';
import type { Device } from '@/lib/bff/device';
import { uploadSlots } from '@/lib/bff/upload-slots';
import { catalogueText, refusalText, safeDetails } from '@/lib/bff/upstream-text';
import { XSRF_COOKIE } from '@/lib/api/csrf';
import { getConfig } from '@/lib/server/config';
import { getLogger } from '@/lib/server/logger';
import { recordBffCall, recordUploadRefused } from '@/lib/bff/call-metrics';
import { requestIdOf } from '@/lib/observability/request-id';
import { getSession, sessionUser, startSession } from '@/lib/session/session';
import { callUpstream, type UpstreamAnswer, UpstreamError, type UpstreamRequest } from '@/lib/upstream/upstream';
import type { Consents } from '@/lib/validation/consents';

export { clientIp } from '@/lib/bff/client-ip';

/** Address lists, reused for ADDRESS_CACHE_SECONDS; a few thousand lists are a few megabytes. */
let answers: AnswerCache | undefined;
function answerCache(): AnswerCache {
  answers ??= new AnswerCache(getConfig().addressCacheMs, 5_000);
  return answers;
}

/** Settings and countries, the same for everyone: reused for SETTINGS_CACHE_SECONDS. */
let readAnswers: AnswerCache | undefined;
function readCache(): AnswerCache {
  readAnswers ??= new AnswerCache(getConfig().settingsCacheMs, 10);
  return readAnswers;
}

/** Seconds a refused upload waits before trying again: about one upload's time. */
const UPLOAD_RETRY_SECONDS = 5;

/**
 * One browser call as the pipeline sees it, made once and handed down: what was asked (the call,
 * its path, language and id), who asks (the session, the caller's address, browser and device), and
 * what goes upstream (filled in as the body is read).
 */
export interface BffRequest {
  request: Request;
  name: ApiCallName;
  call: ApiCall;
  locale: 'tr' | 'en';
  requestId: string;
  /** Read only for the calls that need it: a customer's, and the logins that start one. */
  session: Awaited<ReturnType<typeof getSession>> | undefined;
  caller: { ip: string; browser: string | undefined; customer: string | undefined; device: Device | null };
  upstream: UpstreamRequest;
  /** The body as its schema parsed it (JSON calls). */
  body?: Record<string, unknown>;
  /** A filing's consents: ours, checked against the texts shown now, never sent upstream. */
  consents?: Consents;
}

/**
 * The backend-for-frontend: one described /v1 call from the browser, checked, counted against
 * its budgets, forwarded with the service token (and the session's customer token), and answered
 * without any token in it; the upstream's words only as lib/bff/upstream-text.ts lets them through.
 */
export async function handleApiRequest(request: Request, segments: string[]): Promise<Response> {
  const started = performance.now();
  const requestId = requestIdOf(request);
  const locale = responseLocale(request);
  const path = `/${segments.join('/')}`;
  const name = findApiCall(request.method, path);
  let status = 500;
  try {
    const response = name ? await answer(request, name, locale, requestId) : unknownCall(path, locale);
    status = response.status;
    response.headers.set('X-Request-Id', requestId);
    return response;
  } catch (error) {
    // Never a bare 500 page: a failure of our own is logged and answered in the envelope.
    getLogger().error({ requestId, call: name, error: error instanceof Error ? error.message : String(error) }, 'bff failed');
    status = 500;
    const response = errorResponse(500, replyText(locale, 'generic'));
    response.headers.set('X-Request-Id', requestId);
    return response;
  } finally {
    recordBffCall(request, { requestId, method: request.method, call: name, status, durationMs: Math.round(performance.now() - started) });
  }
}

/** A path §7 describes under another method is 405; any other path 404. */
const unknownCall = (path: string, locale: 'tr' | 'en') =>
  isDescribedPath(path) ? errorResponse(405, replyText(locale, 'methodNotAllowed'), { Allow: 'GET, POST' }) : errorResponse(404, replyText(locale, 'notFound'));

async function answer(request: Request, name: ApiCallName, locale: 'tr' | 'en', requestId: string): Promise<Response> {
  const call: ApiCall = apiCalls[name];
  // token-auth is made by the server alone, with the session's token.
  if (call.session === 'tokenFromSession') return errorResponse(404, replyText(locale, 'notFound'));
  if (call.method === 'POST' && !isTrustedStateChange(request)) return errorResponse(403, replyText(locale, 'forbidden'));

  // The customer's token is checked before the body is read, so an anonymous upload costs nothing.
  const session = call.auth || call.session === 'storeToken' ? await getSession() : undefined;
  if (call.auth) {
    // Stryker disable next-line OptionalChaining: equivalent, a session is always read for these calls.
    if (!session?.token) return sessionExpiredResponse(locale);
  }

  const ip = clientIp(request);
  const bff: BffRequest = {
    request,
    name,
    call,
    locale,
    requestId,
    session,
    caller: {
      ip,
      browser: readCookie(request, XSRF_COOKIE),
      customer: session?.sid,
      device: name === 'authStart' || name === 'auth' ? await readDevice(request) : null,
    },
    upstream: {
      // Stryker disable next-line OptionalChaining: as above.
      userToken: call.auth ? session?.token : undefined,
      headers: {
        'Accept-Language': locale === 'en' ? 'en-US' : 'tr-TR',
        'X-Forwarded-For': ip,
        'X-Request-Id': requestId,
      },
    },
  };

  let release: (() => void) | undefined;
  try {
    if (call.schema) {
      const parsed = call.schema.safeParse(await readJsonBody(request));
      if (!parsed.success) return validationResponse(locale, parsed.error);
      bff.body = parsed.data as Record<string, unknown>;
      bff.upstream.json = bff.body;
      if (call.files) {
        // The consents are ours: checked against the texts shown now, never sent upstream.
        const { consents: accepted, ...forwarded } = bff.body as Record<string, unknown> & { consents: Consents };
        if (!acceptsCurrentTexts(accepted)) return fieldErrorResponse(locale, 'consents', 'consents');
        bff.consents = accepted;
        bff.upstream.json = forwarded;
      }
    } else if (call.multipart) {
      // Its size is known before it is read (browsers always send it), so none streams on unbounded.
      if (!/^\d+$/.test(request.headers.get('content-length') ?? '')) return unread(errorResponse(411, replyText(locale, 'invalidRequest')));
      // Counted before the body is read: a refused upload costs no memory.
      const wait = await spendBudgets(name, undefined, bff.caller);
      if (wait !== null) return unread(tooManyResponse(locale, wait));
      release = uploadSlots().tryAcquire() ?? undefined;
      if (!release) {
        return unread(errorResponse(503, replyText(locale, 'busy', { seconds: UPLOAD_RETRY_SECONDS }), { 'Retry-After': String(UPLOAD_RETRY_SECONDS) }));
      }
      bff.upstream.multipart = encodeMultipart(await readMultipartBody(request, call.multipart, getConfig().uploadDeadlineMs));
    }

    if (!call.multipart) {
      const wait = await spendBudgets(name, bff.body, bff.caller);
      if (wait !== null) return tooManyResponse(locale, wait);
    }
    return await forward(bff);
  } catch (error) {
    if (error instanceof BodyError) {
      const refused = errorResponse(error.status, replyText(locale, error.reason, { count: call.multipart?.files.length ?? 1 }));
      return call.multipart ? unread(refused) : refused;
    }
    throw error;
  } finally {
    release?.();
  }
}

/**
 * A refused upload closes its connection once answered: Node.js would otherwise read the rest of
 * the body (megabytes, or a trickle) to keep the connection alive for the next request.
 */
function unread(response: Response): Response {
  recordUploadRefused(response.status);
  response.headers.set('Connection', 'close');
  return response;
}

/**
 * A filing's consents, once the upstream has filed it: written to the audit log, and what was
 * accepted kept for its customer to fetch (lib/documents; the upstream has no field for it).
 */
async function recordAccepted(bff: BffRequest, answered: UpstreamAnswer): Promise<void> {
  const { consents, name, body, locale, requestId } = bff;
  if (!consents || !answered.envelope.status) return;
  auditConsents(name, String(body!.form_security_hash), consents, requestId);
  const filed = filedSubscriptionOf(name, answered.envelope.data);
  if (filed) await keepAcceptedDocuments(acceptedDocumentsOf({ ...filed, consents, locale }));
}

/** The call answered from a reused answer, or sent upstream (a filing as lib/bff/filing.ts sends it), then answered. */
async function forward(bff: BffRequest): Promise<Response> {
  const { name, call, body, locale } = bff;
  const reuseKey = reusableAnswerKey(name, body, locale);
  const reused = reuseKey ? answerCache().get(reuseKey) : undefined;
  if (reused) return envelopeResponse(200, reused);
  const readKey = call.method === 'GET' ? `${name}|${locale}` : undefined;
  const read = readKey ? readCache().get(readKey) : undefined;
  if (read) return envelopeResponse(200, read);

  let result;
  // Stryker disable next-line OptionalChaining: equivalent, a filing call always has a body.
  const formHash = call.files ? body?.form_security_hash : undefined;
  try {
    result =
      typeof formHash === 'string'
        ? await fileApplication(name, bff.upstream, { formHash, browser: bff.caller.browser }, (late) => void recordAccepted(bff, late))
        : await callUpstream(name, bff.upstream);
  } catch (error) {
    // Still being filed: the browser asks app/api/filing for the answer instead of trying again.
    if (error instanceof FilingPending) return errorResponse(504, replyText(locale, 'timeout'), undefined, { filing_pending: true });
    // Filed, but the answer was lost: never to be sent again; the wizard shows it as received.
    if (error instanceof FiledUnanswered) return filedUnansweredResponse(locale);
    if (error instanceof UpstreamError && error.kind === 'timeout') return errorResponse(504, replyText(locale, 'timeout'));
    if (error instanceof UpstreamError && error.kind === 'unreachable') return errorResponse(502, replyText(locale, 'network'));
    return errorResponse(502, replyText(locale, 'generic'));
  }
  const response = await respond(bff, result, { reuseKey, readKey });
  if (response.ok && typeof formHash === 'string') await recordAccepted(bff, result);
  return response;
}

/** The browser's answer to an upstream answer: the envelope it may see, the token into the session. */
async function respond(
  { name, call, locale, session, caller }: Pick<BffRequest, 'name' | 'call' | 'locale' | 'session'> & { caller: Pick<BffRequest['caller'], 'device'> },
  result: UpstreamAnswer,
  { reuseKey, readKey }: { reuseKey?: string; readKey?: string } = {},
): Promise<Response> {
  const { status, envelope } = result;

  if (call.auth && status === 401 && session) {
    session.destroy();
    return sessionExpiredResponse(locale);
  }
  if (!envelope.status) {
    const failure = status >= 400 && status < 600 ? status : 502;
    const { message, asSent } = refusalText(envelope.message, failure, locale, replyText(locale, 'generic'));
    // `upstream_text` is ours alone (safeDetails keeps no such key from the upstream): the page says whose words these are.
    const details: Record<string, unknown> = { ...safeDetails(envelope.details), ...(asSent ? { upstream_text: true } : {}) };
    const headers: Record<string, string> = {};
    if (failure === 429 && typeof details.retry_after === 'number') headers['Retry-After'] = String(details.retry_after);
    return envelopeResponse(failure, { status: false, message, ...(Object.keys(details).length > 0 ? { details } : {}) }, headers);
  }
  const message = catalogueText(envelope.message, locale);

  if (call.session === 'storeToken' && session) {
    const token = envelope.data as TokenAnswer | undefined;
    // A token and a user in the shape of spec §3, or the login did not happen.
    if (typeof token?.token !== 'string' || !token.user?.data || !Array.isArray(token.user.subscriptions)) {
      return errorResponse(502, replyText(locale, 'generic'));
    }
    await startSession(token.token);
    const response = envelopeResponse(200, { status: true, message, hash: envelope.hash, data: sessionUser(token.user) });
    // This browser now knows this TC number: its own login codes get a bucket of their own.
    if (name === 'auth') response.headers.append('Set-Cookie', await deviceCookieAfterLogin(caller.device, token.user.data.nationality_number));
    return response;
  }
  const answered = { status: true, message, hash: envelope.hash, data: envelope.data };
  // An answer that carries a form hash belongs to one visitor's form: never reused.
  if (reuseKey && !envelope.hash) answerCache().set(reuseKey, answered);
  if (readKey) readCache().set(readKey, answered);
  return envelopeResponse(200, answered);
}

/**
 * What became of this browser's filing call that outlasted API_TIMEOUT_MS (lib/bff/filing.ts):
 * 202 while the upstream has not answered; its answer once it has, as the call itself would have
 * given it (a visitor's session starts here); 502 `filed_unanswered` when it was filed but its answer
 * lost; 404 `filing_unknown` when no answer came. Checked as a BFF call is: same origin, the read
 * budget, a small JSON body.
 */
export async function handleFilingQuery(request: Request): Promise<Response> {
  const locale = responseLocale(request);
  if (!isTrustedStateChange(request)) return errorResponse(403, replyText(locale, 'forbidden'));
  const wait = await spendReadBudget(clientIp(request));
  if (wait !== null) return tooManyResponse(locale, wait);
  let formHash: unknown;
  try {
    formHash = ((await readJsonBody(request, 1024)) as { form_security_hash?: unknown } | null)?.form_security_hash;
  } catch (error) {
    if (error instanceof BodyError) return errorResponse(error.status, replyText(locale, 'invalidRequest'));
    throw error;
  }
  if (typeof formHash !== 'string' || formHash.length === 0 || formHash.length > 128) return errorResponse(400, replyText(locale, 'invalidRequest'));

  const outcome = await filingOutcome(formHash, readCookie(request, XSRF_COOKIE));
  if (!outcome || outcome.state === 'unanswered') return errorResponse(404, replyText(locale, 'timeout'), undefined, { filing_unknown: true });
  if (outcome.state === 'pending') return envelopeResponse(202, { status: false, details: { filing_pending: true } });
  await forgetFiling(formHash);
  if (outcome.state === 'filedUnanswered') return filedUnansweredResponse(locale);
  const call: ApiCall = apiCalls[outcome.call];
  const session = call.auth || call.session === 'storeToken' ? await getSession() : undefined;
  return respond({ name: outcome.call, call, locale, session, caller: { device: null } }, outcome.answer);
}
