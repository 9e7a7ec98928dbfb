import 'server-only';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { BudgetName } from '@/lib/bff/limits';
import { redisConnected, resetRedisForTests, sharedRedis } from '@/lib/bff/redis';
import { getConfig } from '@/lib/config';
import { getLogger } from '@/lib/logger';

/**
 * Where the counts live: Redis when REDIS_URL is set (shared by every instance, kept across
 * restarts); otherwise this process's memory (one instance is one process). When Redis cannot be
 * reached, each instance counts in its own memory until it can: the limits hold per instance,
 * never fall away, and the log says so once per outage.
 */
interface Counter {
  shared: RateLimiterAbstract | null;
  local: RateLimiterMemory;
}

let degraded = false;
const counters = new Map<string, Counter>();

function counter(prefix: string, points: number, windowSeconds: number): Counter {
  const id = `${prefix}|${points}|${windowSeconds}`;
  let found = counters.get(id);
  if (found) return found;
  const client = sharedRedis();
  const options = { points, duration: windowSeconds, keyPrefix: `ob:${prefix}` };
  found = {
    shared: client ? new RateLimiterRedis({ ...options, storeClient: client, rejectIfRedisNotReady: true }) : null,
    local: new RateLimiterMemory(options),
  };
  counters.set(id, found);
  return found;
}

function reportFallback(error: unknown) {
  if (degraded) return;
  degraded = true;
  getLogger().warn(
    { store: 'redis', error: error instanceof Error ? error.message : String(error) },
    'rate limits: Redis unreachable, counting in this instance until it answers again',
  );
}

function reportRecovery() {
  if (!degraded) return;
  degraded = false;
  getLogger().info('rate limits: shared store answers again');
}

/** Runs one operation on the shared store, else on this instance's own memory. */
async function run<T>(found: Counter, operation: (limiter: RateLimiterAbstract) => Promise<T>): Promise<T> {
  const chain: { limiter: RateLimiterAbstract; store: 'redis' | 'memory' }[] = [];
  if (found.shared) chain.push({ limiter: found.shared, store: 'redis' });
  chain.push({ limiter: found.local, store: 'memory' });
  let lastError: unknown;
  if (found.shared) await redisConnected();
  for (const { limiter, store } of chain) {
    try {
      const result = await operation(limiter);
      if (store === chain[0]!.store) reportRecovery();
      return result;
    } catch (error) {
      // A refusal is an answer; anything else is the store failing.
      if (error instanceof RateLimiterRes) throw error;
      lastError = error;
      if (store !== 'memory') reportFallback(error);
    }
  }
  throw lastError;
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
      await run(counter(budget, points, windowSeconds), (limiter) => limiter.consume(key));
    } catch (error) {
      if (error instanceof RateLimiterRes) return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
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
  const result = await run(counter(`set:${set}`, 1_000_000, windowSeconds), (limiter) => limiter.get(key));
  return Boolean(result && result.consumedPoints > 0);
}

export async function mark(set: string, key: string, windowSeconds: number): Promise<void> {
  await run(counter(`set:${set}`, 1_000_000, windowSeconds), (limiter) => limiter.consume(key));
}

/** For tests: forget every limiter (the next call builds them from the configuration again). */
export function resetRateLimitsForTests(): void {
  counters.clear();
  resetRedisForTests();
  degraded = false;
}
