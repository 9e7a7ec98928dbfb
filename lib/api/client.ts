import { type ApiAnswer, type ApiBody, type ApiCallName, apiCalls } from '@/lib/api/calls';
import { XSRF_COOKIE, XSRF_HEADER } from '@/lib/api/csrf';
import type { Envelope } from '@/lib/api/types';
import { ApiError, SESSION_EXPIRED_EVENT } from '@/lib/api/api-error';

function documentCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

/**
 * The XSRF cookie's token, asked for once when the page came without one (a public page from the
 * edge's cache sets no cookie: app/api/xsrf). The answer names the token too: WebKit (Safari, every
 * browser on an iPhone) shows a cookie that a fetch's answer set in document.cookie only a moment
 * after the fetch resolved, so reading the cookie at once sent an empty header (a third of first logins
 * from a public page in WebKitGTK were refused 'for security reasons').
 */
async function xsrfToken(): Promise<string> {
  const token = documentCookie(XSRF_COOKIE);
  if (token !== undefined || typeof document === 'undefined') return token ?? '';
  const answer = await fetch('/api/xsrf', { credentials: 'same-origin' });
  return answer.headers.get(XSRF_HEADER) ?? documentCookie(XSRF_COOKIE) ?? '';
}

function pageLanguage(): string {
  return typeof document !== 'undefined' && document.documentElement.lang.startsWith('en') ? 'en' : 'tr';
}

/** Same-origin request to our backend-for-frontend, with the XSRF header on every state change. */
export async function requestJson<T>(url: string, init: { method?: string; body?: BodyInit; json?: unknown } = {}): Promise<Envelope<T>> {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': pageLanguage() });
  const method = init.method ?? (init.json !== undefined || init.body ? 'POST' : 'GET');
  if (init.json !== undefined) headers.set('Content-Type', 'application/json');
  let response: Response;
  try {
    if (method !== 'GET') headers.set(XSRF_HEADER, await xsrfToken());
    response = await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });
  } catch {
    throw new ApiError(0, undefined, 'network', undefined);
  }
  let envelope: Envelope<T> | undefined;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    envelope = undefined;
  }
  if (!response.ok || !envelope?.status) {
    const fallback = response.status === 502 && !envelope?.message ? 'network' : 'generic';
    // The session is over, whichever call found out: one place offers the login again
    // (components/account/session-expiry.tsx); the caller still gets its error and keeps its form.
    const error = new ApiError(response.status, envelope?.message || undefined, fallback, envelope?.details);
    if (error.isSessionExpired && typeof window !== 'undefined') window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
    throw error;
  }
  return envelope;
}

/**
 * Makes one described /v1 call through our origin: `/api/v1` + its path. The body's and the
 * answer's types come from lib/api/calls.ts (`ApiBody`, `ApiAnswers`), so a call site names the
 * call and nothing else.
 */
export function callApi<N extends ApiCallName>(name: N, ...[body]: ApiBody<N> extends undefined ? [] : [ApiBody<N>]): Promise<Envelope<ApiAnswer<N>>>;
/** The same for a caller that holds the call's name as a type parameter (the wizard's step tables): the body always given. */
export function callApi<N extends ApiCallName>(name: N, body: ApiBody<N>): Promise<Envelope<ApiAnswer<N>>>;
export function callApi<N extends ApiCallName>(name: N, body?: ApiBody<N>): Promise<Envelope<ApiAnswer<N>>> {
  const call = apiCalls[name];
  const url = `/api/v1${call.path}`;
  if (body instanceof FormData) return requestJson(url, { method: call.method, body });
  return requestJson(url, { method: call.method, json: call.method === 'POST' ? (body ?? {}) : undefined });
}

export const SESSION_URL = '/api/session';

/** How often, and how many times, the answer of a late filing call is asked for (the server waits two minutes). */
const FILING_ASK_MS = 2_000;
const FILING_ASKS = 70;

/**
 * A call that files an application and outlasted the server's bound (504 with
 * `details.filing_pending`) is never sent again: the upstream may still file it. Its answer is
 * asked for at /api/filing until it is in (app/api/filing): answered as the call's own (the
 * session, if the call starts one, is set by then), its refusal thrown as the call's own would be,
 * and the first timeout thrown when no answer ever came.
 */
export async function untilFiled<T>(
  sending: Promise<Envelope<T>>,
  formHash: string | null,
  pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<Envelope<T>> {
  try {
    return await sending;
  } catch (error) {
    if (!(error instanceof ApiError) || error.details?.filing_pending !== true || !formHash) throw error;
    for (let ask = 0; ask < FILING_ASKS; ask++) {
      await pause(FILING_ASK_MS);
      try {
        return await requestJson<T>('/api/filing', { json: { form_security_hash: formHash } });
      } catch (asked) {
        // Filed with its answer lost: thrown for the wizard to show as received.
        if (asked instanceof ApiError && asked.details?.filed_unanswered === true) throw asked;
        // Still on its way, or this ask itself lost: ask again.
        if (asked instanceof ApiError && (asked.details?.filing_pending === true || asked.status === 0 || asked.status === 502)) continue;
        if (asked instanceof ApiError && asked.details?.filing_unknown === true) throw error;
        throw asked;
      }
    }
    throw error;
  }
}

/**
 * Makes a filing call (lib/application/flow/tables.ts names them): like callApi, with a late answer waited
 * for by its form hash and never sent again.
 */
export function fileApi<N extends ApiCallName>(name: N, body: ApiBody<N>): Promise<Envelope<ApiAnswer<N>>> {
  const hash = body && typeof body === 'object' && 'form_security_hash' in body ? body.form_security_hash : null;
  return untilFiled(callApi(name, body), typeof hash === 'string' ? hash : null);
}
