import 'server-only';
import { performance } from 'node:perf_hooks';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { APP_VERSION } from '@/lib/server/app-version';
import { getConfig } from '@/lib/server/config';
import { funnelSteps } from '@/lib/observability/funnel';

/**
 * This instance's figures for Prometheus (prom-client; docs/observability.md lists each and says why
 * prom-client). Counts only: a label is always one of a short fixed list (a route template, a call
 * name, a budget name, an outcome), never a path, a TC number, a phone, a mail, a name, a session,
 * an address or free text.
 *
 * One registry per process, kept on globalThis: Next.js bundles a module once per layer
 * (instrumentation, route handlers, pages), and each copy would otherwise count on its own and the
 * listener would serve only one of them.
 */

export type StatusClass = '1xx' | '2xx' | '3xx' | '4xx' | '5xx';
export const statusClass = (status: number): StatusClass =>
  status >= 500 ? '5xx' : status >= 400 ? '4xx' : status >= 300 ? '3xx' : status >= 200 ? '2xx' : '1xx';

/** What became of one upstream call. */
export type UpstreamOutcome = 'answered' | 'refused' | 'server_error' | 'timeout' | 'reset' | 'invalid';

export type Audience = 'visitor' | 'customer';

/** Seconds: pages and calls of the site, from a cached page (milliseconds) to the upstream's 15 s bound. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds: an upstream call, up to a filing's two minutes. */
const UPSTREAM_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30, 120];
/** Seconds, with the edges of Google's "good" and "poor" for LCP (2.5, 4), FCP (1.8, 3) and TTFB (0.8, 1.8). */
const PAINT_BUCKETS = [0.1, 0.25, 0.5, 0.8, 1, 1.5, 1.8, 2, 2.5, 3, 4, 5, 8, 12, 20, 60];
/** Seconds, with INP's edges (0.2, 0.5). */
const INP_BUCKETS = [0.016, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 0.75, 1, 2, 5, 60];
/** Unitless, with CLS's edges (0.1, 0.25). */
const CLS_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2, 10];

function create() {
  const registry = new Registry();
  const withRegistry = { registers: [registry] };
  // Event-loop lag, heap, GC, handles, CPU: prom-client's own set.
  collectDefaultMetrics({ register: registry });

  // Busy time as a counter, so rate() gives the utilisation over any window for any number of scrapers
  // (a ratio "since the last scrape" would split one window between two of them).
  let countedActiveMs = 0;
  new Counter({
    name: 'nodejs_eventloop_busy_seconds_total',
    help: 'Time the event loop was busy since the process started: rate() of it is the utilisation (0-1), the saturation of this one-process instance.',
    ...withRegistry,
    collect() {
      const { active } = performance.eventLoopUtilization();
      this.inc((active - countedActiveMs) / 1000);
      countedActiveMs = active;
    },
  });
  new Gauge({
    name: 'basvuru_build_info',
    help: 'Always 1: the version (CHANGELOG.md) and the release (the build\'s deployment id, the commit it was built from first) this instance runs.',
    labelNames: ['version', 'release'] as const,
    ...withRegistry,
  }).set({ version: APP_VERSION.replace(/^V/, ''), release: getConfig().release }, 1);

  const probes: { redis?: () => 0 | 1 | undefined; failClosed?: () => 0 | 1 } = {};
  new Gauge({
    name: 'basvuru_redis_up',
    help: 'Whether this instance reaches the shared Redis (1) or counts limits in its own memory (0); absent without REDIS_URL.',
    // A label, so that without Redis the gauge has no value at all rather than 0.
    labelNames: ['store'] as const,
    ...withRegistry,
    collect() {
      const up = probes.redis?.();
      this.reset();
      if (up !== undefined) this.set({ store: 'redis' }, up);
    },
  });
  new Gauge({
    name: 'basvuru_session_revocation_fail_closed',
    help: 'Whether every session counts as logged out here because a revocation may have been missed (1: the fail-closed window).',
    ...withRegistry,
    collect() {
      this.set(probes.failClosed?.() ?? 0);
    },
  });

  const counted = {
    registry,
    probes,
    http: new Histogram({
      name: 'basvuru_http_request_duration_seconds',
      help: 'Requests this instance answered, by route template (a page, /api/page, bff:<call name>, the session, filing and revalidation routes), method and status class.',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: HTTP_BUCKETS,
      ...withRegistry,
    }),
    // The exact code beside the histogram's class, without its buckets: about 60 routes x the few
    // codes each answers (200, 202, 204, 30x, 400-429, 500-504) stay a few hundred series.
    responses: new Counter({
      name: 'basvuru_http_responses_total',
      help: 'Requests this instance answered, by route template, method and exact status code ("unknown" where the request span carried none).',
      labelNames: ['route', 'method', 'code'] as const,
      ...withRegistry,
    }),
    upstream: new Histogram({
      name: 'basvuru_upstream_call_duration_seconds',
      help: 'Calls to the /v1 upstream by call name (lib/api/calls.ts) and outcome: answered, refused (status:false), server_error (5xx), timeout, reset (no answer: refused or reset connection), invalid (no JSON envelope).',
      labelNames: ['call', 'outcome'] as const,
      buckets: UPSTREAM_BUCKETS,
      ...withRegistry,
    }),
    rateLimited: new Counter({
      name: 'basvuru_rate_limit_refusals_total',
      help: 'Calls refused (429) by budget name of the limits table.',
      labelNames: ['budget'] as const,
      ...withRegistry,
    }),
    uploadsInFlight: new Gauge({
      name: 'basvuru_uploads_in_flight',
      help: 'Uploads this instance holds a slot for now (UPLOADS_IN_FLIGHT at most).',
      ...withRegistry,
    }),
    uploadsRefused: new Counter({
      name: 'basvuru_uploads_refused_total',
      help: 'Uploads refused, by reason: busy (no slot), rate_limited, too_large, type, parts, slow (deadline), length_required.',
      labelNames: ['reason'] as const,
      ...withRegistry,
    }),
    publicPages: new Counter({
      name: 'basvuru_public_page_cache_total',
      help: "Public-page lookups in Next.js's cache (app/api/page): hit, or miss (this visitor waited for a render).",
      labelNames: ['result'] as const,
      ...withRegistry,
    }),
    publicPageRenders: new Counter({
      name: 'basvuru_public_page_renders_total',
      help: 'Public pages this instance rendered for the cache, by outcome: kept, unkept (an error page, served once), failed (no answer).',
      labelNames: ['outcome'] as const,
      ...withRegistry,
    }),
    funnelSteps: new Counter({
      name: 'basvuru_funnel_steps_total',
      help: 'Application steps the upstream accepted, by flow (new, transfer), step name and audience (visitor, customer).',
      labelNames: ['flow', 'step', 'audience'] as const,
      ...withRegistry,
    }),
    filed: new Counter({
      name: 'basvuru_applications_filed_total',
      help: 'Applications the upstream filed, by flow and audience (late answers and answers lost after filing included).',
      labelNames: ['flow', 'audience'] as const,
      ...withRegistry,
    }),
    filedUnanswered: new Counter({
      name: 'basvuru_filings_unanswered_total',
      help: 'Filings the upstream made whose answer was lost (filed_unanswered): the customer sees the receipt without its number.',
      labelNames: ['flow', 'audience'] as const,
      ...withRegistry,
    }),
    vitals: {
      LCP: vital('lcp_seconds', 'Largest Contentful Paint', PAINT_BUCKETS, registry),
      FCP: vital('fcp_seconds', 'First Contentful Paint', PAINT_BUCKETS, registry),
      TTFB: vital('ttfb_seconds', 'Time to First Byte', PAINT_BUCKETS, registry),
      INP: vital('inp_seconds', 'Interaction to Next Paint', INP_BUCKETS, registry),
      CLS: vital('cls', 'Cumulative Layout Shift (unitless)', CLS_BUCKETS, registry),
    },
  };
  // The funnel's series exist at 0 from the start: an alert on their increase sees the first one.
  const audiences: Audience[] = ['visitor', 'customer'];
  for (const audience of audiences) {
    for (const { flow, step } of funnelSteps()) counted.funnelSteps.inc({ flow, step, audience }, 0);
    for (const flow of ['new', 'transfer']) {
      counted.filed.inc({ flow, audience }, 0);
      counted.filedUnanswered.inc({ flow, audience }, 0);
    }
  }
  return counted;
}

function vital(suffix: string, what: string, buckets: number[], registry: Registry) {
  return new Histogram({
    name: `basvuru_web_vitals_${suffix}`,
    help: `${what} reported by visitors' browsers (web-vitals, sampled), by route and device class.`,
    labelNames: ['route', 'device'] as const,
    buckets,
    registers: [registry],
  });
}

export type Metrics = ReturnType<typeof create>;

const shared = globalThis as typeof globalThis & { obMetrics?: Metrics | null };

/**
 * This process's metrics, made at the first use; undefined where no one reads them (METRICS_PORT
 * unset, as `npm start` runs): then nothing is counted at all.
 */
export function metrics(): Metrics | undefined {
  if (shared.obMetrics === undefined) shared.obMetrics = getConfig().metrics ? create() : null;
  return shared.obMetrics ?? undefined;
}

/** One request answered: its time by status class, and its exact code ("unknown" for 0: no status was seen). */
export function countResponse(route: string, method: string, status: number, seconds: number): void {
  const counted = metrics();
  counted?.http.observe({ route, method, status: statusClass(status) }, seconds);
  counted?.responses.inc({ route, method, code: status ? String(status) : 'unknown' });
}

/** For tests: a fresh set of metrics, counted whatever the configuration says. */
export function freshMetricsForTests(): Metrics {
  shared.obMetrics = create();
  return shared.obMetrics;
}
