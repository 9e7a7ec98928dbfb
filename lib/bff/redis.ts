import 'server-only';
import Redis from 'ioredis';
import { getConfig } from '@/lib/config';

let client: Redis | null | undefined;
let firstConnection: Promise<void> = Promise.resolve();

/**
 * The one Redis client of this process (REDIS_URL), or null without one: rate limits
 * (lib/bff/rate-limit.ts) and revoked sessions (lib/session-revocation.ts). Commands fail at once
 * while it is disconnected (no offline queue), so a caller falls back or fails closed without
 * waiting; it reconnects on its own.
 */
export function sharedRedis(): Redis | null {
  if (client !== undefined) return client;
  const { redisUrl } = getConfig();
  if (!redisUrl) return (client = null);
  const made = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  // Errors are reported by the callers that meet them, once per outage.
  made.on('error', () => undefined);
  firstConnection = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 1_000);
    made.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return (client = made);
}

/** Until Redis has answered once (a second at most), so a start-up does not count as an outage. */
export const redisConnected = (): Promise<void> => firstConnection;

/** For tests: drop the client (the next call connects again). */
export function resetRedisForTests(): void {
  client?.disconnect();
  client = undefined;
  firstConnection = Promise.resolve();
}
