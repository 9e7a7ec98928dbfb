import { ROOT_CONTEXT, SpanKind, trace, TraceFlags } from '@opentelemetry/api';
import { SamplingDecision } from '@opentelemetry/sdk-trace';
import { describe, expect, it } from 'vitest';
import { exportSampler, recordingRequests, recordRequestsOnly } from '@/lib/observability/tracing';

const TRACE = '0123456789abcdef0123456789abcdef';
const REQUEST = { 'next.span_type': 'BaseServer.handleRequest' };
const decide = (sampler: ReturnType<typeof exportSampler>, attributes = {}, parentSampled?: boolean) => {
  const context = parentSampled === undefined ? ROOT_CONTEXT : trace.setSpanContext(ROOT_CONTEXT, { traceId: TRACE, spanId: '0123456789abcdef', traceFlags: parentSampled ? TraceFlags.SAMPLED : TraceFlags.NONE, isRemote: true });
  return sampler.shouldSample(context, TRACE, 'span', SpanKind.SERVER, attributes, []).decision;
};

describe('the export sampler (OTEL_TRACES_SAMPLER)', () => {
  it('follows the specification\'s names: always on and off, a ratio, each under the parent\'s decision when parent-based', () => {
    expect(decide(exportSampler({ resource: {}, sampler: 'always_on', ratio: 1 }))).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decide(exportSampler({ resource: {}, sampler: 'always_off', ratio: 1 }))).toBe(SamplingDecision.NOT_RECORD);
    expect(decide(exportSampler({ resource: {}, sampler: 'traceidratio', ratio: 0 }))).toBe(SamplingDecision.NOT_RECORD);
    expect(decide(exportSampler({ resource: {}, sampler: 'traceidratio', ratio: 1 }))).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    // Parent-based: a caller's sampled flag decides, whatever the root would.
    expect(decide(exportSampler({ resource: {}, sampler: 'parentbased_always_off', ratio: 1 }), {}, true)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decide(exportSampler({ resource: {}, sampler: 'parentbased_always_on', ratio: 1 }), {}, false)).toBe(SamplingDecision.NOT_RECORD);
  });

  it('still records a request span it does not export (its access line and its count), and nothing else', () => {
    const sampler = recordingRequests(exportSampler({ resource: {}, sampler: 'always_off', ratio: 1 }));
    expect(decide(sampler, REQUEST)).toBe(SamplingDecision.RECORD);
    expect(decide(sampler, {})).toBe(SamplingDecision.NOT_RECORD);
    expect(decide(recordingRequests(exportSampler({ resource: {}, sampler: 'always_on', ratio: 1 })), REQUEST)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
  });

  it("records no span of the backend-for-frontend's calls it does not export: they are counted and logged by their names", () => {
    const bff = { ...REQUEST, 'http.target': '/api/v1/util/infrastructure-inquiry/infrastructure' };
    const page = { ...REQUEST, 'http.target': '/api/session' };
    expect(decide(recordRequestsOnly, bff)).toBe(SamplingDecision.NOT_RECORD);
    expect(decide(recordRequestsOnly, page)).toBe(SamplingDecision.RECORD);
    expect(decide(recordRequestsOnly, {})).toBe(SamplingDecision.NOT_RECORD);
    expect(decide(recordingRequests(exportSampler({ resource: {}, sampler: 'always_off', ratio: 1 })), bff)).toBe(SamplingDecision.NOT_RECORD);
    // Exported, it is recorded as any other.
    expect(decide(recordingRequests(exportSampler({ resource: {}, sampler: 'always_on', ratio: 1 })), bff)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
  });
});
