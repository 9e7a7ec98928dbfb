// A mixed load through the edge, as production serves it (nginx in front of two instances): every
// connection plays visitors one after another; a visit is a page view (from the edge's cache; it
// sets no cookie), the XSRF cookie from /api/xsrf (as the client fetcher asks for it before its
// first state change), two address-list calls and a login-code request for a random valid TC
// kimlik no, all three through the backend-for-frontend. The sandbox knows none of those numbers
// (404); a client that used up its code requests would get 429 (the bench raises the limits, as
// every visitor comes from one address). Anything else is an error.
import { randomInt } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import autocannon from 'autocannon';
import { rssBytes } from './processes.mjs';
import { documentHeaders, settle } from './server-cost.mjs';
import { serviceToken } from './servers.mjs';

const pages = ['/', '/nasil-yapilir', '/en', '/en/how-to'];
const provinces = [34, 6, 35, 16, 7, 1, 42, 27];
/**
 * Seconds a request may take before it counts as an error. Longer than the server-cost runs'
 * 10 s: 200 connections queue on two shared cores, and this run is about answers, not speed.
 */
const TIMEOUT_SECONDS = 30;

/** A valid TC kimlik no (spec §5 checksum), as e2e/support/people.ts makes them. */
export function randomNationalityNumber() {
  const d = [randomInt(1, 10), ...Array.from({ length: 8 }, () => randomInt(0, 10))];
  const tenth = (((7 * (d[0] + d[2] + d[4] + d[6] + d[8]) - (d[1] + d[3] + d[5] + d[7])) % 10) + 10) % 10;
  const eleventh = (d.reduce((sum, n) => sum + n, 0) + tenth) % 10;
  return [...d, tenth, eleventh].join('');
}

async function districtsOf(sandbox) {
  const byProvince = {};
  for (const province of provinces) {
    const response = await fetch(`${sandbox.url}/v1/util/infrastructure-inquiry/infrastructure`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Service-Token': serviceToken },
      body: JSON.stringify({ type: 'city', parent_id: province }),
    });
    const envelope = await response.json();
    byProvince[province] = envelope.data.map((district) => district.value);
  }
  return byProvince;
}

function xsrfFrom(headers) {
  const cookies = [headers['set-cookie'] ?? headers['Set-Cookie'] ?? []].flat();
  for (const cookie of cookies) {
    const match = /^XSRF-TOKEN=([^;]+)/.exec(cookie);
    if (match) return match[1];
  }
  return undefined;
}

/**
 * `connections` reached in RAMP_STEPS groups started a second apart, all ending together after
 * `duration` s. Two hundred connections opened in the same millisecond make a burst that a
 * Node.js server on two cores works off one request after another (measured: up to 30 s for the
 * last ones, on any dynamic route); visitors do not arrive like that.
 */
const RAMP_STEPS = 10;

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

async function rampedRun({ url, connections, duration, requests }) {
  const latencies = [];
  const runs = [];
  const started = Date.now();
  for (let step = 0; step < RAMP_STEPS; step++) {
    const group = Math.floor(connections / RAMP_STEPS) + (step < connections % RAMP_STEPS ? 1 : 0);
    const seconds = duration - step;
    runs.push(
      new Promise((resolve, reject) => {
        const instance = autocannon({ url, connections: group, duration: seconds, timeout: TIMEOUT_SECONDS, requests }, (error, done) => (error ? reject(error) : resolve(done)));
        instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
        // A second bound besides autocannon's own duration.
        const guard = setTimeout(() => instance.stop(), (seconds + TIMEOUT_SECONDS + 10) * 1000);
        instance.once('done', () => clearTimeout(guard));
      }),
    );
    if (step < RAMP_STEPS - 1) await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const results = await Promise.all(runs);
  const elapsed = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const total = results.reduce((sum, result) => sum + result.requests.total, 0);
  return {
    requests: { total, average: total / elapsed },
    latency: { p50: Math.round(percentile(latencies, 50)), p99: Math.round(percentile(latencies, 99)), max: Math.round(latencies.at(-1) ?? NaN) },
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    timeouts: results.reduce((sum, result) => sum + result.timeouts, 0),
  };
}

/** Why upstream calls failed during the run, counted by cause (the server logs 'upstream call failed'). */
function upstreamErrorsIn(logFile, from) {
  const counts = {};
  for (const line of readFileSync(logFile, 'utf8').slice(from).split('\n')) {
    if (!line.includes('"upstream call failed"')) continue;
    try {
      const entry = JSON.parse(line);
      const key = `${entry.call}: ${entry.kind}${entry.code ? ` (${entry.code})` : ''}`;
      counts[key] = (counts[key] ?? 0) + 1;
    } catch {
      // Another process's line interleaved with ours: not ours to count.
    }
  }
  return counts;
}

/**
 * `topology`: servers.mjs's startEdgeTopology. Memory is the two instances' (nginx, Redis and the
 * sandbox are not Next.js).
 */
export async function runMixedLoad({ topology, duration = 60, connections = 200, sampleMs = 1_000, log }) {
  const url = topology.loopbackUrl;
  const districts = await districtsOf(topology.sandbox);
  await settle({ url: `${url}/`, headers: documentHeaders });
  const counts = { page: {}, xsrf: {}, addresses: {}, code: {} };
  // Requests built per kind: sent minus answered is what timed out (or was still running at the end).
  const sent = { page: 0, xsrf: 0, addresses: 0, code: 0 };
  const count = (kind, status) => {
    counts[kind][status] = (counts[kind][status] ?? 0) + 1;
  };
  const post = (kind, path, body) => ({
    method: 'POST',
    path,
    setupRequest: (request, context) => {
      // No token means the page view or /api/xsrf failed; that visit is counted already, so start the next one.
      if (!context.token) return null;
      sent[kind] += 1;
      return {
        ...request,
        headers: {
          ...request.headers,
          'Content-Type': 'application/json',
          Cookie: `XSRF-TOKEN=${context.token}; NEXT_LOCALE=tr`,
          'X-XSRF-TOKEN': context.token,
        },
        body: JSON.stringify(body(context)),
      };
    },
  });
  const requests = [
    {
      method: 'GET',
      setupRequest: (request, context) => {
        sent.page += 1;
        context.province = provinces[randomInt(provinces.length)];
        context.token = undefined;
        context.pageOk = false;
        return { ...request, path: pages[randomInt(pages.length)], headers: documentHeaders };
      },
      onResponse: (status, _body, context) => {
        count('page', status);
        context.pageOk = status === 200;
      },
    },
    {
      method: 'GET',
      path: '/api/xsrf',
      setupRequest: (request, context) => {
        if (!context.pageOk) return null;
        sent.xsrf += 1;
        return { ...request, headers: { Cookie: 'NEXT_LOCALE=tr' } };
      },
      onResponse: (status, _body, context, headers) => {
        count('xsrf', status);
        context.token = status === 204 ? xsrfFrom(headers) : undefined;
      },
    },
    {
      ...post('addresses', '/api/v1/util/infrastructure-inquiry/infrastructure', (context) => ({ type: 'city', parent_id: context.province })),
      onResponse: (status) => count('addresses', status),
    },
    {
      ...post('addresses', '/api/v1/util/infrastructure-inquiry/infrastructure', (context) => {
        const list = districts[context.province];
        return { type: 'district', parent_id: list[randomInt(list.length)] };
      }),
      onResponse: (status) => count('addresses', status),
    },
    {
      ...post('code', '/api/v1/customers/auth-start', () => ({ nationality_number: randomNationalityNumber() })),
      onResponse: (status) => count('code', status),
    },
  ];

  const logFile = topology.instancesLog;
  const logStart = statSync(logFile).size;
  const pids = topology.instancePids();
  const rssOf = async () => (await Promise.all(pids.map((pid) => rssBytes(pid)))).reduce((sum, rss) => sum + rss, 0);
  const rssBefore = await rssOf();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssOf().then(
      (rss) => {
        rssPeak = Math.max(rssPeak, rss);
      },
      () => {},
    );
  }, sampleMs);
  let result;
  try {
    result = await rampedRun({ url, connections, duration, requests });
  } finally {
    clearInterval(sampler);
  }
  const rssAfter = await rssOf();
  // Memory a little later, once the burst's garbage can have been collected.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const rssSettled = await rssOf();

  const upstreamErrors = upstreamErrorsIn(logFile, logStart);
  const expected = { page: [200], xsrf: [204], addresses: [200], code: [404, 429] };
  const unexpected = Object.entries(counts).flatMap(([kind, statuses]) =>
    Object.entries(statuses)
      .filter(([status]) => !expected[kind].includes(Number(status)))
      .map(([status, n]) => ({ kind, status: Number(status), count: n })),
  );
  const summary = {
    duration,
    connections,
    timeoutSeconds: TIMEOUT_SECONDS,
    instances: pids.length,
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyMaxMs: result.latency.max,
    rampSeconds: RAMP_STEPS - 1,
    socketErrors: result.errors,
    timeouts: result.timeouts,
    visits: Object.values(counts.page).reduce((total, n) => total + n, 0),
    statuses: counts,
    unanswered: Object.fromEntries(Object.entries(sent).map(([kind, n]) => [kind, Math.max(0, n - Object.values(counts[kind]).reduce((total, m) => total + m, 0))])),
    codeRequests429: counts.code[429] ?? 0,
    unexpected,
    upstreamErrors,
    rssBeforeBytes: rssBefore,
    rssPeakBytes: Math.max(rssPeak, rssAfter),
    rssAfterBytes: rssAfter,
    rssSettledBytes: rssSettled,
  };
  log(
    `  ${summary.requests} requests (${summary.requestsPerSecond.toFixed(0)}/s), ${summary.visits} visits, socket errors ${summary.socketErrors}, ` +
      `unexpected ${JSON.stringify(unexpected)}, statuses ${JSON.stringify(counts)}`,
  );
  return summary;
}
