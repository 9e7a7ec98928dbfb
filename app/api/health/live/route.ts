export const dynamic = 'force-dynamic';

/**
 * Liveness, for the container's healthcheck: 200 whenever this process serves requests. It asks no
 * upstream, so an upstream outage does not get healthy containers restarted.
 */
export function GET() {
  return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
}
