// Server cost with wrk on loopback: each target for a fixed time at a fixed number of connections,
// after a short warm-up, in two settings:
//  - through the edge (nginx in front of two instances, as production runs): the anonymous public
//    pages from nginx's cache against a build chunk nginx sends from disk, a customer's page and the
//    backend-for-frontend's POSTs (never cached) against the same calls made to the sandbox directly;
//  - the origin alone (one `server.js`, as `npm start` runs it): the same pages from Next.js's cache
//    against the same chunk sent by Next.js.
// The load generator shares the machine with the servers, as the baselines do, so only the ratios
// mean something; the CPU each side spent is read from /proc beside every run. The generator is
// wrk (Debian's package, written in C), not autocannon: through the edge autocannon kept one whole
// core busy for every target, so it measured itself reading answers, not nginx sending them.
import { spawn } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { scriptsNamedBy } from './first-load.mjs';
import { cpuSeconds, processTree } from './processes.mjs';
import { median } from './stats.mjs';
import { wrkPath } from './tools.mjs';
import { serviceToken, workDir } from './servers.mjs';

export const infrastructureBody = JSON.stringify({ type: 'city', parent_id: 34 });
export const INFRASTRUCTURE_PATH = '/util/infrastructure-inquiry/infrastructure';
/**
 * The BFF's floor in the bench's build (app/api/bench): a route handler that forwards the body it
 * gets to the same upstream call with undici, and does nothing else.
 */
export const FLOOR_PATH = '/api/bench/v1';
/** The address cascade's query types, province to door; `apartment` asks a door's infrastructure. */
const CASCADE = ['city', 'district', 'township', 'village', 'neighborhood', 'street', 'building'];
/** The Accept-Encoding Chromium sends (also over plain HTTP to the loopback address). */
export const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
/** A browser's page view. */
export const documentHeaders = { Accept: 'text/html,application/xhtml+xml', 'Accept-Encoding': BROWSER_ENCODINGS };
/** A browser's script request. */
const scriptHeaders = { Accept: '*/*', 'Accept-Encoding': BROWSER_ENCODINGS };

/**
 * A door's infrastructure query, found by walking the sandbox's cascade from İstanbul down to the
 * first door: the call the BFF forwards every time (address lists it may answer from memory).
 */
export async function doorInfrastructureBody(sandbox) {
  let parent = 34;
  for (const type of CASCADE) {
    const response = await fetch(`${sandbox.url}/v1${INFRASTRUCTURE_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Service-Token': serviceToken },
      body: JSON.stringify({ type, parent_id: parent }),
    });
    const envelope = await response.json();
    if (!envelope.status || !envelope.data?.length) throw new Error(`the sandbox listed nothing for ${type} ${parent}`);
    parent = envelope.data[0].value;
  }
  return JSON.stringify({ type: 'apartment', parent_id: parent });
}

/**
 * The XSRF token as a browser gets it: a public page sets no cookie, so the client fetcher asks
 * /api/xsrf before its first state change (lib/api/client.ts).
 */
export async function xsrfToken(siteUrl) {
  const response = await fetch(`${siteUrl}/api/xsrf`, { redirect: 'manual' });
  await response.arrayBuffer();
  for (const cookie of response.headers.getSetCookie()) {
    const match = /^XSRF-TOKEN=([^;]+)/.exec(cookie);
    if (match) return match[1];
  }
  throw new Error('/api/xsrf set no XSRF-TOKEN cookie');
}

export function bffHeaders(token) {
  return { 'Content-Type': 'application/json', Cookie: `XSRF-TOKEN=${token}`, 'X-XSRF-TOKEN': token };
}

/**
 * A fixture customer's session cookie, logged in through the site as a browser would (the SMS code
 * read from the sandbox's outbox): the customer's own GET / renders per request with their name.
 */
export async function customerCookie(siteUrl, sandbox, nationalityNumber = '10000000214', phone = '+90 (533) 000 00 02') {
  const token = await xsrfToken(siteUrl);
  const post = async (pathname, body) => {
    const response = await fetch(`${siteUrl}/api/v1${pathname}`, { method: 'POST', headers: { ...bffHeaders(token), Origin: siteUrl }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${pathname} answered ${response.status} while logging the bench's customer in`);
    return response;
  };
  const { hash } = await (await post('/customers/auth-start', { nationality_number: nationalityNumber })).json();
  const outbox = await fetch(`${sandbox.url}/__sandbox/outbox?to=${encodeURIComponent(phone)}`, { headers: { 'X-Service-Token': serviceToken } });
  const code = (await outbox.json()).data[0]?.code;
  const answer = await post('/customers/auth', { form_security_hash: hash, sms_code: code });
  const session = answer.headers.getSetCookie().find((cookie) => cookie.startsWith('ob_session=') || cookie.startsWith('__Host-ob_session='));
  if (!session) throw new Error('logging the bench\'s customer in set no session cookie');
  return session.split(';')[0];
}

/** One GET on a connection of its own: status, headers and the body's size as it came over the wire. */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers, timeout: 30_000 }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => (bytes += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, bytes }));
    });
    request.on('timeout', () => request.destroy(new Error(`${url}: no answer in 30 s`)));
    request.on('error', reject);
  });
}

/**
 * The static file the pages are set against: among the scripts the edge's `/` names (its first
 * load, served by nginx from disk), the one whose brotli body is nearest in size to the page's body
 * as the edge sends it. A bigger chunk would flatter the pages (more bytes per answer), a tiny
 * one shame them; answers of the same size compare the work per answer.
 */
export async function pickStaticChunk(edgeUrl) {
  const page = await rawGet(`${edgeUrl}/`, documentHeaders);
  if (page.status !== 200) throw new Error(`the edge's / answered ${page.status}`);
  const html = await (await fetch(`${edgeUrl}/`, { headers: { Accept: 'text/html' } })).text();
  const candidates = [];
  for (const href of scriptsNamedBy(html, `${edgeUrl}/`)) {
    const url = new URL(href);
    if (url.origin !== new URL(edgeUrl).origin || !url.pathname.startsWith('/_next/static/')) continue;
    const chunk = await rawGet(href, scriptHeaders);
    if (chunk.status !== 200 || chunk.headers['content-encoding'] !== 'br') continue;
    const decoded = await rawGet(href, { Accept: '*/*', 'Accept-Encoding': 'identity' });
    candidates.push({ path: url.pathname, wireBytes: chunk.bytes, decodedBytes: decoded.bytes });
  }
  if (!candidates.length) throw new Error('the edge sent none of the scripts / names in brotli');
  // The first the page names, too: a measure taken against it tells what the chunk's size does.
  const [first] = candidates;
  candidates.sort((a, b) => Math.abs(a.wireBytes - page.bytes) - Math.abs(b.wireBytes - page.bytes));
  return { ...candidates[0], pageWireBytes: page.bytes, pageEncoding: page.headers['content-encoding'] ?? 'identity', candidates: candidates.length, first };
}


/**
 * wrk's script: the method and body from the environment, and at the end one line of JSON with the
 * counts and the latencies in microseconds (wrk counts an answer of 400 or more as a status error).
 */
const WRK_SCRIPT = `wrk.method = os.getenv("WRK_METHOD")
local body = os.getenv("WRK_BODY")
if body ~= "" then wrk.body = body end
done = function(summary, latency)
  local e = summary.errors
  io.write(string.format('\\nWRK_RESULT {"requests":%d,"durationUs":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50Us":%d,"p99Us":%d}\\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout, math.floor(latency:percentile(50)), math.floor(latency:percentile(99))))
end
`;

/** The script's file in this run's work folder (emptied at the start of every run), written once. */
let wrkScript;
function wrkScriptFile() {
  if (!wrkScript) {
    wrkScript = path.join(workDir, 'wrk.lua');
    writeFileSync(wrkScript, WRK_SCRIPT);
  }
  return wrkScript;
}

/** `times`' line for the shell's children: user and system time as `0m1.234s 0m0.567s`. */
function childSeconds(line) {
  return [...line.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, [, minutes, seconds]) => sum + Number(minutes) * 60 + Number(seconds), 0);
}

/**
 * One wrk run, one thread (it keeps tens of thousands of answers a second on one core), through a
 * shell whose `times` reports the CPU wrk used. Resolves to wrk's counts and its CPU seconds.
 */
function wrk({ url, method = 'GET', headers = {}, body = '', duration = 10, connections, timeout = 10 }) {
  const script = wrkScriptFile();
  const args = ['-t1', `-c${connections}`, `-d${duration}s`, '--timeout', `${timeout}s`, '-s', script, ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]), url];
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', '"$0" "$@" && times', wrkPath, ...args], { env: { ...process.env, WRK_METHOD: method, WRK_BODY: body }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    // A second bound besides wrk's own duration.
    const guard = setTimeout(() => child.kill('SIGKILL'), (duration + timeout + 15) * 1000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(guard);
      const result = /^WRK_RESULT (.+)$/m.exec(output);
      const lines = output.trimEnd().split('\n');
      if (code !== 0 || !result) return reject(new Error(`wrk ${method} ${url} failed (exit ${code}): ${output.slice(-500)}`));
      resolve({ ...JSON.parse(result[1]), cpuSeconds: childSeconds(lines.at(-1)) });
    });
  });
}

/**
 * Waits (at most 30 s) until one request of `target` answers within a second: requests the
 * previous run's clients gave up on may still be queued in the server.
 */
export async function settle(target) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const started = Date.now();
    const response = await fetch(target.url, { method: target.method ?? 'GET', headers: target.headers, body: target.body, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
    await response.arrayBuffer();
    if (response.status < 200 || response.status > 299) throw new Error(`${target.method ?? 'GET'} ${target.url} answered ${response.status} before the run`);
    if (Date.now() - started < 1_000 || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** What nginx's access log says its page cache did for the lines written from `from` on. */
async function cacheStatuses(accessLog, from) {
  const to = statSync(accessLog).size;
  const file = await open(accessLog, 'r');
  try {
    const { buffer, bytesRead } = await file.read({ buffer: Buffer.alloc(to - from), position: from });
    const counts = {};
    for (const [, status] of buffer.subarray(0, bytesRead).toString('utf8').matchAll(/"cache":"([A-Z]*)"}$/gm)) {
      const key = status === '-' || status === '' ? 'none' : status;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  } finally {
    await file.close();
  }
}

/**
 * One target: a check that it answers 2xx, a warm-up, then the measured run, with the CPU time
 * every process group of `cpu` spent during it (seconds, from /proc) and the load generator's own.
 * `around.start` and `around.stop` run right before and after the measured run (a profiler's).
 */
export async function measure(target, { duration, connections, warmupSeconds, cpu = {}, accessLog, around = {} }) {
  await settle(target);
  await wrk({ ...target, duration: warmupSeconds, connections: Math.min(10, connections) });
  const pids = Object.fromEntries(await Promise.all(Object.entries(cpu).map(async ([name, pidsOf]) => [name, await pidsOf()])));
  const cpuBefore = Object.fromEntries(await Promise.all(Object.entries(pids).map(async ([name, list]) => [name, await cpuSeconds(list)])));
  const logFrom = accessLog ? statSync(accessLog).size : 0;
  await around.start?.();
  const result = await wrk({ ...target, duration, connections });
  const cpuAfter = Object.fromEntries(await Promise.all(Object.entries(pids).map(async ([name, list]) => [name, await cpuSeconds(list)])));
  await around.stop?.();
  const seconds = result.durationUs / 1e6;
  const round = (value) => Math.round(value * 100) / 100;
  const { requests } = result;
  return {
    requestsPerSecond: requests / seconds,
    latencyP50Ms: round(result.p50Us / 1000),
    latencyP99Ms: round(result.p99Us / 1000),
    requests,
    errors: result.connect + result.read + result.write + result.timeout,
    timeouts: result.timeout,
    // wrk counts answers of 400 and more; every target answered 2xx before the run (settle).
    non2xx: result.status,
    // Headers and body as received, per answer.
    bytesPerAnswer: requests ? Math.round(result.bytes / requests) : NaN,
    // CPU seconds per 1,000 answers, and the load generator's share of one core during the run.
    cpuMsPerAnswer: Object.fromEntries(Object.keys(pids).map((name) => [name, requests ? round(((cpuAfter[name] - cpuBefore[name]) * 1000) / requests) : NaN])),
    generatorCores: round(result.cpuSeconds / seconds),
    ...(accessLog ? { cacheStatuses: await cacheStatuses(accessLog, logFrom) } : {}),
  };
}

const describe = (key, figures) => {
  const cpu = Object.entries(figures.cpuMsPerAnswer ?? {})
    .map(([name, value]) => `${name} ${value} ms`)
    .join(', ');
  const cache = figures.cacheStatuses ? `, cache ${JSON.stringify(figures.cacheStatuses)}` : '';
  return `  ${key}: ${figures.requestsPerSecond.toFixed(0)} req/s, p50 ${figures.latencyP50Ms} ms, p99 ${figures.latencyP99Ms} ms, errors ${figures.errors}, non-2xx ${figures.non2xx}, ${figures.bytesPerAnswer} B/answer, CPU per answer: ${cpu}, generator ${figures.generatorCores} core${cache}`;
};

/** The median of each figure over a target's runs, the runs kept. */
export function medianOf(runs) {
  const of = (field) => median(runs.map((run) => run[field]));
  const cpuOf = (name) => median(runs.map((run) => run.cpuMsPerAnswer[name]));
  return {
    ...runs[0],
    requestsPerSecond: of('requestsPerSecond'),
    latencyP50Ms: of('latencyP50Ms'),
    latencyP99Ms: of('latencyP99Ms'),
    requests: runs.reduce((sum, run) => sum + run.requests, 0),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    cpuMsPerAnswer: Object.fromEntries(Object.keys(runs[0].cpuMsPerAnswer).map((name) => [name, cpuOf(name)])),
    runs: runs.map(({ requestsPerSecond, latencyP50Ms, latencyP99Ms, cpuMsPerAnswer }) => ({ requestsPerSecond, latencyP50Ms, latencyP99Ms, cpuMsPerAnswer })),
  };
}

const pageTargets = (url) => ({
  page: { url: `${url}/`, headers: documentHeaders },
  pageHowTo: { url: `${url}/nasil-yapilir`, headers: documentHeaders },
  pageEn: { url: `${url}/en`, headers: documentHeaders },
});

/**
 * Through the edge (`topology`: servers.mjs's startEdgeTopology). Each target runs `rounds` times,
 * the targets in turn, and each figure is the median of its runs (the machine is shared: a busy
 * moment then falls on one run of each, not on one target). The static file opens and closes
 * every round of the pages. `floorEdge` (servers.mjs's startFloorEdge: a bare page rendered per
 * request behind the same nginx) is the floor a customer's page is set against.
 */
export async function measureEdgeCost({ topology, floorEdge, chunk, duration = 10, connections = 50, warmupSeconds = 2, rounds = 3, log }) {
  const url = topology.loopbackUrl;
  const { sandbox, accessLog } = topology;
  const cpu = { nginx: topology.nginxPids, instances: async () => (await Promise.all(topology.instancePids().map(processTree))).flat() };
  const options = { duration, connections, warmupSeconds, cpu, accessLog };
  const token = await xsrfToken(url);
  const doorBody = await doorInfrastructureBody(sandbox);
  const customer = await customerCookie(url, sandbox);
  const direct = (body) => ({
    url: `${sandbox.url}/v1${INFRASTRUCTURE_PATH}`,
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Service-Token': serviceToken },
    body,
  });
  const throughBff = (body) => ({ url: `${url}/api/v1${INFRASTRUCTURE_PATH}`, method: 'POST', headers: bffHeaders(token), body });
  const throughFloor = (body) => ({ url: `${url}${FLOOR_PATH}${INFRASTRUCTURE_PATH}`, method: 'POST', headers: bffHeaders(token), body });
  const customerHeaders = { ...documentHeaders, Cookie: customer };
  const targets = {
    staticFile: [{ url: `${url}${chunk.path}`, headers: scriptHeaders }],
    ...Object.fromEntries(Object.entries(pageTargets(url)).map(([key, target]) => [key, [target]])),
    // A customer's page: past the edge's cache, for this customer alone (the customers' template).
    pageCustomer: [{ url: `${url}/`, headers: customerHeaders }],
    // The floor's page with the same cookie, so nginx passes it by its cache as it does the customer's.
    ...(floorEdge ? { floorPerRequest: [{ url: `${floorEdge.url}/`, headers: customerHeaders }, { cpu: { nginx: floorEdge.nginxPids, instances: async () => (await Promise.all(floorEdge.instancePids().map(processTree))).flat() } }] } : {}),
    // An address list: the BFF answers it from memory after the first call (ADDRESS_CACHE_SECONDS).
    direct: [direct(infrastructureBody), { cpu: {} }],
    bff: [throughBff(infrastructureBody)],
    // A door's infrastructure: forwarded to the upstream every time.
    directForwarded: [direct(doorBody), { cpu: {} }],
    bffForwarded: [throughBff(doorBody)],
    // The BFF's floor: a route handler through the same edge that forwards the same body to the
    // same upstream with undici, and nothing else.
    floor: [throughFloor(infrastructureBody)],
    floorForwarded: [throughFloor(doorBody)],
    // The least a Next.js route handler costs through the same edge (the liveness check: no
    // upstream, no proxy.ts).
    route: [{ url: `${url}/api/health/live` }],
  };
  const runs = Object.fromEntries(Object.keys(targets).map((key) => [key, []]));
  const run = async (key, round) => {
    const [target, extra = {}] = targets[key];
    const figures = await measure(target, { ...options, ...extra });
    runs[key].push(figures);
    log(describe(`${key} (round ${round})`, figures));
  };
  for (let round = 1; round <= rounds; round++) {
    for (const key of Object.keys(targets)) await run(key, round);
  }
  // The static file closes the last round of the pages too.
  await run('staticFile', rounds + 1);
  return { generator: 'wrk', duration, connections, rounds, chunk, ...Object.fromEntries(Object.entries(runs).map(([key, list]) => [key, medianOf(list)])) };
}

/**
 * The origin alone (`origin`: servers.mjs's startOrigin): the pages against the same chunk, sent by
 * Next.js, in `rounds` rounds (medians, as through the edge). Besides, reported: `/` asked with no
 * Accept-Encoding (Next.js then sends it as kept, uncompressed) and the first chunk the page names
 * (smaller than the page), which tell the setup's share of the ratio from the chunk's size.
 */
export async function measureOriginCost({ origin, chunk, duration = 8, connections = 50, warmupSeconds = 2, rounds = 3, log }) {
  const cpu = { origin: () => processTree(origin.child.pid) };
  const options = { duration, connections, warmupSeconds, cpu };
  const targets = {
    staticFile: { url: `${origin.url}${chunk.path}`, headers: scriptHeaders },
    ...pageTargets(origin.url),
    pagePlain: { url: `${origin.url}/`, headers: { Accept: documentHeaders.Accept } },
    firstChunk: { url: `${origin.url}${chunk.first.path}`, headers: scriptHeaders },
  };
  const runs = Object.fromEntries(Object.keys(targets).map((key) => [key, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const [key, target] of Object.entries(targets)) {
      const figures = await measure(target, options);
      runs[key].push(figures);
      log(describe(`${key} (round ${round})`, figures));
    }
  }
  const encoding = await rawGet(`${origin.url}${chunk.path}`, scriptHeaders);
  return {
    generator: 'wrk',
    duration,
    connections,
    rounds,
    chunk: { ...chunk, originEncoding: encoding.headers['content-encoding'] ?? 'identity', originWireBytes: encoding.bytes },
    ...Object.fromEntries(Object.entries(runs).map(([key, list]) => [key, medianOf(list)])),
  };
}
