import { ApiError } from '@/lib/api/api-error';

/**
 * What a failed call shows (spec §8): the server's message when there is one, else a catalogue key
 * under `errors` in messages/*.json. `generic` is the dialog text, `genericShort` the login and
 * notification variant.
 */
/** A failed call of the client fetcher (lib/api/client.ts). */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The customer's session is over (401 `session_expired`): the login is offered, nothing else to say. */
export function isSessionExpired(error: unknown): boolean {
  return isApiError(error) && error.status === 401 && error.details?.session_expired === true;
}

/**
 * The upstream refused an application's form hash: 30 minutes passed, or the hash was already used
 * (a newer step, another tab). The sandbox (docs/decisions/0011-embedded-sandbox-upstream.md) names it
 * `details.reason: form_invalid`.
 */
export function isFormRefused(error: unknown): boolean {
  return isApiError(error) && error.status === 400 && error.details?.reason === 'form_invalid';
}

export type ErrorTextKey = 'generic' | 'genericShort' | 'network';
/** A server's text (`upstream`: the upstream's own words, not our catalogue's), or a catalogue key. */
export type ErrorText = { text: string; upstream: boolean } | { key: ErrorTextKey };

export function errorText(error: unknown, fallback: 'generic' | 'genericShort' = 'generic'): ErrorText {
  if (isApiError(error)) {
    if (error.serverMessage) return { text: error.serverMessage, upstream: error.isUpstreamText };
    if (error.fallback === 'network') return { key: 'network' };
  }
  return { key: fallback };
}

/** A failure another try may get past: no answer, a timeout, the upstream unreachable or busy. */
export function isTransient(error: unknown): boolean {
  return isApiError(error) && (error.status === 0 || error.status === 408 || error.status === 502 || error.status === 503 || error.status === 504);
}

/** Statuses that say nothing about what was typed: throttling, refused session, server trouble. */
function isAboutTheRequest(status: number): boolean {
  return status === 0 || status === 401 || status === 403 || status === 408 || status === 429 || status >= 500;
}

/**
 * The server's message for one field, when the failure is about what was typed in it: a
 * validation answer naming the field (`details.fields`), an answer whose `details.field` names it,
 * or, with `anyInputError`, any 4xx refusal of the only field a form has (a wrong one-time code).
 * Anything else (network, throttling, server trouble) is for the error dialog: undefined.
 */
export function serverFieldError(error: unknown, field: string, { anyInputError = false } = {}): string | undefined {
  if (!isApiError(error)) return undefined;
  const fromFields = error.fieldErrors[field];
  if (fromFields) return fromFields;
  if (isAboutTheRequest(error.status) || error.status < 400) return undefined;
  if (error.details?.field === field || anyInputError) return error.serverMessage;
  return undefined;
}

/** Seconds the server asked to wait before the next try (a 429's `retry_after`), if it said. */
export function retryAfterSeconds(error: unknown): number | undefined {
  if (!isApiError(error) || error.status !== 429) return undefined;
  const value = error.details?.retry_after;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.ceil(value) : undefined;
}
