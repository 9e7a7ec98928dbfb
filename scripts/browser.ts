import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** Debian's package; Playwright cannot download its own browsers on machines without internet. */
export const debianChromium = '/usr/bin/chromium';

/** Debian's Redis server, which the attack suite starts for its shared limits (scripts/ensure-test-tools.ts installs it). */
export const debianRedisServer = '/usr/bin/redis-server';

export interface FoundBrowser {
  executablePath: string;
  source: 'CHROME_PATH' | 'Debian' | 'Playwright';
}

/**
 * The Chromium the browser tests run in: the one CHROME_PATH names, else Debian's, else the one in
 * Playwright's own cache. Undefined when there is none (scripts/ensure-test-tools.ts then installs one).
 */
export function findChromium(
  env: Record<string, string | undefined> = process.env,
  exists: (file: string) => boolean = existsSync,
  playwrightPath: () => string = () => chromium.executablePath(),
): FoundBrowser | undefined {
  if (env.CHROME_PATH) return { executablePath: env.CHROME_PATH, source: 'CHROME_PATH' };
  if (exists(debianChromium)) return { executablePath: debianChromium, source: 'Debian' };
  const own = playwrightPath();
  if (own && exists(own)) return { executablePath: own, source: 'Playwright' };
  return undefined;
}
