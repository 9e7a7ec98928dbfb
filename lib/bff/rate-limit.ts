import 'server-only';
import type Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { BudgetName } from '@/lib/server/limits';
import { redisConnected, resetRedisForTests, sharedRedis } from '@/lib/server/redis';
import { getConfig } from '@/lib/server/config';
import { getLogger } from '@/lib/server/logger';
import { metrics } from '@/lib/observability/metrics';

/**
 * Where the counts live: Redis when REDIS_URL is set (shared by every instance, kept across
 * restarts); otherwise this process's memory (one instance is one process). While Redis cannot
 * answer, rate-limiter-flexible's `insuranceLimiter` counts in this instance's memory (commands
 * fail at once while it is not ready: no offline queue): the limits hold per instance, never fall
 * away, and the log says so once per outage.
 */
const limiters = new Map<string, RateLimiterAbstract>();
/** One watch per process (globalThis), as the client is: each of Next.js's bundles of this module would otherwise log the outage again. */
const process_ = globalThis as typeof globalThis & { obRateLimitWatch?: { client: Redis; lost: () => void; ready: () => void } };

/** The outage as Redis's own connection tells it (refused, closed), reported once until it is ready again. */
function watch(client: Redis) {
  if (process_.obRateLimitWatch?.client === client) return;
  let degraded = false;
  const lost = () => {
    if (degraded) return;
    degraded = true;
    getLogger().warn({ store: 'redis' }, 'rate limits: Redis unreachable, counting in this instance until it answers again');
  };
  const ready = () => {
    if (!degraded) return;
    degraded = false;
    getLogger().info('rate limits: shared store answers again');
  };
  client.on('error', lost).on('close', lost).on('ready', ready);
  process_.obRateLimitWatch = { client, lost, ready };
}

function limiter(prefix: string, points: number, windowSeconds: number): RateLimiterAbstract {
  const id = `${prefix}|${points}|${windowSeconds}`;
  let found = limiters.get(id);
  if (found) return found;
  const client = sharedRedis();
  const options = { points, duration: windowSeconds, keyPrefix: `ob:${prefix}` };
  if (client) {
    watch(client);
    found = new RateLimiterRedis({ ...options, storeClient: client, rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(options) });
  } else {
    found = new RateLimiterMemory(options);
  }
  limiters.set(id, found);
  return found;
}

/** Until Redis has answered or failed once (lib/server/redis.ts): a start-up does not count in memory. */
async function connectedLimiter(prefix: string, points: number, windowSeconds: number): Promise<RateLimiterAbstract> {
  const found = limiter(prefix, points, windowSeconds);
  await redisConnected();
  return found;
}

export interface Charge {
  budget: BudgetName;
  key: string;
}

/**
 * Counts one call against each budget in turn and answers the seconds to wait when one of them is
 * spent, else null. The budgets after a refusing one are not counted: callers list the caller's
 * own budgets (its address) before shared ones (a phone's), so one address cannot spend a
 * victim's budget past its own.
 */
export async function charge(charges: Charge[]): Promise<number | null> {
  const { budgets } = getConfig();
  for (const { budget, key } of charges) {
    const { points, windowSeconds } = budgets[budget];
    try {
      await (await connectedLimiter(budget, points, windowSeconds)).consume(key);
    } catch (error) {
      // A refusal is an answer; anything else is both stores failing.
      if (error instanceof RateLimiterRes) {
        metrics()?.rateLimited.inc({ budget });
        return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      }
      throw error;
    }
  }
  return null;
}

/**
 * A set of keys with a lifetime, in the same store: whether `key` was marked in the last
 * `windowSeconds` (first-seen TC numbers, revoked sessions).
 */
export async function wasMarked(set: string, key: string, windowSeconds: number): Promise<boolean> {
  const result = await (await connectedLimiter(`set:${set}`, 1_000_000, windowSeconds)).get(key);
  return Boolean(result && result.consumedPoints > 0);
}

export async function mark(set: string, key: string, windowSeconds: number): Promise<void> {
  await (await connectedLimiter(`set:${set}`, 1_000_000, windowSeconds)).consume(key);
}

/** For tests: forget every limiter (the next call builds them from the configuration again). */
export function resetRateLimitsForTests(): void {
  limiters.clear();
  const watched = process_.obRateLimitWatch;
  watched?.client.off('error', watched.lost).off('close', watched.lost).off('ready', watched.ready);
  process_.obRateLimitWatch = undefined;
  resetRedisForTests();
}
