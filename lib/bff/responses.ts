import 'server-only';
import { createTranslator } from 'use-intl/core';
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

const translators = {
  tr: createTranslator({ locale: 'tr', messages: tr, namespace: 'errors' }),
  en: createTranslator({ locale: 'en', messages: en, namespace: 'errors' }),
};

/**
 * The schema messages (`validation`) by the same formatter: the build precompiles messages/*.json
 * (next.config.ts), so a text is read through a translator, never as the string in the file.
 */
const validationTranslators = {
  tr: createTranslator({ locale: 'tr', messages: tr, namespace: 'validation' }),
  en: createTranslator({ locale: 'en', messages: en, namespace: 'validation' }),
};

/** A schema message's text; one that names no text of the catalogue (zod's own words) is `invalid`'s. */
function validationText(locale: 'tr' | 'en', key: string): string {
  const known = Object.hasOwn(catalogues[locale].validation, key);
  return validationTranslators[locale](known ? (key as ValidationKey) : 'invalid');
}

/** One of our own error texts (messages/*.json `errors`), its ICU arguments and plurals filled in by next-intl's formatter. */
export function replyText(locale: 'tr' | 'en', key: keyof Catalogue['errors'], values: Record<string, string | number> = {}): string {
  return translators[locale](key, values);
}

/** "Too many attempts", with the wait in seconds, minutes or hours as it is long. */
export function tooManyText(locale: 'tr' | 'en', seconds: number): string {
  if (seconds <= 600) return replyText(locale, 'tooManyRequests', { seconds });
  if (seconds <= 2 * 3600) return replyText(locale, 'tooManyRequestsMinutes', { minutes: Math.ceil(seconds / 60) });
  return replyText(locale, 'tooManyRequestsHours', { hours: Math.ceil(seconds / 3600) });
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
  return errorResponse(401, replyText(locale, 'sessionExpired'), undefined, { session_expired: true });
}

/** One field's schema message (a key under `validation`) as a 400 in the page's language. */
export function fieldErrorResponse(locale: 'tr' | 'en', field: string, key: ValidationKey): Response {
  const text = validationText(locale, key);
  return errorResponse(400, text, undefined, { fields: { [field]: text } });
}

/** zod issues as `{ field: message }` in the page's language; the first message heads the answer. */
export function validationResponse(locale: 'tr' | 'en', error: z.ZodError): Response {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_';
    fields[field] ??= validationText(locale, issue.message);
  }
  const first = Object.values(fields)[0] ?? replyText(locale, 'invalidRequest');
  return errorResponse(400, first, undefined, { fields });
}

/** A filing call the upstream took but whose answer was lost (lib/bff/filing.ts): sending it again would be refused. */
export function filedUnansweredResponse(locale: 'tr' | 'en'): Response {
  return errorResponse(502, replyText(locale, 'filedUnanswered'), undefined, { filed_unanswered: true });
}
