// Next.js's cache (the upstream's settings, the public pages: unstable_cache and revalidateTag) in
// one Redis for every instance when REDIS_CACHE_URL (else REDIS_URL) is set: one revalidation
// reaches all of them, and a new instance starts with the pages the others rendered. Without either
// it stays in this process's memory, as Next.js's own default does. A maintained handler
// (@fortedigital/nextjs-cache-handler); next.config.ts names this file.
//
// REDIS_CACHE_URL is a Redis of its own, with maxmemory and an allkeys-lru policy: a cache may be
// evicted, and a full one must never evict the revocations and counts kept in REDIS_URL's, which
// runs with noeviction (docs/operations.md, Redis).
// A Redis password comes in the URL (redis://:<password>@host:port); rediss:// for TLS. The cache
// is one bounded server even where the state Redis has a replica and Sentinels (REDIS_SENTINELS):
// losing it costs renders, never data, so with Sentinels REDIS_CACHE_URL names it (else the cache
// stays in each process's memory).
// Either URL may come from a file (REDIS_CACHE_URL_FILE, REDIS_URL_FILE), as a mounted secret.
//
// The one file of lib/ that reads process.env itself (eslint.config.mjs allows it): Next.js loads it
// on its own, outside the app's modules, so it cannot ask lib/server/config.ts, which checks the same
// variables at start.
//
// While Redis cannot be reached a read misses (within timeoutMs) and the page is rendered for
// that request: no second, per-instance copy is kept beside Redis, since a revalidation on another
// instance could not clear it.
import { CacheHandler } from '@fortedigital/nextjs-cache-handler';
import { ioredisAdapter } from '@fortedigital/nextjs-cache-handler/helpers/ioredisAdapter';
import createLruHandler from '@fortedigital/nextjs-cache-handler/local-lru';
import createRedisHandler from '@fortedigital/nextjs-cache-handler/redis-strings';
import Redis from 'ioredis';
import { readFileSync } from 'node:fs';

/** A variable, or the file its `_FILE` twin names (a mounted secret; lib/server/config.ts checked it at start). */
const fromEnvOrFile = (name) => process.env[name] || (process.env[`${name}_FILE`] ? readFileSync(process.env[`${name}_FILE`], 'utf8').replace(/\r?\n$/, '') : undefined);

CacheHandler.onCreation(({ buildId }) => {
  const url = fromEnvOrFile('REDIS_CACHE_URL') || fromEnvOrFile('REDIS_URL');
  if (!url || process.env.NEXT_PHASE === 'phase-production-build') return { handlers: [createLruHandler()] };
  if (!globalThis.obCacheRedis) {
    globalThis.obCacheRedis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
    // Reconnects on its own; a failed read is a miss.
    globalThis.obCacheRedis.on('error', () => undefined);
  }
  return {
    handlers: [
      createRedisHandler({
        client: ioredisAdapter(globalThis.obCacheRedis),
        // Each build its own keys: a page names its build's script files.
        keyPrefix: `ob:next:${buildId ?? 'dev'}:`,
        timeoutMs: 500,
      }),
    ],
  };
});

export default CacheHandler;
