import { redisWarm, sharedRedis } from '@/lib/server/redis';
import { lifecycle } from '@/lib/server/lifecycle';
import { callUpstream } from '@/lib/upstream/upstream';

export const dynamic = 'force-dynamic';

/** One upstream check serves every readiness request for this long. */
const REUSE_MS = 2_000;
let upstream: { checkedAt: number; answers: boolean | null; checking?: Promise<void> } = { checkedAt: 0, answers: null };

/** Asks the upstream again in the background when the last answer is older than REUSE_MS. */
function refreshUpstream(): Promise<void> {
  if (upstream.checking || Date.now() - upstream.checkedAt < REUSE_MS) return upstream.checking ?? Promise.resolve();
  const checking = callUpstream('getSettings').then(
    (answer) => answer.envelope.status,
    () => false,
  ).then((answers) => {
    upstream = { checkedAt: Date.now(), answers };
  });
  upstream = { ...upstream, checking };
  return checking;
}

/**
 * Readiness of this instance, for the edge and orchestrators: 503 while it starts, until Redis has
 * answered once (10 s at most: lib/server/redis.ts; why:
 * docs/decisions/0023-readiness-after-redis-first-answers.md), and once it is stopping (it drains,
 * lib/server/lifecycle.ts); else 200. Redis and the upstream are shared by every instance, so their state
 * is told (`redis`: up, down or none; `upstream`, the last check: true, false, or null before the
 * first) but decides nothing: either outage would otherwise take every instance out at once, and
 * the site degrades on its own without them (docs/operations.md, Failures). Never waits for the
 * upstream, except for the very first answer; a flood of checks costs it at most one call per
 * process every two seconds.
 */
export async function GET() {
  const refreshing = refreshUpstream();
  if (upstream.answers === null) await refreshing;
  const redisClient = sharedRedis();
  const redis = redisClient ? (redisClient.status === 'ready' ? 'up' : 'down') : 'none';
  const status = lifecycle().draining ? 'draining' : redisWarm() ? 'ok' : 'starting';
  return Response.json(
    { status, redis, upstream: upstream.answers },
    { status: status === 'ok' ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  );
}
