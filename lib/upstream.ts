import 'server-only';
import { type ApiCallName, apiCalls } from '@/lib/api/calls';
import type { Envelope } from '@/lib/api/types';
import { getConfig } from '@/lib/config';

/**
 * The only code that talks to the /v1 upstream. It adds the service token (and the customer's
 * token when given); callers never pass the browser's headers through.
 */
export class UpstreamError extends Error {
  constructor(
    readonly kind: 'unreachable' | 'timeout' | 'invalid',
    message: string,
  ) {
    super(message);
  }
}

export interface UpstreamAnswer<T = unknown> {
  status: number;
  envelope: Envelope<T>;
}

export interface UpstreamRequest {
  /** JSON body, or a ready multipart/stream body with its content type. */
  json?: unknown;
  body?: BodyInit;
  contentType?: string;
  userToken?: string;
  /** Extra headers we decide to send (Accept-Language, X-Forwarded-For, X-Request-Id). */
  headers?: Record<string, string>;
}

export async function callUpstream<T = unknown>(name: ApiCallName, request: UpstreamRequest = {}): Promise<UpstreamAnswer<T>> {
  const config = getConfig();
  const call = apiCalls[name];
  const headers = new Headers(request.headers);
  headers.set(config.serviceTokenHeader, config.serviceToken);
  headers.set('Accept', 'application/json');
  if (request.userToken) headers.set('Authorization', `Bearer ${request.userToken}`);
  let body: BodyInit | undefined = request.body;
  if (request.json !== undefined) {
    body = JSON.stringify(request.json);
    headers.set('Content-Type', 'application/json');
  } else if (request.contentType) {
    headers.set('Content-Type', request.contentType);
  }

  let response: Response;
  try {
    response = await fetch(`${config.apiBaseUrl}/v1${call.path}`, {
      method: call.method,
      headers,
      body,
      cache: 'no-store',
      redirect: 'error',
      signal: AbortSignal.timeout(config.apiTimeoutMs),
      // Node's fetch needs this to stream a request body.
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit);
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new UpstreamError('timeout', 'upstream timed out');
    throw new UpstreamError('unreachable', 'upstream unreachable');
  }

  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new UpstreamError('invalid', `upstream answered ${response.status} without JSON`);
  }
  if (typeof envelope !== 'object' || envelope === null || typeof envelope.status !== 'boolean') {
    throw new UpstreamError('invalid', `upstream answered ${response.status} outside the envelope`);
  }
  return { status: response.status, envelope };
}
