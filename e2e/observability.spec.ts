import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Edge } from '../scripts/edge.mjs';
import { type Answer, bff, type Client, pool, send } from './security/harness';
import { CONSENTS } from './support/consents';
import { sitePort } from './support/env';
import { jsonReceiver } from './support/json-receiver';
import { randomMail, randomNationalityNumber, randomPhone } from './support/people';
import { readyToFile, startTestEdge } from './support/edge';
import { addressFields } from './support/register';

/*
 * What an operator sees of the topology (docs/observability.md): the instances' metrics on their
 * own listeners, the access lines of nginx and of the instances joined by one request id, traces
 * exported to an OTLP receiver this file runs, field vitals, and Prometheus with the alert rules,
 * scraping every 2 s. The desktop project alone runs this file; every loop is bounded.
 */

test.describe.configure({ mode: 'serial' });

const SCRAPE_SECONDS = 2;
const dataDir = `.data/observability-e2e-${sitePort}`;
let edge: Edge;
/** Every line the topology's parts wrote, with the part's name (app1, app2, sandbox, …). */
const output: { name: string; line: string }[] = [];

/** Spans an OTLP/HTTP exporter sent here (JSON), as a collector would receive them. */
interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
}
const spans: ReceivedSpan[] = [];
let receiver: Awaited<ReturnType<typeof jsonReceiver>> | undefined;

/** OTLP/JSON carries ids as hex (the JS exporter) or base64 (the specification's protobuf mapping). */
const hex = (id: string | undefined) => (!id ? undefined : /^[0-9a-f]+$/i.test(id) ? id.toLowerCase() : Buffer.from(id, 'base64').toString('hex'));

test.beforeAll(async () => {
  test.setTimeout(180_000);
  receiver = await jsonReceiver((url, body) => {
    if (url !== '/v1/traces') return;
    for (const resource of (body as { resourceSpans?: { scopeSpans?: { spans?: ReceivedSpan[] }[] }[] }).resourceSpans ?? [])
      for (const scope of resource.scopeSpans ?? [])
        for (const span of scope.spans ?? [])
          spans.push({ traceId: hex(span.traceId)!, spanId: hex(span.spanId)!, parentSpanId: hex(span.parentSpanId), name: span.name, kind: span.kind });
  });
  edge = await startTestEdge(dataDir, {
    monitoring: { scrapeSeconds: SCRAPE_SECONDS },
    sandboxEnv: { SANDBOX_LOG_REQUESTS: '1' },
    env: {
      LOG_LEVEL: 'info',
      RATE_LIMIT_FACTOR: '50',
      // 50 beacons per network in 10 minutes (the factor applies): the flood test's budget.
      RATE_LIMIT_VITALS_PER_NETWORK: '1',
      // Every page view asks the upstream for its settings: a page's trace reaches the upstream.
      SETTINGS_CACHE_SECONDS: '0',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    },
    output: (name, line) => void output.push({ name, line }),
  });
});
test.afterAll(async () => {
  await edge?.stop();
  await receiver?.close();
});

/** Both instances' expositions, as Prometheus scrapes them (straight from their listeners). */
async function scrape(): Promise<string[]> {
  return Promise.all(edge.instances.map(async (instance) => (await fetch(instance.metricsUrl!)).text()));
}

/**
 * The first scrape in which `ready` holds: a scrape may answer an instance's figures of a moment
 * ago when its thread is busy (lib/observability/metrics-server.ts), and the next one has them.
 */
async function scrapeUntil(ready: (expositions: string[]) => boolean): Promise<string[]> {
  let expositions: string[] = [];
  await expect.poll(async () => ready((expositions = await scrape())), { timeout: 10_000 }).toBe(true);
  return expositions;
}

/** The sum over the expositions of every sample of `name` whose labels include `labels`. */
function total(expositions: string[], name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const text of expositions) {
    for (const line of text.split('\n')) {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match || match[1] !== name) continue;
      const own = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]));
      if (Object.entries(labels).every(([key, value]) => own[key] === value)) sum += Number(match[3]);
    }
  }
  return sum;
}

const appLines = () => output.filter(({ name }) => name === 'app1' || name === 'app2').map(({ line }) => line);
const parsed = (line: string) => {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return undefined;
  }
};
const edgeLog = () =>
  readFileSync(path.join(edge.stateDir, 'access.log'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, string | number>);

async function prometheusQuery(expr: string): Promise<{ status: string; data: { result: { metric: Record<string, string>; value: [number, string] }[] }; error?: string }> {
  const response = await fetch(`${edge.prometheusUrl}/api/v1/query?query=${encodeURIComponent(expr)}`);
  return response.json();
}

test('one new application through the edge: its steps in the funnel, one filing and its upstream calls by name; nothing of the person in the exposition or a log line', async () => {
  test.setTimeout(90_000);
  const person = {
    nationality_number: randomNationalityNumber(),
    nationality_serial_no: 'K39Z81234',
    name: 'Gökçenur',
    surname: 'Karaağaçlıoğlu',
    mother_name: 'Nurhayatsu',
    father_name: 'Selahattinbey',
    birthdate: '17/09/1987',
    security_word: 'Lavantabahçesi',
  };
  const phone = randomPhone();
  const mail = randomMail();
  const before = await scrape();
  const linesBefore = output.length;
  const edgeLinesBefore = edgeLog().length;

  const client: Client = { address: '127.0.41.1', cookies: new Map() };
  const hash = await readyToFile(edge, client, { person, phone, mail, door: 4 });
  const filing = await bff(edge.url, '/customers/register-step-4', { form_security_hash: hash, consents: CONSENTS }, client);
  expect(filing.status, filing.text).toBe(200);
  // The customer now has a session: their own page, past the edge's cache.
  expect((await send(edge.url, 'GET', '/', { client, headers: { Accept: 'text/html' } })).text).toContain(person.name);

  // Every count the journey makes, waited for: each instance's listener may answer with figures up
  // to a moment old while its thread is busy, so one count can show before another.
  const steps = ['address', 'package', 'identity', 'contact'];
  const calls = ['registerStep1', 'registerStep2', 'registerStep3', 'approvePhoneRequest', 'approvePhone', 'approveMailRequest', 'approveMail', 'registerStep4'];
  const counted: [string, Record<string, string>][] = [
    ['basvuru_applications_filed_total', { flow: 'new', audience: 'visitor' }],
    ['basvuru_http_request_duration_seconds_count', { route: '/[locale]', method: 'GET', status: '2xx' }],
    ...steps.map((step): [string, Record<string, string>] => ['basvuru_funnel_steps_total', { flow: 'new', step, audience: 'visitor' }]),
    ...calls.map((call): [string, Record<string, string>] => ['basvuru_upstream_call_duration_seconds_count', { call, outcome: 'answered' }]),
    ...calls.map((call): [string, Record<string, string>] => ['basvuru_http_request_duration_seconds_count', { route: `bff:${call}`, method: 'POST', status: '2xx' }]),
  ];
  const after = await scrapeUntil((now) => counted.every(([name, labels]) => total(now, name, labels) > total(before, name, labels)));
  const grew = (name: string, labels: Record<string, string>) => total(after, name, labels) - total(before, name, labels);
  for (const step of steps) {
    expect(grew('basvuru_funnel_steps_total', { flow: 'new', step, audience: 'visitor' }), step).toBe(1);
  }
  expect(grew('basvuru_applications_filed_total', { flow: 'new', audience: 'visitor' })).toBe(1);
  for (const call of calls) {
    expect(grew('basvuru_upstream_call_duration_seconds_count', { call, outcome: 'answered' }), call).toBe(1);
    expect(grew('basvuru_http_request_duration_seconds_count', { route: `bff:${call}`, method: 'POST', status: '2xx' }), call).toBe(1);
  }
  // The customer's page render, by its template.
  expect(grew('basvuru_http_request_duration_seconds_count', { route: '/[locale]', method: 'GET', status: '2xx' })).toBeGreaterThanOrEqual(1);
  // Its exact code beside the class, and no request without one: Next.js renaming its span's status
  // attribute past both names lib/observability/request-span.ts reads would count them "unknown".
  expect(grew('basvuru_http_responses_total', { route: '/[locale]', method: 'GET', code: '200' })).toBeGreaterThanOrEqual(1);
  expect(grew('basvuru_http_responses_total', { route: 'bff:registerStep4', method: 'POST', code: '200' })).toBe(1);
  const lines = after.flatMap((text) => text.split('\n'));
  expect(lines.filter((line) => line.startsWith('basvuru_http_responses_total') && line.includes('code="unknown"'))).toEqual([]);
  // The release it runs, as the edge's build named it.
  expect(lines).toContain(`basvuru_build_info{version="1.0.0",release="${edge.release()}"} 1`);

  // Nothing of the person anywhere an operator reads: the whole exposition, every line the
  // instances wrote and every edge line. (The sandbox, standing in for the provider, prints the
  // codes it sends, with the phone and mail: that is the provider's log, not ours.)
  // Eight calls and a page: an access line each at the instances and at the edge.
  const journeyLines = () => output.slice(linesBefore).filter(({ name }) => name !== 'sandbox');
  await expect.poll(() => journeyLines().filter(({ line }) => parsed(line)?.msg === 'access').length).toBeGreaterThanOrEqual(9);
  await expect.poll(() => edgeLog().length - edgeLinesBefore).toBeGreaterThanOrEqual(9);
  const written = [...journeyLines().map(({ line }) => line), ...edgeLog().slice(edgeLinesBefore).map((line) => JSON.stringify(line))];
  const digits = phone.replace(/\D/g, '');
  const secrets = [...Object.values(person), person.birthdate.split('/').reverse().join('-'), phone, digits, digits.slice(2), mail, encodeURIComponent(mail)];
  const haystacks = { exposition: after.join('\n'), logs: written.join('\n') };
  for (const [where, text] of Object.entries(haystacks)) {
    for (const secret of secrets) expect(text.includes(secret), `${where} holds ${secret}`).toBe(false);
  }
});

test('/metrics and nginx\'s status through the edge answer 404; each instance serves its metrics on its own listener; the stack publishes none', async () => {
  for (const target of ['/metrics', '/stub_status', '/api/metrics', '/api/vitals/metrics']) {
    const answer = await send(edge.url, 'GET', target);
    expect(answer.status, target).toBe(404);
    expect(answer.text, target).not.toContain('basvuru_');
  }
  for (const instance of edge.instances) {
    const answer = await fetch(instance.metricsUrl!);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('basvuru_http_request_duration_seconds');
    // The instance's public port does not serve them either.
    expect((await send(instance.url, 'GET', '/metrics')).status).toBe(404);
  }
  expect((await fetch(edge.statusUrl)).status).toBe(200);
  // The stack: each app task has a metrics listener, which nothing publishes: the app publishes no
  // port at all, and the only mappings are the edge's and Prometheus's (and the demo upstream's).
  const stackFile = readFileSync(path.resolve(__dirname, '../deploy/stack.yaml'), 'utf8');
  const appBlock = /^ {2}app:\n([\s\S]*?)\n(?= {2}\S)/m.exec(stackFile)![1]!;
  expect(appBlock).toMatch(/^\s+METRICS_PORT: "9091"$/m);
  expect(appBlock).not.toMatch(/^\s+(ports|expose):/m);
  const mappings = (text: string) => [...text.matchAll(/^\s+ports:\n((?:\s+- .*\n)+)/gm)].flatMap(([, lines]) => lines!.trim().split('\n').map((line) => line.trim()));
  expect(mappings(stackFile)).toEqual(['- { target: 8080, published: "${EDGE_PORT:-8080}", protocol: tcp, mode: host }', '- { target: 9090, published: "${PROMETHEUS_PORT:-9090}", protocol: tcp, mode: host }']);
  expect(mappings(readFileSync(path.resolve(__dirname, '../deploy/stack.demo.yaml'), 'utf8'))).toEqual(['- { target: 8443, published: "${SANDBOX_PUBLISH_PORT:-8443}", protocol: tcp, mode: host }']);
  // Prometheus reaches the tasks on the monitoring network, as Docker's DNS lists them.
  expect(readFileSync(path.resolve(__dirname, '../deploy/prometheus/prometheus.yml'), 'utf8')).toContain('- names: ["tasks.app"]');
});

test('one id follows a request from nginx\'s line to the instance\'s line to the upstream', async () => {
  const client: Client = { address: '127.0.43.1', cookies: new Map() };
  const call = await bff(edge.url, '/util/infrastructure-inquiry/infrastructure', { type: 'apartment', parent_id: addressFields(5).address_bbk }, client);
  expect(call.status, call.text).toBe(200);
  const page = await send(edge.url, 'GET', '/?kaynak=e2e', { headers: { Accept: 'text/html' }, client });
  expect(page.status).toBe(200);
  for (const [answer, route] of [
    [call, 'bff:infrastructure'],
    [page, '/[locale]'],
  ] as [Answer, string][]) {
    const id = String(answer.headers['x-request-id']);
    expect(id, route).toMatch(/^[0-9a-f]{32}$/);
    // nginx: the id, the instance that answered (for the page, the one behind the compressing hop).
    await expect.poll(() => edgeLog().find((line) => line.request_id === id), route).toBeTruthy();
    const edgeLine = edgeLog().find((line) => line.request_id === id)!;
    const instance = edge.instances.find((candidate) => String(edgeLine.instance) === `127.0.0.1:${candidate.port}`);
    expect(instance, JSON.stringify(edgeLine)).toBeDefined();
    expect(edgeLine.upstream_header_time, route).toMatch(/^\d+\.\d+$/);
    expect(edgeLine.path).not.toContain('?');
    // The instance: its access line by route template, with the same id.
    await expect.poll(() => appLines().map(parsed).find((line) => line?.requestId === id && line.route === route), route).toBeTruthy();
    // The upstream: the sandbox saw the same id, in X-Request-Id and as the trace of traceparent.
    await expect.poll(() => output.filter(({ name }) => name === 'sandbox').some(({ line }) => line.includes(`request_id=${id}`) && line.includes(`traceparent=00-${id}-`)), route).toBe(true);
  }
});

test('with OTEL_EXPORTER_OTLP_ENDPOINT set, a page view and a BFF call are each one trace from the route to the upstream call', async () => {
  const client: Client = { address: '127.0.44.1', cookies: new Map() };
  const page = await send(edge.url, 'GET', '/?kaynak=trace', { headers: { Accept: 'text/html' }, client });
  const call = await bff(edge.url, '/customers/register-step-1', addressFields(6), client);
  expect([page.status, call.status]).toEqual([200, 200]);
  for (const [answer, upstreamCall] of [
    [page, 'getSettings'],
    [call, 'registerStep1'],
  ] as [Answer, string][]) {
    const traceId = String(answer.headers['x-request-id']);
    /** From the upstream call up its parents, as far as the spans exported so far go. */
    const chain = () => {
      const trace = spans.filter((span) => span.traceId === traceId);
      const byId = new Map(trace.map((span) => [span.spanId, span]));
      const names: string[] = [];
      let span = trace.find((candidate) => candidate.name === `upstream ${upstreamCall}`);
      while (span) {
        names.push(`${span.name} (kind ${span.kind})`);
        span = span.parentSpanId ? byId.get(span.parentSpanId) : undefined;
      }
      return names;
    };
    // A parent ends after its child, so it may come in a later export: waited for, up to the
    // request's server span (kind 2), all in this trace.
    await expect.poll(() => chain().join(' < '), { timeout: 15_000 }).toMatch(new RegExp(`^upstream ${upstreamCall} \\(kind 3\\)( < .*)? < (GET|POST) \\/[^<]* \\(kind 2\\)$`));
    // The chain ends at the trace's root: the edge exports no span, so none is named its parent.
    const names = chain();
    expect(spans.filter((span) => span.traceId === traceId && !span.parentSpanId).map((span) => `${span.name} (kind ${span.kind})`)).toEqual([names.at(-1)]);
  }
});

test('a real visit reports its vitals after the load event, through the edge\'s cache and the page\'s policy', async ({ page }) => {
  const before = await scrape();
  const beacons: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/vitals')) beacons.push(request.postData() ?? '');
  });
  const policyViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) policyViolations.push(message.text());
  });
  // The script that holds the reporter (the one that names the beacon's route).
  const reporters: string[] = [];
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname.endsWith('.js') && (await response.text().catch(() => '')).includes('/api/vitals')) reporters.push(response.url());
  });
  await page.goto(`${edge.url}/nasil-yapilir`);
  await page.waitForLoadState('load');
  await expect.poll(() => reporters.length).toBe(1);
  // It was asked for once the load event had ended, never before: nothing of it is in the critical path.
  const timing = await page.evaluate((url) => {
    const loaded = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd;
    return { loaded, fetched: performance.getEntriesByName(url)[0]?.startTime ?? -1 };
  }, reporters[0]!);
  expect(timing.loaded).toBeGreaterThan(0);
  expect(timing.fetched).toBeGreaterThanOrEqual(timing.loaded);
  await page.getByRole('heading', { level: 1 }).click();
  // The page is hidden (another tab, the home screen): the beacon goes.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
  await expect.poll(() => beacons.length).toBeGreaterThan(0);
  const beacon = JSON.parse(beacons[0]!) as { route: string; device: string; metrics: { name: string }[] };
  expect(beacon.route).toBe('/[locale]/nasil-yapilir');
  expect(beacon.device).toBe('desktop');
  expect(beacon.metrics.map(({ name }) => name)).toEqual(expect.arrayContaining(['FCP', 'TTFB', 'LCP']));
  await expect.poll(async () => total(await scrape(), 'basvuru_web_vitals_lcp_seconds_count', { route: '/[locale]/nasil-yapilir' }) - total(before, 'basvuru_web_vitals_lcp_seconds_count', { route: '/[locale]/nasil-yapilir' })).toBe(1);
  expect(policyViolations).toEqual([]);
});

test('the vitals route: 400 and no count for a malformed or out-of-range beacon, 429 for a flood from one network, never a cookie', async () => {
  const vitals = (body: string, address: string, headers: Record<string, string> = {}) =>
    send(edge.url, 'POST', '/api/vitals', { body, headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'Sec-Fetch-Site': 'same-origin', ...headers }, client: { address } });
  /** Each vital's count and sum over both instances. */
  const figures = (expositions: string[]) =>
    Object.fromEntries(
      ['lcp_seconds', 'inp_seconds', 'cls', 'fcp_seconds', 'ttfb_seconds'].map((name) => [
        name,
        { count: total(expositions, `basvuru_web_vitals_${name}_count`), sum: Math.round(total(expositions, `basvuru_web_vitals_${name}_sum`) * 1000) / 1000 },
      ]),
    );
  const good = { route: '/[locale]', device: 'mobile', metrics: [{ name: 'LCP', value: 1900 }, { name: 'INP', value: 120 }] };
  const before = figures(await scrape());
  const answers: Answer[] = [];
  for (const body of [
    'LCP=1900',
    '{"route":"/[locale]"',
    JSON.stringify({ ...good, metrics: [{ name: 'LCP', value: 600_000 }] }),
    JSON.stringify({ ...good, metrics: [{ name: 'CLS', value: -0.1 }] }),
    JSON.stringify({ ...good, route: '/basvuru/10000000146' }),
    JSON.stringify({ ...good, metrics: [{ name: 'LCP', value: 1900 }], mail: 'a@example.com' }),
    JSON.stringify({ ...good, metrics: [{ name: 'LCP', value: 1900 }, { name: 'LCP', value: 1901 }] }),
    'x'.repeat(5_000),
  ]) {
    const answer = await vitals(body, '127.0.45.1');
    expect([400, 413], body.slice(0, 60)).toContain(answer.status);
    answers.push(answer);
  }
  // Another site's page cannot post into the figures.
  const crossSite = await vitals(JSON.stringify(good), '127.0.45.1', { 'Sec-Fetch-Site': 'cross-site' });
  expect(crossSite.status).toBe(403);
  answers.push(crossSite);

  const accepted = await vitals(JSON.stringify(good), '127.0.45.1');
  expect(accepted.status).toBe(204);
  answers.push(accepted);
  // Once the good beacon shows, the histograms hold it and nothing of the refused ones sent before it.
  const after = figures(await scrapeUntil((now) => figures(now).lcp_seconds!.count > before.lcp_seconds!.count));
  const plus = (name: string, count: number, sum: number) => ({ count: before[name]!.count + count, sum: Math.round((before[name]!.sum + sum) * 1000) / 1000 });
  expect(after).toEqual({ ...before, lcp_seconds: plus('lcp_seconds', 1, 1.9), inp_seconds: plus('inp_seconds', 1, 0.12) });

  // A flood from one /24: 50 beacons in 10 minutes (the budget here), the rest refused.
  const flood = await pool(
    Array.from({ length: 70 }, (_, index) => () => vitals(JSON.stringify(good), `127.0.46.${(index % 200) + 1}`)),
    8,
  );
  const statuses = flood.map((answer) => answer.status);
  expect(statuses.filter((status) => status === 204).length).toBe(50);
  expect(statuses.filter((status) => status === 429).length).toBe(20);
  expect(flood.find((answer) => answer.status === 429)!.headers['retry-after']).toMatch(/^\d+$/);
  // Another network is not held up by it.
  expect((await vitals(JSON.stringify(good), '127.0.47.1')).status).toBe(204);
  for (const answer of [...answers, ...flood]) expect(answer.headers['set-cookie']).toBeUndefined();
});

test('Prometheus scrapes every target and the rules load; stopping redis-server turns the Redis alert\'s expression true within one scrape interval', async () => {
  test.setTimeout(60_000);
  await expect
    .poll(async () => (await prometheusQuery('up')).data.result.map(({ metric, value }) => `${metric.job}=${value[1]}`).sort(), { timeout: 15_000 })
    .toEqual(['alertmanager=1', 'app=1', 'app=1', 'blackbox=1', 'blackbox=1', 'blackbox=1', 'edge-log=1', 'nginx=1', 'prometheus=1', 'redis=1']);
  const rules = (await (await fetch(`${edge.prometheusUrl}/api/v1/rules`)).json()) as { data: { groups: { rules: { name: string; health: string }[] }[] } };
  const loaded = rules.data.groups.flatMap((group) => group.rules);
  expect(loaded.map((rule) => rule.name)).toEqual(expect.arrayContaining(['RedisDown', 'FilingUnanswered', 'FilingsStopped', 'LcpPoor', 'InpPoor', 'TargetDown']));
  // The edge's figures are there: nginx's connections and the cache statuses from its log.
  await expect.poll(async () => (await prometheusQuery('nginx_connections_accepted')).data.result.length, { timeout: 10_000 }).toBeGreaterThan(0);
  await expect.poll(async () => (await prometheusQuery('edge_requests_total')).data.result.length, { timeout: 10_000 }).toBeGreaterThan(0);

  // Every query of the Grafana dashboard is one this Prometheus answers.
  const dashboard = JSON.parse(readFileSync(path.resolve(__dirname, '../deploy/grafana/online-basvuru.json'), 'utf8')) as { panels: { title: string; targets?: { expr: string }[] }[] };
  const queries = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map(({ expr }) => ({ panel: panel.title, expr })));
  expect(queries.length).toBeGreaterThan(20);
  for (const { panel, expr } of queries) expect((await prometheusQuery(expr)).status, `${panel}: ${expr}`).toBe('success');

  // The alert's own expression, as deploy/prometheus/alerts.yml has it.
  const alerts = readFileSync(path.resolve(__dirname, '../deploy/prometheus/alerts.yml'), 'utf8');
  const expr = /- alert: RedisDown\n\s+expr: (.+)\n/.exec(alerts)![1]!;
  expect((await prometheusQuery(expr)).data.result).toEqual([]);
  const stopped = Date.now();
  await edge.redis!.stop();
  try {
    await expect.poll(async () => (await prometheusQuery(expr)).data.result.length, { timeout: 10_000, intervals: [100] }).toBe(1);
    // One scrape interval, plus the scrape's own time, the rule's query and this poll's step (a
    // loaded machine may take most of a second for those).
    expect(Date.now() - stopped).toBeLessThanOrEqual(SCRAPE_SECONDS * 1000 + 1000);
  } finally {
    await edge.redis!.start();
  }
  await expect.poll(async () => (await prometheusQuery(expr)).data.result.length, { timeout: 10_000 }).toBe(0);
});
