import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

let calls: typeof import('@/lib/bff/call-metrics');
let logger: ReturnType<typeof import('@/lib/server/logger').getLogger>;
let freshMetricsForTests: typeof import('@/lib/observability/metrics').freshMetricsForTests;

beforeAll(async () => {
  Object.assign(process.env, { SESSION_SECRET: 'z'.repeat(40), LOG_LEVEL: 'warn' });
  calls = await import('@/lib/bff/call-metrics');
  logger = (await import('@/lib/server/logger')).getLogger();
  ({ freshMetricsForTests } = await import('@/lib/observability/metrics'));
});

afterEach(() => {
  vi.restoreAllMocks();
  logger.level = 'warn';
});

const call = () =>
  calls.recordBffCall(new Request('http://site.test/api/v1/util/infrastructure-inquiry/infrastructure', { method: 'POST' }), {
    requestId: 'a'.repeat(32),
    method: 'POST',
    call: 'infrastructure',
    status: 200,
    durationMs: 3,
  });

describe('a BFF call’s access line', () => {
  it('is not even built below LOG_LEVEL info', () => {
    const info = vi.spyOn(logger, 'info');
    call();
    expect(info).not.toHaveBeenCalled();
  });

  it('names the call, its described path and the instance at LOG_LEVEL info', () => {
    logger.level = 'info';
    const info = vi.spyOn(logger, 'info').mockImplementation((() => undefined) as never);
    call();
    expect(info).toHaveBeenCalledWith(
      expect.objectContaining({ route: 'bff:infrastructure', path: '/util/infrastructure-inquiry/infrastructure', status: 200, requestId: 'a'.repeat(32), instance: expect.any(String) }),
      'access',
    );
  });
});

/** A counter's value for these labels (0 when it has none yet). */
async function valueOf(counter: { get: () => Promise<{ values: { labels: Record<string, unknown>; value: number }[] }> }, labels: Record<string, string>) {
  const { values } = await counter.get();
  return values.find((sample) => Object.entries(labels).every(([name, value]) => sample.labels[name] === value))?.value ?? 0;
}

const request = (cookie?: string) => new Request('http://site.test/api/v1/customers/register-step-1', { method: 'POST', headers: cookie ? { cookie } : {} });
const stepCall = (status: number, call: Parameters<typeof calls.recordBffCall>[1]['call'] = 'registerStep1') => ({ requestId: 'r'.repeat(32), method: 'POST', call, status, durationMs: 250 });

describe('a BFF call’s counts', () => {
  it('time the call in seconds under its call name, never its path', async () => {
    const counted = freshMetricsForTests();
    calls.recordBffCall(request(), stepCall(200));
    calls.recordBffCall(request(), { ...stepCall(404), call: undefined });
    const { values } = await counted.http.get();
    const sum = (route: string) => values.find(({ metricName, labels }) => metricName?.endsWith('_sum') && labels.route === route)?.value;
    expect(sum('bff:registerStep1')).toBeCloseTo(0.25);
    expect(sum('bff:unknown')).toBeCloseTo(0.25);
    expect(await valueOf(counted.responses, { route: 'bff:registerStep1', code: '200' })).toBe(1);
  });

  it('count a funnel step only when the upstream accepted it, by audience: a visitor, or one with the session cookie', async () => {
    const counted = freshMetricsForTests();
    const step = { flow: 'new', step: 'address' };
    calls.recordBffCall(request(), stepCall(200));
    calls.recordBffCall(request('theme=dark; ob_session=sealed'), stepCall(200));
    calls.recordBffCall(request('__Host-ob_session=sealed'), stepCall(200));
    // Not the session cookie: another cookie whose name ends like it.
    calls.recordBffCall(request('xob_session=sealed'), stepCall(200));
    calls.recordBffCall(request(), stepCall(422));
    calls.recordBffCall(request(), stepCall(200, 'infrastructure'));
    expect(await valueOf(counted.funnelSteps, { ...step, audience: 'visitor' })).toBe(2);
    expect(await valueOf(counted.funnelSteps, { ...step, audience: 'customer' })).toBe(2);
    // A customer's own call counts as a customer's, cookie or not.
    calls.recordBffCall(request(), stepCall(200, 'authRegisterStep2'));
    expect(await valueOf(counted.funnelSteps, { flow: 'new', step: 'commitment', audience: 'customer' })).toBe(1);
    expect(await valueOf(counted.funnelSteps, { flow: 'new', step: 'commitment', audience: 'visitor' })).toBe(0);
  });
});

describe('refused uploads', () => {
  it('are counted by the reason their status stands for, or the status itself', async () => {
    const counted = freshMetricsForTests();
    const reasons = { 400: 'parts', 408: 'slow', 411: 'length_required', 413: 'too_large', 415: 'type', 429: 'rate_limited', 503: 'busy', 500: '500' };
    for (const status of Object.keys(reasons)) calls.recordUploadRefused(Number(status));
    calls.recordUploadRefused(503);
    for (const [status, reason] of Object.entries(reasons)) expect(await valueOf(counted.uploadsRefused, { reason }), status).toBe(status === '503' ? 2 : 1);
  });
});

describe('filings', () => {
  it('are counted as filed by flow and audience, and once more as unanswered when the answer was lost', async () => {
    const counted = freshMetricsForTests();
    calls.recordFiling('registerStep4', true);
    calls.recordFiling('transferRegisterStep5', false);
    calls.recordFiling('authRegisterStep2', true);
    // Not a filing step: nothing.
    calls.recordFiling('infrastructure', false);
    expect(await valueOf(counted.filed, { flow: 'new', audience: 'visitor' })).toBe(1);
    expect(await valueOf(counted.filed, { flow: 'transfer', audience: 'visitor' })).toBe(1);
    expect(await valueOf(counted.filed, { flow: 'new', audience: 'customer' })).toBe(1);
    expect(await valueOf(counted.filedUnanswered, { flow: 'transfer', audience: 'visitor' })).toBe(1);
    expect(await valueOf(counted.filedUnanswered, { flow: 'new', audience: 'visitor' })).toBe(0);
    expect(await valueOf(counted.filedUnanswered, { flow: 'new', audience: 'customer' })).toBe(0);
  });

  it('count nothing, and fail nothing, where no one reads the metrics', () => {
    const shared = globalThis as typeof globalThis & { obMetrics?: unknown };
    shared.obMetrics = null;
    try {
      expect(() => calls.recordFiling('registerStep4', false)).not.toThrow();
      expect(() => calls.recordUploadRefused(413)).not.toThrow();
      expect(() => calls.recordBffCall(request(), stepCall(200))).not.toThrow();
    } finally {
      shared.obMetrics = undefined;
    }
  });
});
