import { callUpstream } from '@/lib/upstream';

export const dynamic = 'force-dynamic';

/** One upstream check serves every readiness request for this long (and those that come meanwhile). */
const REUSE_MS = 2_000;
let last: { at: number; check: Promise<boolean> } | undefined;

async function upstreamAnswers(): Promise<boolean> {
  try {
    return (await callUpstream('getSettings')).envelope.status;
  } catch {
    return false;
  }
}

/**
 * Readiness, for load balancers: 200 while the upstream answers its settings call, else 503, so
 * traffic goes elsewhere during an outage. A flood of checks costs the upstream at most one call
 * per process every two seconds.
 */
export async function GET() {
  if (!last || Date.now() - last.at >= REUSE_MS) last = { at: Date.now(), check: upstreamAnswers() };
  const upstream = await last.check;
  return Response.json(
    { status: upstream ? 'ok' : 'degraded', upstream },
    { status: upstream ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  );
}
