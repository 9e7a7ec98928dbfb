// Server cost with autocannon on loopback: each target for a fixed time at a fixed number of
// connections, after a short warm-up. The load generator shares the machine with the servers, as
// the baseline does, so only the ratios mean something.
import autocannon from 'autocannon';
import { serviceToken } from './servers.mjs';

export const infrastructureBody = JSON.stringify({ type: 'city', parent_id: 34 });
const INFRASTRUCTURE_PATH = '/util/infrastructure-inquiry/infrastructure';
/** The address cascade's query types, province to door; `apartment` asks a door's infrastructure. */
const CASCADE = ['city', 'district', 'township', 'village', 'neighborhood', 'street', 'building'];

/**
 * A door's infrastructure query, found by walking the sandbox's cascade from İstanbul down to the
 * first door: the call the BFF forwards every time (address lists it may answer from memory).
 */
async function doorInfrastructureBody(sandbox) {
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

/** Opens a page as a visitor would and answers the XSRF token the proxy sets. */
export async function xsrfToken(siteUrl) {
  const response = await fetch(`${siteUrl}/`, { redirect: 'manual' });
  await response.arrayBuffer();
  for (const cookie of response.headers.getSetCookie()) {
    const match = /^XSRF-TOKEN=([^;]+)/.exec(cookie);
    if (match) return match[1];
  }
  throw new Error('the home page set no XSRF-TOKEN cookie');
}

/**
 * A fixture customer's session cookie, logged in through the site as a browser would (the SMS code
 * read from the sandbox's outbox): the customer's own GET / renders per request with their name.
 */
export async function customerCookie(site, sandbox, nationalityNumber = '10000000214', phone = '+90 (533) 000 00 02') {
  const token = await xsrfToken(site.url);
  const post = async (pathname, body) => {
    const response = await fetch(`${site.url}/api/v1${pathname}`, { method: 'POST', headers: { ...bffHeaders(token), Origin: site.url }, body: JSON.stringify(body) });
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

/** A browser's page view asks for HTML (only such views are answered from the page cache). */
const documentHeaders = { Accept: 'text/html,application/xhtml+xml' };

export function bffHeaders(token) {
  return { 'Content-Type': 'application/json', Cookie: `XSRF-TOKEN=${token}`, 'X-XSRF-TOKEN': token };
}

function cannon(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ timeout: 10, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
    // A second bound besides autocannon's own duration.
    const guard = setTimeout(() => instance.stop(), ((options.duration ?? 10) + 15) * 1000);
    instance.once('done', () => clearTimeout(guard));
  });
}

function summary(result) {
  return {
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, Number(count)])),
  };
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

/** One target: a check that it answers 2xx, a warm-up, then the measured run. */
async function measure(target, { duration, connections, warmupSeconds }) {
  await settle(target);
  await cannon({ ...target, duration: warmupSeconds, connections: Math.min(10, connections) });
  return summary(await cannon({ ...target, duration, connections }));
}

export async function measureServerCost({ site, sandbox, staticPath, duration = 10, connections = 50, warmupSeconds = 2, log }) {
  const token = await xsrfToken(site.url);
  const doorBody = await doorInfrastructureBody(sandbox);
  const direct = (body) => ({
    url: `${sandbox.url}/v1${INFRASTRUCTURE_PATH}`,
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Service-Token': serviceToken },
    body,
  });
  const throughBff = (body) => ({ url: `${site.url}/api/v1${INFRASTRUCTURE_PATH}`, method: 'POST', headers: bffHeaders(token), body });
  const customer = await customerCookie(site, sandbox);
  const targets = {
    // The anonymous public pages as a browser asks for them, from the page cache (proxy.ts), and a
    // customer's page, rendered per request.
    page: { url: `${site.url}/`, headers: documentHeaders },
    pageHowTo: { url: `${site.url}/nasil-yapilir`, headers: documentHeaders },
    pageEn: { url: `${site.url}/en`, headers: documentHeaders },
    pageCustomer: { url: `${site.url}/`, headers: { ...documentHeaders, Cookie: customer } },
    staticFile: { url: `${site.url}${staticPath}` },
    // Not a budget: the least a Next.js route handler costs here (robots.txt is one, rendered per
    // request), to tell the BFF's own work from the framework's.
    route: { url: `${site.url}/robots.txt` },
    // An address list: the BFF answers it from memory after the first call (ADDRESS_CACHE_SECONDS).
    bff: throughBff(infrastructureBody),
    direct: direct(infrastructureBody),
    // A door's infrastructure: forwarded to the upstream every time.
    bffForwarded: throughBff(doorBody),
    directForwarded: direct(doorBody),
  };
  const results = {};
  for (const [key, target] of Object.entries(targets)) {
    results[key] = await measure(target, { duration, connections, warmupSeconds });
    log(`  ${key}: ${results[key].requestsPerSecond.toFixed(0)} req/s, p50 ${results[key].latencyP50Ms} ms, p99 ${results[key].latencyP99Ms} ms, errors ${results[key].errors}, non-2xx ${results[key].non2xx}`);
  }
  return { duration, connections, staticPath, ...results };
}
