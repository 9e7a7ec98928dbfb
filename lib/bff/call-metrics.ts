import 'server-only';
import { apiCalls, type ApiCallName } from '@/lib/api/calls';
import { getLogger } from '@/lib/server/logger';
import { funnelStepOf } from '@/lib/observability/funnel';
import { instanceName } from '@/lib/observability/instance';
import { type Audience, countResponse, metrics } from '@/lib/observability/metrics';
import { SESSION_COOKIE } from '@/lib/session/cookie';

export interface BffCall {
  requestId: string;
  method: string;
  /** The described call, or undefined for a path the spec does not list (404, 405). */
  call: ApiCallName | undefined;
  status: number;
  durationMs: number;
}

/** A visit with the session cookie (its validity is the call's business, not the count's). */
const audienceOf = (request: Request): Audience =>
  new RegExp(`(^|;\\s*)(__Host-)?${SESSION_COOKIE}=`).test(request.headers.get('cookie') ?? '') ? 'customer' : 'visitor';

/**
 * One backend-for-frontend call: its count by call name (never the path), the funnel step it
 * reached when the upstream accepted it, and its access line.
 */
export function recordBffCall(request: Request, record: BffCall): void {
  const { call, status, durationMs } = record;
  const route = `bff:${call ?? 'unknown'}`;
  const counted = metrics();
  countResponse(route, record.method, status, durationMs / 1000);
  const step = call && status === 200 ? funnelStepOf(call) : undefined;
  if (counted && step) counted.funnelSteps.inc({ flow: step.flow, step: step.step, audience: step.customerCall ? 'customer' : audienceOf(request) });
  // The path only when it is a described call's: anything else is what a client made up. No line
  // to build below LOG_LEVEL info (the edge's own access log has one per request).
  const logger = getLogger();
  if (logger.isLevelEnabled('info')) logger.info({ ...record, route, path: call ? apiCalls[call].path : undefined, instance: instanceName() }, 'access');
}

const UPLOAD_REFUSALS: Record<number, string> = { 400: 'parts', 408: 'slow', 411: 'length_required', 413: 'too_large', 415: 'type', 429: 'rate_limited', 503: 'busy' };

/** An upload refused before it reached the upstream, by the status it was answered with. */
export function recordUploadRefused(status: number): void {
  metrics()?.uploadsRefused.inc({ reason: UPLOAD_REFUSALS[status] ?? String(status) });
}

/** A filing call the upstream acted on: filed with its answer, or filed with the answer lost. */
export function recordFiling(call: ApiCallName, answered: boolean): void {
  const step = funnelStepOf(call);
  const counted = metrics();
  if (!step || !counted) return;
  const labels = { flow: step.flow, audience: (step.customerCall ? 'customer' : 'visitor') as Audience };
  counted.filed.inc(labels);
  if (!answered) counted.filedUnanswered.inc(labels);
}
