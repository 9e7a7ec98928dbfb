import 'server-only';
import { type Attributes, type Context, context, propagation, SpanKind, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { CompositePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  type ReadableSpan,
  type Sampler,
  SamplingDecision,
  type SpanProcessor,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { type Config, getConfig } from '@/lib/server/config';
import { instanceName } from '@/lib/observability/instance';
import { EdgeRequestIdPropagator, EdgeTraceIds } from '@/lib/observability/request-id';
import { isCountedRequestSpan, RequestSpans } from '@/lib/observability/request-span';
import { recordRequest } from '@/lib/observability/requests';

/**
 * OpenTelemetry for this process, registered once by instrumentation.ts. Next.js traces every
 * request itself (its root span `BaseServer.handleRequest` names the route template and the
 * status: node_modules/next/dist/docs, "Default Spans"); the span processor below turns each such
 * span into the request's access line and its count in the metrics, so a page render is counted by
 * its template with nothing of Next.js patched. A request from the edge starts a trace whose id is
 * the edge's `$request_id` (request-id.ts): the edge exports no span, so it is no span's parent.
 *
 * Without OTEL_EXPORTER_OTLP_ENDPOINT nothing is exported: only the request spans are recorded
 * (for the line and the count), every other span is a non-recording one (no cost but its ids,
 * which still travel to the upstream in `traceparent`). With it, the traces OTEL_TRACES_SAMPLER
 * samples (every one by default; under a parent-based sampler, a caller's traceparent decides) are recorded
 * and sent over OTLP/HTTP in batches, and the request spans of the others are still recorded for
 * the line and the count. The resource is OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES, with
 * service.version (the release) and service.instance.id.
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
  const { tracing, release } = getConfig();
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      'service.version': release,
      'service.instance.id': instanceName(),
      ...tracing.resource,
    }),
    sampler: otlpEndpoint ? recordingRequests(exportSampler(tracing)) : recordRequestsOnly,
    spanProcessors: processors,
    idGenerator: new EdgeTraceIds(),
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  // A traceparent continues its trace (a caller that traces: this server asking itself for a
  // page); else the edge's X-Request-Id names the new trace.
  propagation.setGlobalPropagator(new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new EdgeRequestIdPropagator()] }));
  trace.setGlobalTracerProvider(provider);
}

/** OTEL_TRACES_SAMPLER as the OpenTelemetry specification names its values. */
export function exportSampler({ sampler, ratio }: Config['tracing']): Sampler {
  const root = sampler.endsWith('always_off') ? new AlwaysOffSampler() : sampler.endsWith('traceidratio') ? new TraceIdRatioBasedSampler(ratio) : new AlwaysOnSampler();
  return sampler.startsWith('parentbased_') ? new ParentBasedSampler({ root }) : root;
}

/** The export sampler's decision, except that a request span it drops is still recorded (its line and its count). */
export function recordingRequests(sampler: Sampler): Sampler {
  return {
    shouldSample(context, traceId, name, kind, attributes, links) {
      const result = sampler.shouldSample(context, traceId, name, kind, attributes, links);
      return result.decision === SamplingDecision.NOT_RECORD && isCountedRequestSpan(attributes) ? { ...result, decision: SamplingDecision.RECORD } : result;
    },
    toString: () => `RecordingRequests{${sampler.toString()}}`,
  };
}

/** The request spans, recorded for the access line and the metrics, never sampled for export. */
export const recordRequestsOnly: Sampler = {
  shouldSample: (_context: Context, _traceId: string, _name: string, _kind: SpanKind, attributes: Attributes) => ({
    decision: isCountedRequestSpan(attributes) ? SamplingDecision.RECORD : SamplingDecision.NOT_RECORD,
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
