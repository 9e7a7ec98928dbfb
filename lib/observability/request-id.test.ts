import { context, defaultTextMapGetter, ROOT_CONTEXT } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { CompositePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { AlwaysOnSampler, type ReadableSpan, TracerProvider } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EdgeRequestIdPropagator, EdgeTraceIds } from '@/lib/observability/request-id';

const EDGE_ID = '0af7651916cd43dd8448eb211c80319c';
const propagator = new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new EdgeRequestIdPropagator()] });
const tracer = new TracerProvider({ sampler: new AlwaysOnSampler(), idGenerator: new EdgeTraceIds() }).getTracer('test');

/** The root span a request with these headers starts, as Next.js starts it: inside the extracted context. */
const rootSpanOf = (headers: Record<string, string>) =>
  context.with(propagator.extract(ROOT_CONTEXT, headers, defaultTextMapGetter), () => tracer.startSpan('GET /') as unknown as ReadableSpan);

describe('the trace of a request from the edge', () => {
  const manager = new AsyncLocalStorageContextManager();
  beforeAll(() => void context.setGlobalContextManager(manager.enable()));
  afterAll(() => {
    manager.disable();
    context.disable();
  });

  it('is named by the edge\'s X-Request-Id and has no parent (the edge exports no span)', () => {
    const span = rootSpanOf({ 'x-request-id': EDGE_ID });
    expect(span.spanContext().traceId).toBe(EDGE_ID);
    expect(span.parentSpanContext).toBeUndefined();
  });

  it('takes a random id when the request id is not the edge\'s (absent, or not 32 lowercase hex digits)', () => {
    for (const headers of [{} as Record<string, string>, { 'x-request-id': 'abc' }, { 'x-request-id': EDGE_ID.toUpperCase() }, { 'x-request-id': `${EDGE_ID}0` }]) {
      const { traceId } = rootSpanOf(headers).spanContext();
      expect(traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(traceId).not.toBe(EDGE_ID);
    }
  });

  it('continues a caller\'s traceparent (this server asking itself for a page) rather than the request id', () => {
    const caller = '4bf92f3577b34da6a3ce929d0e0e4736';
    const span = rootSpanOf({ 'x-request-id': EDGE_ID, traceparent: `00-${caller}-00f067aa0ba902b7-01` });
    expect(span.spanContext().traceId).toBe(caller);
    expect(span.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
  });

  it('gives a span under a parent its parent\'s trace, and a random span id', () => {
    const root = rootSpanOf({ 'x-request-id': EDGE_ID });
    const child = context.with(propagator.extract(ROOT_CONTEXT, { 'x-request-id': '1'.repeat(32), traceparent: `00-${EDGE_ID}-${root.spanContext().spanId}-01` }, defaultTextMapGetter), () => tracer.startSpan('child'));
    expect(child.spanContext().traceId).toBe(EDGE_ID);
    expect(child.spanContext().spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(child.spanContext().spanId).not.toBe(root.spanContext().spanId);
  });
});
