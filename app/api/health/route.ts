import { callUpstream } from '@/lib/upstream';

export const dynamic = 'force-dynamic';

/** For load balancers and the container healthcheck: 200 when the upstream answers, else 503. */
export async function GET() {
  let upstream = false;
  try {
    upstream = (await callUpstream('getSettings')).envelope.status;
  } catch {
    upstream = false;
  }
  return Response.json(
    { status: upstream ? 'ok' : 'degraded', upstream },
    { status: upstream ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  );
}
