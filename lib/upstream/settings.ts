import 'server-only';
import { unstable_cache } from 'next/cache';
import type { Country, Settings } from '@/lib/api/types';
import { getConfig } from '@/lib/server/config';
import { settingsRevision } from '@/lib/upstream/settings-revision';
import { callUpstream } from '@/lib/upstream/upstream';

/**
 * The cache tag of the upstream's settings and of what is made from them: `revalidateTag(SETTINGS_TAG)`
 * deletes them. Their cache keys also hold the settings' revision (lib/upstream/settings-revision.ts),
 * which makes the change reach every instance at once.
 */
export const SETTINGS_TAG = 'settings';

async function fetchSettings(): Promise<Settings> {
  const { envelope } = await callUpstream<Settings>('getSettings');
  if (!envelope.status || !envelope.data) throw new Error('the upstream answered no settings');
  return envelope.data;
}

let cached: ((revision: number) => Promise<Settings>) | undefined;

/**
 * Application settings for server-rendered pages, through Next.js's data cache for
 * SETTINGS_CACHE_SECONDS: they change rarely and every home page render needs them. A failure is
 * never cached and answers null, so the page still renders (without a banner).
 */
export async function getSettings(): Promise<Settings | null> {
  const seconds = getConfig().settingsCacheMs / 1000;
  // Keyed by the upstream too: instances of one build share the cache, and each upstream has its
  // own settings. The revision is the cached function's argument, which Next.js keys by.
  cached ??=
    seconds > 0
      ? unstable_cache(() => fetchSettings(), [SETTINGS_TAG, getConfig().apiBaseUrl], { revalidate: seconds, tags: [SETTINGS_TAG] })
      : fetchSettings;
  try {
    return await cached(seconds > 0 ? await settingsRevision() : 0);
  } catch {
    return null;
  }
}

async function fetchCountries(): Promise<Country[]> {
  const { envelope } = await callUpstream<Country[]>('countries');
  if (!envelope.status || !Array.isArray(envelope.data)) throw new Error('the upstream answered no countries');
  return envelope.data;
}

let cachedCountries: ((revision: number) => Promise<Country[]>) | undefined;

/**
 * The countries of `GET /app-settings/countries` (spec §7) for the nationality, cached as the
 * settings are (same lifetime, same tag: `POST /api/revalidate` ends both). A failure is never
 * cached and answers null: the settings' list stands in (lib/domain/countries.ts).
 */
export async function getCountries(): Promise<Country[] | null> {
  const seconds = getConfig().settingsCacheMs / 1000;
  cachedCountries ??=
    seconds > 0
      ? unstable_cache(() => fetchCountries(), ['countries', getConfig().apiBaseUrl], { revalidate: seconds, tags: [SETTINGS_TAG] })
      : fetchCountries;
  try {
    return await cachedCountries(seconds > 0 ? await settingsRevision() : 0);
  } catch {
    return null;
  }
}
