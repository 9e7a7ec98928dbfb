import 'server-only';
import { unstable_cache } from 'next/cache';
import type { Country, Settings } from '@/lib/api/types';
import { getConfig } from '@/lib/server/config';
import { callUpstream } from '@/lib/upstream/upstream';

/** The cache tag of the upstream's settings: `revalidateTag(SETTINGS_TAG)` refreshes them at once. */
export const SETTINGS_TAG = 'settings';

async function fetchSettings(): Promise<Settings> {
  const { envelope } = await callUpstream<Settings>('getSettings');
  if (!envelope.status || !envelope.data) throw new Error('the upstream answered no settings');
  return envelope.data;
}

let cached: (() => Promise<Settings>) | undefined;

/**
 * Application settings for server-rendered pages, through Next.js's data cache for
 * SETTINGS_CACHE_SECONDS: they change rarely and every home page render needs them. A failure is
 * never cached and answers null, so the page still renders (without a banner).
 */
export async function getSettings(): Promise<Settings | null> {
  const seconds = getConfig().settingsCacheMs / 1000;
  // Keyed by the upstream too: instances of one build share the data cache's folder, and each
  // upstream has its own settings.
  cached ??=
    seconds > 0
      ? unstable_cache(fetchSettings, [SETTINGS_TAG, getConfig().apiBaseUrl], { revalidate: seconds, tags: [SETTINGS_TAG] })
      : fetchSettings;
  try {
    return await cached();
  } catch {
    return null;
  }
}

async function fetchCountries(): Promise<Country[]> {
  const { envelope } = await callUpstream<Country[]>('countries');
  if (!envelope.status || !Array.isArray(envelope.data)) throw new Error('the upstream answered no countries');
  return envelope.data;
}

let cachedCountries: (() => Promise<Country[]>) | undefined;

/**
 * The countries of `GET /app-settings/countries` (spec §7) for the nationality, cached as the
 * settings are (same lifetime, same tag: `POST /api/revalidate` ends both). A failure is never
 * cached and answers null: the settings' list stands in (lib/domain/countries.ts).
 */
export async function getCountries(): Promise<Country[] | null> {
  const seconds = getConfig().settingsCacheMs / 1000;
  cachedCountries ??=
    seconds > 0
      ? unstable_cache(fetchCountries, ['countries', getConfig().apiBaseUrl], { revalidate: seconds, tags: [SETTINGS_TAG] })
      : fetchCountries;
  try {
    return await cachedCountries();
  } catch {
    return null;
  }
}
