import 'server-only';
import { getLogger } from '@/lib/server/logger';
import { instanceName } from '@/lib/observability/instance';
import { countResponse } from '@/lib/observability/metrics';
import type { RequestRecord } from '@/lib/observability/request-span';

/** The backend-for-frontend's route: lib/bff/handle.ts counts and logs each call by its name instead. */
const BFF_ROUTE = '/api/v1/[...path]';
/** Asked every few seconds by balancers and orchestrators: counted, never logged. */
const HEALTH_ROUTES = new Set(['/api/health/live', '/api/health/ready']);

/** One request's count and its access line (LOG_LEVEL info). */
export function recordRequest(record: RequestRecord): void {
  if (record.route === BFF_ROUTE) return;
  countResponse(record.route, record.method, record.status, record.durationMs / 1000);
  if (HEALTH_ROUTES.has(record.route)) return;
  getLogger().info({ ...record, instance: instanceName() }, 'access');
}
