import 'server-only';
import http from 'node:http';
import https from 'node:https';
import { type ApiCallName, apiCalls } from '@/lib/api/calls';
import type { Envelope } from '@/lib/api/types';
import { getConfig } from '@/lib/config';
import { getLogger } from '@/lib/logger';

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
 * Kept-alive connections to the upstream, one pool per protocol. node:http rather than fetch: on
 * this path fetch costs about three times the CPU per call (npm run bench, "server cost").
 *
 * An idle connection is let go before the upstream would close it: with an idle timeout of its own,
 * Node's agent also honours the upstream's `Keep-Alive: timeout=N` and drops the connection a second
 * before that (the sandbox, like any Node.js server, says 5 s and closes after 6 s: we drop it after
 * 4 s); without that header, after 30 s, under the 60-75 s of the usual proxies. Otherwise a call
 * written just as the upstream closes its end fails before any answer: a GET is sent again (`send`),
 * a POST cannot be, and the customer reads "Sunucuya erişilemiyor" (the likely cause of the 502 an
 * e2e run once got on the infrastructure call). Only idle connections are timed: a call waiting for
 * its answer is bounded by API_TIMEOUT_MS alone.
 */
const IDLE_MS = 30_000;
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 256, timeout: IDLE_MS }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 256, timeout: IDLE_MS }),
};

function encodeBody(request: UpstreamRequest): { body?: Buffer[]; length?: number; contentType?: string } {
  if (request.json !== undefined) {
    const json = Buffer.from(JSON.stringify(request.json));
    return { body: [json], length: json.length, contentType: 'application/json' };
  }
  if (request.multipart) return { body: request.multipart.pieces, length: request.multipart.length, contentType: request.multipart.contentType };
  return {};
}

/**
 * One call. An idle kept-alive connection can be closed by the upstream just as a call is written on
 * it (its keep-alive timeout ends at that moment): the call then fails with a reset before any answer,
 * and the upstream never read it. A GET, which changes nothing, is sent again once on a new connection
 * (as undici does for idempotent requests); anything else fails as before, since it might have arrived.
 */
function send(url: URL, method: string, headers: Record<string, string>, body: Buffer[] | undefined, signal: AbortSignal, retry = method === 'GET') {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    // A timeout while the answer is still arriving surfaces as a reset socket: name it a timeout.
    const fail = (error: Error) => reject(signal.aborted ? new UpstreamError('timeout', 'upstream timed out') : error);
    let answered = false;
    const outgoing = client.request(url, { method, headers, agent: agents[url.protocol as keyof typeof agents], signal }, (incoming) => {
      answered = true;
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 502, text: Buffer.concat(chunks).toString('utf8') }));
      incoming.on('error', fail);
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (retry && !answered && !signal.aborted && outgoing.reusedSocket && error.code === 'ECONNRESET') {
        resolve(send(url, method, headers, body, signal, false));
        return;
      }
      fail(error);
    });
    for (const piece of body ?? []) outgoing.write(piece);
    outgoing.end();
  });
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
  let answer: { status: number; text: string };
  try {
    answer = await send(new URL(`${config.apiBaseUrl}/v1${call.path}`), call.method, headers, body, AbortSignal.timeout(request.timeoutMs ?? config.apiTimeoutMs));
  } catch (error) {
    const { name: errorName, code } = error as { name?: string; code?: string };
    const failure =
      error instanceof UpstreamError || errorName === 'AbortError' || errorName === 'TimeoutError'
        ? new UpstreamError('timeout', 'upstream timed out')
        : new UpstreamError('unreachable', 'upstream unreachable');
    // Why, for whoever runs the site (the browser only hears 502 or 504).
    getLogger().warn({ call: name, kind: failure.kind, code, afterMs: Math.round(performance.now() - started) }, 'upstream call failed');
    throw failure;
  }

  let envelope: Envelope<T>;
  try {
    envelope = JSON.parse(answer.text) as Envelope<T>;
  } catch {
    throw new UpstreamError('invalid', `upstream answered ${answer.status} without JSON`);
  }
  if (typeof envelope !== 'object' || envelope === null || typeof envelope.status !== 'boolean') {
    throw new UpstreamError('invalid', `upstream answered ${answer.status} outside the envelope`);
  }
  return { status: answer.status, envelope };
}
