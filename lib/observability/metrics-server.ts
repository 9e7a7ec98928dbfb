import 'server-only';
import http from 'node:http';
import { redisReady } from '@/lib/bff/redis';
import { getConfig } from '@/lib/config';
import { getLogger } from '@/lib/logger';
import { metrics } from '@/lib/observability/metrics';
import { sessionRevocation } from '@/lib/session-revocation';

/**
 * This instance's metrics on a listener of their own (METRICS_PORT, on METRICS_HOST), started once
 * per process by instrumentation.ts: Next.js's server answers only the site, and the edge routes
 * nothing to this port, so no visitor can read it. `GET /metrics` alone; anything else is 404.
 */
export function startMetricsServer(): void {
  const where = getConfig().metrics;
  const counted = metrics();
  if (!where || !counted) return;
  const { registry, probes } = counted;
  // Read at each scrape from the process's one Redis client and revocation check.
  probes.redis = () => {
    const ready = redisReady();
    return ready === undefined ? undefined : ready ? 1 : 0;
  };
  probes.failClosed = () => (sessionRevocation().failingClosed ? 1 : 0);
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' }).end(text),
      (error: unknown) => {
        getLogger().error({ error: error instanceof Error ? error.message : String(error) }, 'metrics: exposition failed');
        response.writeHead(500).end();
      },
    );
  });
  // A listener that cannot start leaves the site serving: its scrape target shows as down.
  server.on('error', (error) => getLogger().error({ error: error.message, port: where.port }, 'metrics: listener failed'));
  server.listen(where.port, where.host);
  // Never what keeps the process alive: Next.js's server does that.
  server.unref();
}
