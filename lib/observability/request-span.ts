import type { Attributes, HrTime, SpanContext } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';

/** Next.js's root span of each request it handles (node_modules/next/dist/docs, "Default Spans"). */
const REQUEST_SPAN = 'BaseServer.handleRequest';

export const isRequestSpan = (attributes: Attributes) => attributes['next.span_type'] === REQUEST_SPAN;

/** Where the backend-for-frontend answers: it counts and logs each call itself, by the call's name (lib/observability/bff-calls.ts). */
const BFF_TARGET = '/api/v1/';

/**
 * A request span that must be recorded for its access line and its count: every request's but
 * the backend-for-frontend's (its span, when no exporter wants it, is not recorded at all: a
 * recorded span costs its attributes, timestamps and processors on every call).
 */
export const isCountedRequestSpan = (attributes: Attributes) => isRequestSpan(attributes) && !String(attributes['http.target'] ?? '').startsWith(BFF_TARGET);

/**
 * The method and status: OpenTelemetry's stable names (`http.request.method`,
 * `http.response.status_code`) first, then the legacy ones Next.js 16 writes (`http.method`,
 * `http.status_code`), so a framework that moves to the stable names keeps every status.
 */
export interface RequestRecord {
  requestId: string;
  /** The route template Next.js matched (`/[locale]`, `/api/page/[[...path]]`), never the path. */
  route: string;
  method: string;
  status: number;
  durationMs: number;
}

type EndedSpan = Pick<ReadableSpan, 'attributes' | 'startTime' | 'endTime' | 'spanContext' | 'parentSpanContext'>;

const ms = ([seconds, nanos]: HrTime) => seconds * 1e3 + nanos / 1e6;
/** Proxy passes whose render pass has not ended yet; a pass that never gets one is forgotten past this many. */
const MAX_OPEN_PASSES = 10_000;

/**
 * Turns Next.js's request spans into one record per request. A request that proxy.ts lets through
 * is two spans: the proxy's pass, which ends as it hands the request on (`next.bubble`, no route,
 * a status that is not the answer's), and the render pass, its child through the trace context
 * Next.js writes on the request, with the route and the status. The record is the render pass's,
 * timed from the proxy pass's start.
 */
export class RequestSpans {
  private readonly proxyPassStarts = new Map<string, number>();

  /** The request a span ended, or undefined when it is not a request span or its request goes on. */
  ended(span: EndedSpan): RequestRecord | undefined {
    const { attributes } = span;
    if (!isRequestSpan(attributes)) return undefined;
    if (attributes['next.bubble'] === true) {
      if (this.proxyPassStarts.size >= MAX_OPEN_PASSES) this.proxyPassStarts.clear();
      this.proxyPassStarts.set(span.spanContext().spanId, ms(span.startTime));
      return undefined;
    }
    const parent: SpanContext | undefined = span.parentSpanContext;
    const proxyPassStart = parent?.isRemote ? this.proxyPassStarts.get(parent.spanId) : undefined;
    if (proxyPassStart !== undefined) this.proxyPassStarts.delete(parent!.spanId);
    const durationMs = ms(span.endTime) - (proxyPassStart ?? ms(span.startTime));
    return {
      requestId: span.spanContext().traceId,
      route: typeof attributes['next.route'] === 'string' ? attributes['next.route'] : 'unmatched',
      method: String(attributes['http.request.method'] ?? attributes['http.method'] ?? 'GET'),
      // 0 when neither name is there: counted as code "unknown", which e2e/observability.spec.ts refuses.
      status: Number(attributes['http.response.status_code'] ?? attributes['http.status_code'] ?? 0),
      durationMs: Math.round(durationMs * 10) / 10,
    };
  }
}
