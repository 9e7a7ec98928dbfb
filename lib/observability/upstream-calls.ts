import 'server-only';
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { ApiCallName } from '@/lib/api/calls';
import { getConfig } from '@/lib/server/config';
import { metrics, type UpstreamOutcome } from '@/lib/observability/metrics';

const tracer = () => trace.getTracer('online-basvuru');

export interface ObservedCall {
  /** The id the call's log lines carry: the request's trace id, which the upstream also gets. */
  requestId: string | undefined;
  end(outcome: UpstreamOutcome, status?: number): void;
}

/**
 * One upstream call, its trace context written into the call's headers (`traceparent`, and
 * X-Request-Id when the caller set none) so the upstream can join its own logs to ours; `end`
 * counts it by call name and outcome. When traces are exported (OTEL_EXPORTER_OTLP_ENDPOINT) the
 * call is a child span of the request that makes it; otherwise no one would ever read that span
 * (lib/observability/tracing.ts records none but the requests'), so none is made and the
 * request's own context goes upstream.
 */
export function observeUpstreamCall(name: ApiCallName, method: string, url: URL, headers: Record<string, string>): ObservedCall {
  const started = performance.now();
  const span = getConfig().otlpEndpoint
    ? tracer().startSpan(`upstream ${name}`, {
        kind: SpanKind.CLIENT,
        attributes: { 'http.request.method': method, 'url.full': url.href, 'server.address': url.hostname, 'basvuru.call': name },
      })
    : undefined;
  const active = context.active();
  propagation.inject(span ? trace.setSpan(active, span) : active, headers);
  const spanContext = (span ?? trace.getSpan(active))?.spanContext();
  const requestId = spanContext && trace.isSpanContextValid(spanContext) ? spanContext.traceId : headers['X-Request-Id'];
  if (requestId) headers['X-Request-Id'] ??= requestId;
  return {
    requestId,
    end(outcome, status) {
      metrics()?.upstream.observe({ call: name, outcome }, (performance.now() - started) / 1000);
      if (!span) return;
      if (status !== undefined) span.setAttribute('http.response.status_code', status);
      span.setAttribute('basvuru.outcome', outcome);
      if (outcome !== 'answered' && outcome !== 'refused') span.setStatus({ code: SpanStatusCode.ERROR, message: outcome });
      span.end();
    },
  };
}
