import 'server-only';
import Redis from 'ioredis';
import { getConfig } from '@/lib/config';

/**
 * One per process, kept on globalThis: Next.js bundles a module once per layer (instrumentation,
 * route handlers, pages), and each copy would otherwise open its own connection.
 */
const shared = globalThis as typeof globalThis & { obRedis?: { client: Redis | null; connected: Promise<void> } };

/**
 * The one Redis client of this process (REDIS_URL), or null without one: rate limits
 * (lib/bff/rate-limit.ts) and revoked sessions (lib/session-revocation.ts). Commands fail at once
 * while it is disconnected (no offline queue), so a caller falls back or fails closed without
 * waiting; it reconnects on its own.
 */
export function sharedRedis(): Redis | null {
  if (shared.obRedis) return shared.obRedis.client;
  const { redisUrl } = getConfig();
  if (!redisUrl) {
    shared.obRedis = { client: null, connected: Promise.resolve() };
    return null;
  }
  const made = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  // Errors are reported by the callers that meet them, once per outage.
  made.on('error', () => undefined);
  const connected = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 3_000);
    made.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  shared.obRedis = { client: made, connected };
  return made;
}

/** Until Redis has answered once (three seconds at most), so a start-up does not count as an outage. */
export const redisConnected = (): Promise<void> => shared.obRedis?.connected ?? Promise.resolve();

/** For tests: drop the client (the next call connects again). */
export function resetRedisForTests(): void {
  shared.obRedis?.client?.disconnect();
  shared.obRedis = undefined;
}
