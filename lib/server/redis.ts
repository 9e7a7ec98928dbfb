import 'server-only';
import Redis, { type RedisOptions } from 'ioredis';
import { getConfig, type RedisTarget } from '@/lib/server/config';
import { getLogger } from '@/lib/server/logger';

/**
 * One per process, kept on globalThis: Next.js bundles a module once per layer (instrumentation,
 * route handlers, pages), and each copy would otherwise open its own connection.
 */
/** The most a start-up waits for Redis's first answer or failure (a connection that neither answers nor fails). */
export const STARTUP_WAIT_MS = 10_000;

const shared = globalThis as typeof globalThis & { obRedis?: { client: Redis | null; connected: Promise<void>; warm: () => boolean } };

/** The longest pause between two reconnection tries: a failover or a restart is followed within half a second. */
export const RECONNECT_MAX_MS = 500;

const CLIENT_OPTIONS: RedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  connectTimeout: 2_000,
  retryStrategy: (times) => Math.min(times * 50, RECONNECT_MAX_MS),
};

/**
 * A client of the state Redis: one server by URL, or its Sentinels, asked for the primary at each
 * connection and listened to for a switch (a failover moves the client within a second).
 */
export function connectRedis(target: RedisTarget): Redis {
  if ('url' in target) return new Redis(target.url, CLIENT_OPTIONS);
  return new Redis({
    ...CLIENT_OPTIONS,
    sentinels: target.sentinels,
    name: target.name,
    password: target.password,
    sentinelPassword: target.sentinelPassword,
    sentinelRetryStrategy: (times) => Math.min(times * 50, RECONNECT_MAX_MS),
    failoverDetector: true,
  });
}

/**
 * The one Redis client of this process (REDIS_URL or REDIS_SENTINELS), or null without one: rate
 * limits (lib/bff/rate-limit.ts), revoked sessions (lib/session/revocation.ts) and kept filings.
 * Commands fail at once while it is disconnected (no offline queue), so a caller falls back or
 * fails closed without waiting; it reconnects on its own.
 */
export function sharedRedis(): Redis | null {
  if (shared.obRedis) return shared.obRedis.client;
  const target = getConfig().redis;
  if (!target) {
    shared.obRedis = { client: null, connected: Promise.resolve(), warm: () => true };
    return null;
  }
  const made = connectRedis(target);
  // Errors are reported by the callers that meet them, once per outage.
  made.on('error', () => undefined);
  // ioredis ends a client for good when one of its reconnections is cut short: its failover
  // detector hangs up on the Sentinels' "+switch-master" while the client is still asking them for
  // the primary, the connection attempt fails with "Connection is closed." and no other is tried.
  // This client is never closed on purpose (only dropped by tests), so an end connects it again.
  made.on('end', () => {
    const timer = setTimeout(() => {
      if (shared.obRedis?.client !== made || made.status !== 'end') return;
      getLogger().warn({ store: 'redis' }, 'redis: the client gave up reconnecting; connecting it again');
      made.connect().catch(() => undefined);
    }, RECONNECT_MAX_MS);
    timer.unref?.();
  });
  // Until Redis answers, or its first failure (refused, hung up, or no connection within
  // connectTimeout): a slow start on a busy machine waits for Redis rather than for a clock, which
  // the event loop may only read after it (the connection's events come after an overdue timer).
  const connected = new Promise<void>((resolve) => {
    const settle = () => {
      // Stryker disable next-line CallExpression: equivalent, the timer would resolve a promise already resolved.
      clearTimeout(timer);
      // Stryker disable next-line StringLiteral: equivalent, a listener left behind settles a promise already settled.
      made.off('ready', settle).off('error', settle).off('close', settle).off('end', settle);
      resolve();
    };
    const timer = setTimeout(settle, STARTUP_WAIT_MS);
    made.once('ready', settle);
    // Stryker disable next-line StringLiteral: equivalent, error, close and end each follow a failure, so any one of them settles it.
    made.once('error', settle).once('close', settle).once('end', settle);
  });
  // Warm once Redis answered, or once a start-up has waited for it long enough: an outage then.
  const createdAt = Date.now();
  let answered = false;
  made.once('ready', () => (answered = true));
  shared.obRedis = { client: made, connected, warm: () => answered || Date.now() - createdAt >= STARTUP_WAIT_MS };
  return made;
}

/** Until Redis has answered once or failed once (STARTUP_WAIT_MS at most), so a start-up does not count as an outage. */
export const redisConnected = (): Promise<void> => shared.obRedis?.connected ?? Promise.resolve();

/**
 * Whether this process is past its start as far as Redis goes: Redis answered once, or STARTUP_WAIT_MS
 * passed without (an outage, which the process then serves through). Readiness waits for it, so a new
 * instance takes no customer's request before it can check a session.
 */
export const redisWarm = (): boolean => (sharedRedis(), shared.obRedis!.warm());

/** Whether this process's Redis client is connected now; undefined without one (or before its first use). */
export const redisReady = (): boolean | undefined => (shared.obRedis?.client ? shared.obRedis.client.status === 'ready' : undefined);

/** For tests: drop the client (the next call connects again). */
export function resetRedisForTests(): void {
  const client = shared.obRedis?.client;
  shared.obRedis = undefined;
  client?.disconnect();
}
