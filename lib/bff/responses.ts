import 'server-only';
import type { z } from 'zod';
import type { Envelope } from '@/lib/api/types';
import type { ValidationKey } from '@/lib/validation/fields';
import en from '@/messages/en.json';
import tr from '@/messages/tr.json';

type Catalogue = typeof tr;
const catalogues: Record<'tr' | 'en', Catalogue> = { tr, en };

/** The language of our own messages: English only when the page asked for it. */
export function responseLocale(request: Request): 'tr' | 'en' {
  return /^en\b/i.test(request.headers.get('accept-language') ?? '') ? 'en' : 'tr';
}

export function errorText(locale: 'tr' | 'en', key: keyof Catalogue['errors'], values: Record<string, string | number> = {}) {
  return catalogues[locale].errors[key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** "Too many attempts", with the wait in seconds, minutes or hours as it is long. */
export function tooManyText(locale: 'tr' | 'en', seconds: number): string {
  if (seconds <= 600) return errorText(locale, 'tooManyRequests', { seconds });
  if (seconds <= 2 * 3600) return errorText(locale, 'tooManyRequestsMinutes', { minutes: Math.ceil(seconds / 60) });
  return errorText(locale, 'tooManyRequestsHours', { hours: Math.ceil(seconds / 3600) });
}

/** 429 with Retry-After and the wait in words. */
export function tooManyResponse(locale: 'tr' | 'en', seconds: number): Response {
  return errorResponse(429, tooManyText(locale, seconds), { 'Retry-After': String(seconds) });
}

export function envelopeResponse(status: number, envelope: Envelope, headers?: HeadersInit): Response {
  const response = Response.json(envelope, { status, headers });
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

export function errorResponse(status: number, message: string, headers?: HeadersInit, details?: Record<string, unknown>) {
  return envelopeResponse(status, { status: false, message, ...(details ? { details } : {}) }, headers);
}

/**
 * 401: the customer's session is over (none, or its token refused upstream). `session_expired` lets
 * the browser tell it from other refusals and offer the login again (components/account/session-expiry.tsx).
 */
export function sessionExpiredResponse(locale: 'tr' | 'en'): Response {
  return errorResponse(401, errorText(locale, 'sessionExpired'), undefined, { session_expired: true });
}

/** One field's schema message (a key under `validation`) as a 400 in the page's language. */
export function fieldErrorResponse(locale: 'tr' | 'en', field: string, key: ValidationKey): Response {
  const text = (catalogues[locale].validation as Record<ValidationKey, string>)[key];
  return errorResponse(400, text, undefined, { fields: { [field]: text } });
}

/** zod issues as `{ field: message }` in the page's language; the first message heads the answer. */
export function validationResponse(locale: 'tr' | 'en', error: z.ZodError): Response {
  const texts = catalogues[locale].validation as Record<ValidationKey, string>;
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_';
    fields[field] ??= texts[issue.message as ValidationKey] ?? texts.invalid;
  }
  const first = Object.values(fields)[0] ?? errorText(locale, 'invalidRequest');
  return errorResponse(400, first, undefined, { fields });
}
