import 'server-only';
import { Worker } from 'node:worker_threads';
import { redisReady } from '@/lib/server/redis';
import { getConfig } from '@/lib/server/config';
import { getLogger } from '@/lib/server/logger';
import { metrics } from '@/lib/observability/metrics';

/** How long a scrape waits for the instance's own thread before it takes the last figures it gave. */
const FRESH_WAIT_MS = 10;
/** Past this without an answer from the instance's own thread, a scrape is refused: the instance hangs. */
export const STALE_AFTER_MS = 30_000;

/**
 * The listener, in a thread of its own: a scrape is answered even while the instance's own thread
 * is busy with the site (under load, a request there waits its turn for hundreds of milliseconds,
 * and Prometheus would take a slow scrape for a dying target). It asks the instance's thread for
 * the exposition and answers with it; when that thread has not answered within FRESH_WAIT_MS, it
 * answers with the last exposition it got (counters only grow: a scrape a moment old loses
 * nothing), and the fresh one replaces it as it comes. Every answer says how old its figures are
 * (`basvuru_metrics_age_seconds`); once the instance's thread has not answered for staleAfterMs the
 * scrape gets 503, so a hung instance shows as a target down instead of serving its last figures
 * forever. `GET /metrics` alone; anything else is 404.
 */
const LISTENER = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { port, host, contentType, freshWaitMs, staleAfterMs } = workerData;
let latest;
let freshAt = 0;
let nextId = 0;
const waiting = new Map();
parentPort.on('message', ({ id, text }) => {
  latest = text;
  freshAt = Date.now();
  const done = waiting.get(id);
  if (done) done();
});
const server = http.createServer((request, response) => {
  if (request.method !== 'GET' || (request.url || '').split('?')[0] !== '/metrics') {
    response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found\\n');
    return;
  }
  const id = ++nextId;
  let answered = false;
  const answer = () => {
    if (answered) return;
    answered = true;
    waiting.delete(id);
    clearTimeout(timer);
    const age = (Date.now() - freshAt) / 1000;
    if (latest === undefined) response.writeHead(503, { 'Retry-After': '1' }).end();
    else if (age * 1000 > staleAfterMs) response.writeHead(503, { 'Content-Type': 'text/plain' }).end('stale: the instance has not answered for ' + age + ' s\\n');
    else response.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' }).end(latest +
      '# HELP basvuru_metrics_age_seconds How old these figures are: 0 when this instance answered the scrape itself.\\n' +
      '# TYPE basvuru_metrics_age_seconds gauge\\nbasvuru_metrics_age_seconds ' + age + '\\n');
  };
  waiting.set(id, answer);
  // Until this instance has answered once, wait for it (a second at most).
  const timer = setTimeout(answer, latest === undefined ? 1000 : freshWaitMs);
  parentPort.postMessage(id);
});
server.on('error', (error) => parentPort.postMessage({ error: error.message }));
server.listen(port, host);
`;

/**
 * This instance's metrics on a listener of their own (METRICS_PORT, on METRICS_HOST), started once
 * per process by instrumentation.ts: Next.js's server answers only the site, and the edge routes
 * nothing to this port, so no visitor can read it.
 */
export function startMetricsServer({ staleAfterMs = STALE_AFTER_MS, failingClosed }: { staleAfterMs?: number; failingClosed?: () => boolean } = {}): void {
  const where = getConfig().metrics;
  const counted = metrics();
  if (!where || !counted) return;
  const { registry, probes } = counted;
  // Read at each scrape from the process's one Redis client and its sessions' revocation check.
  probes.redis = () => {
    const ready = redisReady();
    return ready === undefined ? undefined : ready ? 1 : 0;
  };
  if (failingClosed) probes.failClosed = () => (failingClosed() ? 1 : 0);

  const listener = new Worker(LISTENER, { eval: true, workerData: { port: where.port, host: where.host, contentType: registry.contentType, freshWaitMs: FRESH_WAIT_MS, staleAfterMs } });
  listener.on('message', (message: number | { error: string }) => {
    // A listener that cannot start leaves the site serving: its scrape target shows as down.
    if (typeof message === 'object') return getLogger().error({ error: message.error, port: where.port }, 'metrics: listener failed');
    registry.metrics().then(
      (text) => listener.postMessage({ id: message, text }),
      (error: unknown) => getLogger().error({ error: error instanceof Error ? error.message : String(error) }, 'metrics: exposition failed'),
    );
  });
  listener.on('error', (error) => getLogger().error({ error: error.message }, 'metrics: listener failed'));
  // Never what keeps the process alive: Next.js's server does that.
  listener.unref();
}
