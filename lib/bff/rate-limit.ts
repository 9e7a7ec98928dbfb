import 'server-only';
import cluster from 'node:cluster';
import Redis from 'ioredis';
import { RateLimiterCluster, RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { getConfig } from '@/lib/config';

const WINDOW_SECONDS = 10 * 60;
/** A code allows three tries, so checks get three times the room of sends. */
const CHECKS_PER_SEND = 3;

type Kind = 'send' | 'check';
type Limiters = Record<Kind, { ip: RateLimiterAbstract; target: RateLimiterAbstract }>;
let limiters: Limiters | undefined;

function createLimiters(): Limiters {
  const { rateLimit, redisUrl } = getConfig();
  // Redis when several instances run behind a load balancer, so they share the counts; without it,
  // the workers of one instance count in their cluster primary (scripts/cluster.cjs).
  const redis = redisUrl ? new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }) : null;
  const make = (points: number, keyPrefix: string) => {
    if (redis) return new RateLimiterRedis({ storeClient: redis, points, duration: WINDOW_SECONDS, keyPrefix: `ob:${keyPrefix}` });
    if (cluster.isWorker) return new RateLimiterCluster({ points, duration: WINDOW_SECONDS, keyPrefix, timeoutMs: 3_000 });
    return new RateLimiterMemory({ points, duration: WINDOW_SECONDS, keyPrefix });
  };
  return {
    send: { ip: make(rateLimit.codesPerIp, 'send-ip'), target: make(rateLimit.codesPerTarget, 'send-target') },
    check: {
      ip: make(rateLimit.codesPerIp * CHECKS_PER_SEND, 'check-ip'),
      target: make(rateLimit.codesPerTarget * CHECKS_PER_SEND, 'check-target'),
    },
  };
}

/** Counts one code request or check; answers the seconds to wait when the client is over a limit. */
export async function consumeCodeLimit(kind: Kind, ip: string, target: string | undefined): Promise<number | null> {
  limiters ??= createLimiters();
  const { ip: byIp, target: byTarget } = limiters[kind];
  try {
    await byIp.consume(ip);
    if (target) await byTarget.consume(target.toLowerCase());
    return null;
  } catch (error) {
    if (error instanceof RateLimiterRes) return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    // The shared store is down: let the call through rather than lock every customer out.
    return null;
  }
}
