import 'server-only';
import { unstable_cache } from 'next/cache';
import type { Settings } from '@/lib/api/types';
import { getConfig } from '@/lib/config';
import { callUpstream } from '@/lib/upstream';

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
