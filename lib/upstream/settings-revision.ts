import 'server-only';
import { setTimeout as delay } from 'node:timers/promises';
import { sharedRedis } from '@/lib/server/redis';

/**
 * The settings' revision: a number the revalidation call (app/api/revalidate) advances before it
 * answers, and a part of the cache key of the settings, the countries and every public page made
 * from them. Next.js's revalidateTag alone leaves the old settings in two ways:
 * - it deletes the tagged entries only after the call has answered (the standalone server runs it
 *   in waitUntil), so an instance asked in that moment still answers the old page;
 * - a render under way when the call comes (a stale page's refresh) stores what it read before the
 *   call once the deletion is done, fresh for SETTINGS_CACHE_SECONDS.
 * Under a new revision every lookup, on every instance, misses what was kept before the call.
 *
 * In the shared Redis (REDIS_URL), which never evicts; without one (a single process) in memory.
 */
const KEY = 'ob:settings-revision';

/**
 * The longest a page view waits for the revision: a Redis that hangs (a partition, a server
 * stopping) must not hold every public page. Next.js's cache in Redis waits as long (lib/server/cache-handler.mjs).
 */
export const REVISION_WAIT_MS = 500;

/**
 * The revision this process last read or made: without Redis the only one, with it the fallback
 * while Redis cannot answer. On globalThis: Next.js bundles this module once per layer (the route
 * handlers, the pages), and the revalidation call and the renders must see one number.
 */
const shared = globalThis as typeof globalThis & { obSettingsRevision?: number };

/** The current revision. Read at every lookup: a read shared by lookups could start before the call and end after it. */
export async function settingsRevision(): Promise<number> {
  const redis = sharedRedis();
  if (redis) {
    const waited = new AbortController();
    const late = delay(REVISION_WAIT_MS, undefined, { signal: waited.signal }).catch(() => undefined);
    try {
      const value = await Promise.race([redis.get(KEY), late]);
      if (value !== undefined) shared.obSettingsRevision = Number(value ?? 0);
    } catch {
      // Redis down: no revision can be made either (advanceSettingsRevision needs it), so the last one seen serves.
    } finally {
      waited.abort();
    }
  }
  return shared.obSettingsRevision ?? 0;
}

/** A new revision, for every instance at once; throws while the shared Redis cannot be reached. */
export async function advanceSettingsRevision(): Promise<number> {
  const redis = sharedRedis();
  shared.obSettingsRevision = redis ? await redis.incr(KEY) : (shared.obSettingsRevision ?? 0) + 1;
  return shared.obSettingsRevision;
}
