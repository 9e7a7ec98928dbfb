import 'server-only';
import type { Settings } from '@/lib/api/types';
import { getConfig } from '@/lib/config';
import { callUpstream } from '@/lib/upstream';

let cache: { at: number; settings: Settings } | undefined;

/**
 * Application settings for server-rendered pages, kept for a minute: they change rarely and every
 * home page view needs them (SETTINGS_CACHE_SECONDS). A failure answers null, so the page still renders without a banner.
 */
export async function getSettings(): Promise<Settings | null> {
  if (cache && Date.now() - cache.at < getConfig().settingsCacheMs) return cache.settings;
  try {
    const { envelope } = await callUpstream<Settings>('getSettings');
    if (!envelope.status || !envelope.data) return cache?.settings ?? null;
    cache = { at: Date.now(), settings: envelope.data };
    return envelope.data;
  } catch {
    return cache?.settings ?? null;
  }
}
