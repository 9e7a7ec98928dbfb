import type { HrTime } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { RequestSpans } from '@/lib/observability/request-span';

const TRACE = '0123456789abcdef0123456789abcdef';
const at = (ms: number): HrTime => [Math.floor(ms / 1000), (ms % 1000) * 1e6];
const span = (spanId: string, attributes: Record<string, unknown>, start: number, end: number, parent?: { spanId: string; isRemote: boolean }) => ({
  attributes: { 'next.span_type': 'BaseServer.handleRequest', ...attributes } as never,
  startTime: at(start),
  endTime: at(end),
  spanContext: () => ({ traceId: TRACE, spanId, traceFlags: 1 }),
  parentSpanContext: parent && { traceId: TRACE, traceFlags: 1, ...parent },
});

describe('RequestSpans', () => {
  it('makes one record of a request proxy.ts let through: the render pass, timed from the proxy pass', () => {
    const spans = new RequestSpans();
    expect(spans.ended(span('a1', { 'http.method': 'GET', 'http.status_code': 200, 'next.bubble': true }, 1_000, 1_005))).toBeUndefined();
    expect(
      spans.ended(span('b2', { 'http.method': 'GET', 'http.status_code': 404, 'next.route': '/_not-found' }, 1_006, 1_040, { spanId: 'a1', isRemote: true })),
    ).toEqual({ requestId: TRACE, route: '/_not-found', method: 'GET', status: 404, durationMs: 40 });
  });

  it('takes a request without a proxy pass as it is, and names a request no route matched', () => {
    const spans = new RequestSpans();
    expect(spans.ended(span('c3', { 'http.method': 'POST', 'http.status_code': 200, 'next.route': '/api/session' }, 2_000, 2_012.5))).toEqual({
      requestId: TRACE,
      route: '/api/session',
      method: 'POST',
      status: 200,
      durationMs: 12.5,
    });
    expect(spans.ended(span('d4', { 'http.method': 'GET', 'http.status_code': 307 }, 0, 1))?.route).toBe('unmatched');
  });

  it("reads OpenTelemetry's stable attribute names before the legacy ones, and says 0 where neither is", () => {
    const spans = new RequestSpans();
    expect(spans.ended(span('f6', { 'http.request.method': 'POST', 'http.response.status_code': 429, 'next.route': '/api/filing' }, 0, 1))).toMatchObject({ method: 'POST', status: 429 });
    expect(spans.ended(span('g7', { 'http.request.method': 'PUT', 'http.method': 'GET', 'http.response.status_code': 201, 'http.status_code': 200 }, 0, 1))).toMatchObject({ method: 'PUT', status: 201 });
    expect(spans.ended(span('h8', { 'next.route': '/' }, 0, 1))).toMatchObject({ method: 'GET', status: 0 });
  });

  it('ignores every other span', () => {
    expect(new RequestSpans().ended({ ...span('e5', {}, 0, 1), attributes: { 'next.span_type': 'AppRender.getBodyResult' } as never })).toBeUndefined();
  });
});
