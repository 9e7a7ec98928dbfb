import 'server-only';
import { randomUUID } from 'node:crypto';
import { context, createContextKey, isSpanContextValid, propagation, type TextMapPropagator, trace } from '@opentelemetry/api';
import { type IdGenerator, RandomIdGenerator } from '@opentelemetry/sdk-trace';

/** nginx's `$request_id` (and a W3C trace id): 32 lowercase hex digits. */
const EDGE_ID = /^[0-9a-f]{32}$/;

/**
 * The id one request is known by in every log line, in the upstream's and at the edge: the trace
 * it belongs to, whose id is the edge's `$request_id` (EdgeTraceIds below); else the edge's
 * X-Request-Id as nginx wrote it; else a new one.
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

const EDGE_REQUEST_ID = createContextKey('the edge\'s request id');

/**
 * Carries nginx's X-Request-Id into the request's context, as a value and not as a parent span:
 * the edge takes part in no trace (it exports no span), so its id becomes the trace id of the
 * instance's root span (EdgeTraceIds) rather than the child of a span nobody exported. nginx drops
 * any traceparent a client sends (deploy/nginx/nginx.conf.template).
 */
export class EdgeRequestIdPropagator implements TextMapPropagator {
  extract: TextMapPropagator['extract'] = (active, carrier, getter) => {
    const value = getter.get(carrier, 'x-request-id');
    const id = Array.isArray(value) ? value[0] : value;
    return id && EDGE_ID.test(id) ? active.setValue(EDGE_REQUEST_ID, id) : active;
  };
  inject: TextMapPropagator['inject'] = () => undefined;
  fields = () => ['x-request-id'];
}

/**
 * Trace ids: a root span started in a request from the edge takes the edge's request id (which
 * EdgeRequestIdPropagator put in the active context), so one id names the request at the edge, in
 * the instance's spans and lines and at the upstream; any other root span a random one.
 */
export class EdgeTraceIds implements IdGenerator {
  private readonly random = new RandomIdGenerator();
  generateTraceId = (): string => {
    const edge = context.active().getValue(EDGE_REQUEST_ID);
    return typeof edge === 'string' ? edge : this.random.generateTraceId();
  };
  generateSpanId = (): string => this.random.generateSpanId();
}
