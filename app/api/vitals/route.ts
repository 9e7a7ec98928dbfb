import { BodyError, readJsonBody } from '@/lib/bff/body';
import { clientIp } from '@/lib/bff/client-ip';
import { spendVitalsBudget } from '@/lib/bff/budget-plan';
import { metrics } from '@/lib/observability/metrics';
import { histogramValue, vitalsBeaconSchema } from '@/lib/vitals/beacon';

export const dynamic = 'force-dynamic';

/** No cookie, no cache, nothing to read: every answer of this route. */
const answer = (status: number, headers: Record<string, string> = {}) => new Response(null, { status, headers: { 'Cache-Control': 'no-store', ...headers } });

/**
 * Field vitals from our own pages' browsers (lib/vitals/report.ts, navigator.sendBeacon): checked
 * whole, counted per network (a flood from one allocation is refused with 429), and kept in the
 * instance's histograms. A beacon that is not ours (another site's, malformed, out of range) is
 * refused with 400 and counts nothing. The route sets no cookie.
 */
export async function POST(request: Request) {
  // sendBeacon cannot carry the XSRF header; the browser still says where the request comes from.
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite && fetchSite !== 'same-origin') return answer(403);
  const wait = await spendVitalsBudget(clientIp(request));
  if (wait !== null) return answer(429, { 'Retry-After': String(wait) });
  let beacon;
  try {
    beacon = vitalsBeaconSchema.safeParse(await readJsonBody(request, 1024));
  } catch (error) {
    if (error instanceof BodyError) return answer(error.status === 413 ? 413 : 400);
    throw error;
  }
  if (!beacon.success) return answer(400);
  const histograms = metrics()?.vitals;
  if (histograms) {
    const { route, device } = beacon.data;
    for (const { name, value } of beacon.data.metrics) histograms[name].observe({ route, device }, histogramValue(name, value));
  }
  return answer(204);
}
