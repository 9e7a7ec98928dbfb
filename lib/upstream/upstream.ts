import 'server-only';
import { Readable } from 'node:stream';
import { Agent, interceptors, request } from 'undici';
import { type ApiCallName, apiCalls } from '@/lib/api/calls';
import type { Envelope } from '@/lib/api/types';
import { getConfig } from '@/lib/server/config';
import { getLogger } from '@/lib/server/logger';
import { observeUpstreamCall } from '@/lib/observability/upstream-calls';

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
  /** JSON body. */
  json?: unknown;
  /** Multipart body (uploads), already checked: written piece by piece, the files never copied. */
  multipart?: { contentType: string; pieces: Buffer[]; length: number };
  userToken?: string;
  /** Extra headers we decide to send (Accept-Language, X-Forwarded-For, X-Request-Id). */
  headers?: Record<string, string>;
  /** How long to wait for the answer: API_TIMEOUT_MS unless the caller waits longer (a filing call, lib/bff/filing.ts). */
  timeoutMs?: number;
}

/**
 * Kept-alive connections to the upstream (undici's Agent: a pool per origin). Not fetch: on this
 * path fetch costs about three times the CPU per call (npm run bench, "server cost").
 *
 * An idle connection is let go before the upstream would close it: undici honours the upstream's
 * `Keep-Alive: timeout=N` and drops the connection a second before that (the sandbox, like any
 * Node.js server, says 5 s and closes after 6 s: we drop it after 4 s); without that header, after
 * 30 s, under the 60-75 s of the usual proxies. Otherwise a call written just as the upstream
 * closes its end fails before any answer: a GET is sent again (below), a POST cannot be, and the
 * customer reads "Sunucuya erişilemiyor". Only idle connections are timed (undici's own header and
 * body timeouts are off): a call waiting for its answer is bounded by API_TIMEOUT_MS alone.
 */
const agent = new Agent({ connections: 256, keepAliveTimeout: 30_000, keepAliveTimeoutThreshold: 1_000, headersTimeout: 0, bodyTimeout: 0 });

/**
 * A GET, which changes nothing, whose connection is reset or closed (the upstream closing an idle
 * connection just as the call is written on it) is sent again once, at once, on a new connection
 * (undici's retry interceptor). A POST never is, since it might have arrived; nor is a call the
 * upstream answered, whatever the status.
 */
const agentRetryingGets = agent.compose(
  interceptors.retry({ methods: ['GET'], maxRetries: 1, minTimeout: 0, statusCodes: [], errorCodes: ['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET'] }),
);

function encodeBody(request: UpstreamRequest): { body?: Buffer | Readable; length?: number; contentType?: string } {
  if (request.json !== undefined) {
    const json = Buffer.from(JSON.stringify(request.json));
    return { body: json, length: json.length, contentType: 'application/json' };
  }
  // Piece by piece, the files never joined.
  if (request.multipart) return { body: Readable.from(request.multipart.pieces), length: request.multipart.length, contentType: request.multipart.contentType };
  return {};
}

async function send(url: URL, method: 'GET' | 'POST', headers: Record<string, string>, body: Buffer | Readable | undefined, signal: AbortSignal) {
  const answer = await request(url, { method, headers, body, signal, dispatcher: method === 'GET' ? agentRetryingGets : agent });
  return { status: answer.statusCode, text: await answer.body.text() };
}

export async function callUpstream<T = unknown>(name: ApiCallName, request: UpstreamRequest = {}): Promise<UpstreamAnswer<T>> {
  const config = getConfig();
  const call = apiCalls[name];
  const { body, length, contentType } = encodeBody(request);
  const headers: Record<string, string> = {
    ...request.headers,
    [config.serviceTokenHeader]: config.serviceToken,
    Accept: 'application/json',
  };
  if (request.userToken) headers.Authorization = `Bearer ${request.userToken}`;
  if (contentType) headers['Content-Type'] = contentType;
  if (body) headers['Content-Length'] = String(length);

  const started = performance.now();
  const url = new URL(`${config.apiBaseUrl}/v1${call.path}`);
  // A child span of the request, its ids in traceparent and X-Request-Id; counted as it ends.
  const observed = observeUpstreamCall(name, call.method, url, headers);
  // A timer cleared with the answer, not AbortSignal.timeout: that one's timer stays armed for
  // the whole API_TIMEOUT_MS after every call (thousands at once under load), each signal held
  // for the collector until it fires.
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new DOMException('upstream timed out', 'TimeoutError')), request.timeoutMs ?? config.apiTimeoutMs);
  const { signal } = timeout;
  let answer: { status: number; text: string };
  try {
    answer = await send(url, call.method, headers, body, signal);
  } catch (error) {
    const { name: errorName, code } = error as { name?: string; code?: string };
    // A timeout while the answer is still arriving may surface as a closed socket: the signal tells.
    const failure =
      signal.aborted || errorName === 'AbortError' || errorName === 'TimeoutError'
        ? new UpstreamError('timeout', 'upstream timed out')
        : new UpstreamError('unreachable', 'upstream unreachable');
    observed.end(failure.kind === 'timeout' ? 'timeout' : 'reset');
    // Why, for whoever runs the site (the browser only hears 502 or 504).
    getLogger().warn({ requestId: observed.requestId, call: name, kind: failure.kind, code, afterMs: Math.round(performance.now() - started) }, 'upstream call failed');
    throw failure;
  } finally {
    clearTimeout(timer);
  }

  let envelope: Envelope<T>;
  try {
    envelope = JSON.parse(answer.text) as Envelope<T>;
  } catch {
    return invalid(`upstream answered ${answer.status} without JSON`);
  }
  if (typeof envelope !== 'object' || envelope === null || typeof envelope.status !== 'boolean') {
    return invalid(`upstream answered ${answer.status} outside the envelope`);
  }
  observed.end(answer.status >= 500 ? 'server_error' : envelope.status ? 'answered' : 'refused', answer.status);
  return { status: answer.status, envelope };

  function invalid(why: string): never {
    observed.end(answer.status >= 500 ? 'server_error' : 'invalid', answer.status);
    // The browser hears 502 and the catalogue's text; the operator reads why here.
    getLogger().warn({ requestId: observed.requestId, call: name, kind: 'invalid', status: answer.status, afterMs: Math.round(performance.now() - started) }, 'upstream call failed');
    throw new UpstreamError('invalid', why);
  }
}
