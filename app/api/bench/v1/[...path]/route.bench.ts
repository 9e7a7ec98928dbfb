import { Agent, request } from 'undici';
import { getConfig } from '@/lib/server/config';

// The bench's floor for the backend-for-frontend (scripts/bench/server-cost.mjs): the least a
// route handler does to forward a call, the same body to the same upstream with undici, so the
// BFF's throughput is set against its own work and not against the upstream's round trip. Built
// only into the bench's build: `route.bench.ts` is a route file only when BENCH_ROUTES=1 adds
// `bench.ts` to the page extensions (next.config.ts); every other build leaves it out.

export const dynamic = 'force-dynamic';

/** As many connections to the upstream as lib/upstream/upstream.ts keeps. */
const agent = new Agent({ connections: 256 });

type Context = { params: Promise<{ path: string[] }> };

export async function POST(incoming: Request, { params }: Context) {
  const { apiBaseUrl, serviceTokenHeader, serviceToken } = getConfig();
  const answer = await request(`${apiBaseUrl}/v1/${(await params).path.join('/')}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [serviceTokenHeader]: serviceToken },
    body: await incoming.text(),
    dispatcher: agent,
  });
  return new Response(await answer.body.text(), { status: answer.statusCode, headers: { 'Content-Type': 'application/json' } });
}
