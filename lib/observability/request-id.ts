import 'server-only';
import { randomUUID } from 'node:crypto';
import { context, isSpanContextValid, propagation, trace } from '@opentelemetry/api';

/** nginx's `$request_id` (and a W3C trace id): 32 lowercase hex digits. */
const EDGE_ID = /^[0-9a-f]{32}$/;

/**
 * The id one request is known by in every log line, in the upstream's and at the edge: the trace
 * it belongs to, which continues the edge's (nginx sends its `$request_id` as the trace id of
 * `traceparent`); else the edge's X-Request-Id as nginx wrote it; else a new one.
 */
export function requestIdOf(request: Request): string {
  const active = trace.getActiveSpan()?.spanContext();
  if (active && isSpanContextValid(active)) return active.traceId;
  const edge = request.headers.get('x-request-id');
  if (edge && EDGE_ID.test(edge)) return edge;
  return randomUUID().replaceAll('-', '');
}

/** The current trace's context as request headers (traceparent), for a request this server makes to itself. */
export function traceHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  propagation.inject(context.active(), headers);
  return headers;
}
