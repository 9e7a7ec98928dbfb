import { expect, test } from '@playwright/test';
import type { Edge } from '../scripts/edge.mjs';
import { sitePort } from './support/env';
import { jsonReceiver } from './support/json-receiver';
import { startTestEdge } from './support/edge';

/*
 * Who gets told (docs/observability.md): the topology with its monitoring stack, Alertmanager
 * configured by deploy/alertmanager/alertmanager.yml with its webhooks pointed at a receiver this
 * file runs, as a provider's pager would be. The same rules and routes as production, with every
 * `for:` divided by 30, a scrape each second and group timings of seconds, so one outage takes
 * seconds; without the latency objectives' alerts (below). The desktop project alone runs this
 * file; every wait is bounded.
 */

test.describe.configure({ mode: 'serial' });

const dataDir = `.data/alerting-e2e-${sitePort}`;
let edge: Edge;
/** Every line the topology's parts wrote, printed when a test fails. */
const output: string[] = [];

/** Alertmanager's webhook body (version 4), as much as these tests read. */
interface Notification {
  receiver: string;
  status: 'firing' | 'resolved';
  alerts: { status: string; labels: Record<string, string>; annotations: Record<string, string> }[];
  /** The path it was posted to: /page or /ticket. */
  path: string;
  at: number;
}
const notifications: Notification[] = [];
let receiver: Awaited<ReturnType<typeof jsonReceiver>> | undefined;

const pages = () => notifications.filter((notification) => notification.path === '/page');
const names = (notification: Notification) =>
  notification.alerts
    .map(({ labels }) => `${labels.alertname}${labels.class ? `{${labels.class}}` : ''}`)
    .sort()
    .join(',');

async function prometheus(expr: string): Promise<{ metric: Record<string, string>; value: [number, string] }[]> {
  const answer = (await (await fetch(`${edge.prometheusUrl}/api/v1/query?query=${encodeURIComponent(expr)}`)).json()) as { data: { result: { metric: Record<string, string>; value: [number, string] }[] } };
  return answer.data.result;
}

/** Alertmanager's alerts now, with what holds each back. */
async function alertmanagerAlerts(): Promise<{ labels: Record<string, string>; status: { state: string; inhibitedBy: string[] } }[]> {
  return (await fetch(`${edge.alertmanagerUrl}/api/v2/alerts`)).json() as never;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  receiver = await jsonReceiver((url, body) => void notifications.push({ ...(body as Omit<Notification, 'path' | 'at'>), path: url, at: Date.now() }));
  edge = await startTestEdge(dataDir, {
    monitoring: {
      scrapeSeconds: 1,
      alerting: {
        webhookUrl: receiver.url,
        // RedisDown's minute is 2 s, RedisFallback's two 4 s, EdgeDown's minute 2 s.
        forDivisor: 30,
        groupWaitSeconds: 3,
        groupIntervalSeconds: 2,
        // Whether a page comes within 1 s here is the shared test machine's load (its probes saw
        // cache hits take 2.5 s at a load of 30; beside the whole suite one cold render took more
        // than 1 s, which is the p99 of a topology this quiet), not what this file tests; promtool
        // tests these alerts.
        withoutAlerts: ['LatencyBurnFast', 'LatencyBurnSlow', 'PagesSlow'],
      },
    },
    output: (name, line) => void output.push(`${name.padEnd(8)}| ${line}`),
  });
});
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('topology output', { body: output.join('\n') });
});
test.afterAll(async () => {
  await edge?.stop();
  await receiver?.close();
});

test('every target is scraped, every outside probe succeeds, and a quiet topology tells nobody anything', async () => {
  test.setTimeout(60_000);
  await expect
    .poll(async () => (await prometheus('up')).map(({ metric, value }) => `${metric.job}=${value[1]}`).sort(), { timeout: 20_000 })
    .toEqual(['alertmanager=1', 'app=1', 'app=1', 'blackbox=1', 'blackbox=1', 'blackbox=1', 'edge-log=1', 'nginx=1', 'prometheus=1', 'redis=1']);
  await expect
    .poll(async () => (await prometheus('probe_success')).map(({ metric, value }) => `${metric.probe}=${value[1]}`).sort(), { timeout: 20_000 })
    .toEqual(['bff-read=1', 'home=1', 'how-to=1']);
  // Prometheus reaches Alertmanager.
  await expect.poll(async () => (await prometheus('prometheus_notifications_alertmanagers_discovered')).map(({ value }) => value[1])).toEqual(['1']);
  // The probes are traffic at the edge by class: the objectives' series exist from the start.
  await expect.poll(async () => (await prometheus('sum by (class) (edge_requests_total)')).map(({ metric }) => metric.class).sort(), { timeout: 15_000 }).toEqual(expect.arrayContaining(['bff', 'page']));
  await expect.poll(async () => (await prometheus('edge:request_errors:ratio_rate5m')).map(({ metric, value }) => `${metric.class}=${value[1]}`).sort(), { timeout: 15_000 }).toEqual(['bff=0', 'page=0']);
  // Nothing fires (a few seconds more than the longest shortened `for:` of what could).
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const figures = async () =>
    JSON.stringify({
      slow: await prometheus('edge:request_slow:ratio_rate5m'),
      buckets: await prometheus('sum by (cache, le) (edge_request_seconds_bucket{class="page",le=~"0.1|0.5|1|2.5|[+]Inf"})'),
    });
  expect(await prometheus('ALERTS{alertstate="firing"}'), await figures()).toEqual([]);
  expect(notifications).toEqual([]);
});

test('Redis stopped: exactly one page, RedisDown with its runbook, its fallbacks held back; Redis back: one resolved page', async () => {
  test.setTimeout(90_000);
  const from = notifications.length;
  await edge.redis!.stop();
  try {
    // RedisDown: 2 s after the exporter's scrape, then Alertmanager's 3 s group wait.
    await expect.poll(() => pages().length, { timeout: 20_000 }).toBeGreaterThan(0);
    // The instances' fallbacks fire too (4 s), and Alertmanager holds them back.
    await expect.poll(async () => (await prometheus('ALERTS{alertname="RedisFallback",alertstate="firing"}')).length, { timeout: 20_000 }).toBe(2);
    await expect
      .poll(async () => (await alertmanagerAlerts()).filter((alert) => alert.labels.alertname === 'RedisFallback').map((alert) => alert.status.state), { timeout: 10_000 })
      .toEqual(['suppressed', 'suppressed']);
    const fallback = (await alertmanagerAlerts()).find((alert) => alert.labels.alertname === 'RedisFallback')!;
    const down = (await alertmanagerAlerts()).find((alert) => alert.labels.alertname === 'RedisDown')!;
    expect(fallback.status.inhibitedBy).toHaveLength(1);
    expect(down.status.state).toBe('active');
    // Several group intervals later, still the one page: RedisDown alone, with its figure and runbook.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const told = notifications.slice(from);
    expect(told.filter(({ path }) => path === '/page').map((n) => `${n.status}:${names(n)}`)).toEqual(['firing:RedisDown']);
    const [page] = told.filter(({ path }) => path === '/page');
    expect(page!.receiver).toBe('page');
    expect(page!.alerts[0]!.labels.severity).toBe('page');
    expect(page!.alerts[0]!.annotations.runbook_url).toBe('docs/observability.md#redisdown');
    expect(page!.alerts[0]!.annotations.description).toContain('(redis_up 0)');
    // No ticket of the same outage either.
    expect(told.filter(({ path }) => path === '/ticket').map(names)).toEqual([]);
  } finally {
    await edge.redis!.start();
  }
  // Redis back: RedisDown resolves once its kept firing has passed (2 minutes, 4 s here), after
  // the instances have reconnected; the held-back fallbacks resolve without a word.
  await expect.poll(() => pages().filter(({ status }) => status === 'resolved').length, { timeout: 30_000 }).toBe(1);
  await expect.poll(async () => (await prometheus('ALERTS{alertstate="firing"}')).map(({ metric }) => metric.alertname), { timeout: 20_000 }).toEqual([]);
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const figures = JSON.stringify({
    slow: await prometheus('edge:request_slow:ratio_rate5m'),
    errors: await prometheus('edge:request_errors:ratio_rate5m'),
    buckets: await prometheus('sum by (class, le) (increase(edge_request_seconds_bucket{class=~"page|bff",le=~"0.1|1|2.5|[+]Inf"}[1m]))'),
  });
  expect(notifications.slice(from).map((n) => `${n.path}:${n.status}:${names(n)}`), figures).toEqual(['/page:firing:RedisDown', '/page:resolved:RedisDown']);
});

test('nginx stopped: EdgeDown pages (the failing probes held back by it); nginx back: resolved', async () => {
  test.setTimeout(90_000);
  const from = notifications.length;
  await edge.edge.stop();
  try {
    await expect.poll(() => notifications.slice(from).filter(({ path }) => path === '/page').map(names), { timeout: 20_000 }).toEqual(['EdgeDown']);
    // Every probe of the public address fails, and Alertmanager holds them back behind EdgeDown.
    await expect.poll(async () => (await prometheus('ALERTS{alertname="ProbeFailing",alertstate="firing"}')).length, { timeout: 20_000 }).toBe(3);
    await expect
      .poll(async () => (await alertmanagerAlerts()).filter((alert) => alert.labels.alertname === 'ProbeFailing').map((alert) => alert.status.state), { timeout: 10_000 })
      .toEqual(['suppressed', 'suppressed', 'suppressed']);
    const [page] = notifications.slice(from).filter(({ path }) => path === '/page');
    expect(page!.alerts[0]!.annotations.runbook_url).toBe('docs/observability.md#edgedown');
  } finally {
    await edge.edge.start();
  }
  await expect.poll(() => notifications.slice(from).filter(({ path, status }) => path === '/page' && status === 'resolved').map(names), { timeout: 30_000 }).toEqual(['EdgeDown']);
  await expect.poll(async () => (await prometheus('probe_success')).map(({ value }) => value[1]), { timeout: 20_000 }).toEqual(['1', '1', '1']);
});
