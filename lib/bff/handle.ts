import 'server-only';
import { randomUUID } from 'node:crypto';
import { type ApiCall, type ApiCallName, apiCalls, findApiCall, isDescribedPath } from '@/lib/api/calls';
import type { TokenAnswer } from '@/lib/api/types';
import { AnswerCache, reusableAnswerKey } from '@/lib/bff/answer-cache';
import { BodyError, readJsonBody, readMultipartBody, toFormData } from '@/lib/bff/body';
import { isTrustedStateChange } from '@/lib/bff/csrf';
import { consumeCodeLimit } from '@/lib/bff/rate-limit';
import { envelopeResponse, errorResponse, errorText, responseLocale, validationResponse } from '@/lib/bff/responses';
import { getConfig } from '@/lib/config';
import { getLogger } from '@/lib/logger';
import { getSession } from '@/lib/session';
import { callUpstream, UpstreamError, type UpstreamRequest } from '@/lib/upstream';

/** The client's address as the load balancer (or Next.js itself) recorded it. */
export function clientIp(request: Request): string {
  return request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || request.headers.get('x-real-ip') || 'unknown';
}

/** Address lists, reused for ADDRESS_CACHE_SECONDS; a few thousand lists are a few megabytes. */
let answers: AnswerCache | undefined;
function answerCache(): AnswerCache {
  answers ??= new AnswerCache(getConfig().addressCacheMs, 5_000);
  return answers;
}

/** Upstream messages are shown to people: plain text of a sane length only. */
function upstreamMessage(message: unknown): string | undefined {
  return typeof message === 'string' && message.trim() && message.length <= 500 ? message : undefined;
}

/**
 * The backend-for-frontend: one described /v1 call from the browser, checked, forwarded with the
 * service token (and the session's customer token), and answered without any token in it.
 */
export async function handleApiRequest(request: Request, segments: string[]): Promise<Response> {
  const started = performance.now();
  const requestId = randomUUID();
  const locale = responseLocale(request);
  const path = `/${segments.join('/')}`;
  const name = findApiCall(request.method, path);
  let status = 500;
  try {
    const response = await answer(request, name, path, locale, requestId);
    status = response.status;
    response.headers.set('X-Request-Id', requestId);
    return response;
  } finally {
    getLogger().info(
      { requestId, method: request.method, path, call: name, status, durationMs: Math.round(performance.now() - started) },
      'bff',
    );
  }
}

async function answer(
  request: Request,
  name: ApiCallName | undefined,
  path: string,
  locale: 'tr' | 'en',
  requestId: string,
): Promise<Response> {
  if (!name) {
    return isDescribedPath(path)
      ? errorResponse(405, errorText(locale, 'methodNotAllowed'), { Allow: 'GET, POST' })
      : errorResponse(404, errorText(locale, 'notFound'));
  }
  const call: ApiCall = apiCalls[name];
  // token-auth is made by the server alone, with the session's token.
  if (call.session === 'tokenFromSession') return errorResponse(404, errorText(locale, 'notFound'));
  if (call.method === 'POST' && !isTrustedStateChange(request)) return errorResponse(403, errorText(locale, 'forbidden'));

  // The customer's token is checked before the body is read, so an anonymous upload costs nothing.
  const session = call.auth || call.session === 'storeToken' ? await getSession() : undefined;
  if (call.auth) {
    if (!session?.token) return errorResponse(401, errorText(locale, 'sessionExpired'));
  }

  const upstream: UpstreamRequest = {
    userToken: call.auth ? session?.token : undefined,
    headers: {
      'Accept-Language': locale === 'en' ? 'en-US' : 'tr-TR',
      'X-Forwarded-For': clientIp(request),
      'X-Request-Id': requestId,
    },
  };
  let body: Record<string, unknown> | undefined;
  try {
    if (call.schema) {
      const parsed = call.schema.safeParse(await readJsonBody(request));
      if (!parsed.success) return validationResponse(locale, parsed.error);
      body = parsed.data as Record<string, unknown>;
      upstream.json = body;
    } else if (call.multipart) {
      upstream.form = toFormData(await readMultipartBody(request, call.multipart));
    }
  } catch (error) {
    if (error instanceof BodyError) {
      return errorResponse(error.status, errorText(locale, error.reason, { count: call.multipart?.files.length ?? 1 }));
    }
    throw error;
  }

  if (call.rateLimit) {
    const target = body?.[call.rateLimit.target ?? 'form_security_hash'];
    const wait = await consumeCodeLimit(call.rateLimit.kind, clientIp(request), typeof target === 'string' ? target : undefined);
    if (wait !== null) {
      return errorResponse(429, errorText(locale, 'tooManyRequests', { seconds: wait }), { 'Retry-After': String(wait) });
    }
  }

  const reuseKey = reusableAnswerKey(name, body, locale);
  const reused = reuseKey ? answerCache().get(reuseKey) : undefined;
  if (reused) return envelopeResponse(200, reused);

  let result;
  try {
    result = await callUpstream(name, upstream);
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === 'timeout') return errorResponse(504, errorText(locale, 'timeout'));
    if (error instanceof UpstreamError && error.kind === 'unreachable') return errorResponse(502, errorText(locale, 'network'));
    return errorResponse(502, errorText(locale, 'generic'));
  }
  const { status, envelope } = result;

  if (call.auth && status === 401 && session) {
    session.destroy();
    return errorResponse(401, upstreamMessage(envelope.message) ?? errorText(locale, 'sessionExpired'));
  }
  if (!envelope.status) {
    const failure = status >= 400 && status < 600 ? status : 502;
    return envelopeResponse(failure, {
      status: false,
      message: upstreamMessage(envelope.message) ?? errorText(locale, 'generic'),
      ...(envelope.details ? { details: envelope.details } : {}),
    });
  }

  if (call.session === 'storeToken' && session) {
    const answer = envelope.data as TokenAnswer | undefined;
    if (!answer?.token) return errorResponse(502, errorText(locale, 'generic'));
    session.token = answer.token;
    await session.save();
    return envelopeResponse(200, { status: true, message: envelope.message, hash: envelope.hash, data: answer.user });
  }
  const answered = { status: true, message: envelope.message, hash: envelope.hash, data: envelope.data };
  // An answer that carries a form hash belongs to one visitor's form: never reused.
  if (reuseKey && !envelope.hash) answerCache().set(reuseKey, answered);
  return envelopeResponse(200, answered);
}
