import 'server-only';
import { type Attributes, type Context, context, propagation, SpanKind, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, type ReadableSpan, type Sampler, SamplingDecision, type SpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { getConfig } from '@/lib/config';
import { instanceName } from '@/lib/observability/instance';
import { isRequestSpan, RequestSpans } from '@/lib/observability/request-span';
import { recordRequest } from '@/lib/observability/requests';

/**
 * OpenTelemetry for this process, registered once by instrumentation.ts. Next.js traces every
 * request itself (its root span `BaseServer.handleRequest` names the route template and the
 * status: node_modules/next/dist/docs, "Default Spans"); the span processor below turns each such
 * span into the request's access line and its count in the metrics, so a page render is counted by
 * its template with nothing of Next.js patched. The edge's `traceparent` (whose trace id is its
 * `$request_id`) makes every request continue the edge's trace.
 *
 * Without OTEL_EXPORTER_OTLP_ENDPOINT nothing is exported: only the request spans are recorded
 * (for the line and the count), every other span is a non-recording one (no cost but its ids,
 * which still travel to the upstream in `traceparent`). With it, every span is recorded and sent
 * over OTLP/HTTP in batches.
 */
export async function registerTracing(): Promise<void> {
  const { otlpEndpoint, metrics, logLevel } = getConfig();
  const accessLog = logLevel === 'info' || logLevel === 'debug' || logLevel === 'trace';
  // Nothing reads a span: nothing is registered, and Next.js's tracing stays off.
  if (!otlpEndpoint && !metrics && !accessLog) return;

  const processors: SpanProcessor[] = [new RequestProcessor()];
  if (otlpEndpoint) {
    // Loaded only when asked for: it reads OTEL_EXPORTER_OTLP_ENDPOINT (and OTEL_EXPORTER_OTLP_HEADERS) itself.
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    processors.push(new BatchSpanProcessor({ exporter: new OTLPTraceExporter(), scheduledDelayMillis: 1_000 }));
  }
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'online-basvuru', 'service.instance.id': instanceName() }),
    sampler: otlpEndpoint ? recordEverything : recordRequestsOnly,
    spanProcessors: processors,
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
}

const recordEverything: Sampler = {
  shouldSample: () => ({ decision: SamplingDecision.RECORD_AND_SAMPLED }),
  toString: () => 'RecordEverything',
};

/** The request spans, recorded for the access line and the metrics, never sampled for export. */
const recordRequestsOnly: Sampler = {
  shouldSample: (_context: Context, _traceId: string, _name: string, _kind: SpanKind, attributes: Attributes) => ({
    decision: isRequestSpan(attributes) ? SamplingDecision.RECORD : SamplingDecision.NOT_RECORD,
  }),
  toString: () => 'RecordRequestsOnly',
};

/** Each request span, once it ends: its access line and its count. */
class RequestProcessor implements SpanProcessor {
  private readonly requests = new RequestSpans();
  onStart(): void {}
  onEnd(span: ReadableSpan): void {
    const record = this.requests.ended(span);
    if (record) recordRequest(record);
  }
  forceFlush = () => Promise.resolve();
  shutdown = () => Promise.resolve();
}
