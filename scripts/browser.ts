import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** Debian's package; Playwright cannot download its own browsers on machines without internet. */
export const debianChromium = '/usr/bin/chromium';

/**
 * Debian's headless-only build of the same Chromium: what Playwright runs headless tests in when it
 * brings its own browsers. It needs about half the CPU of the full browser run headless. It cannot
 * show a window: `--headed` runs need CHROME_PATH=/usr/bin/chromium.
 */
export const debianHeadlessShell = '/usr/bin/chromium-headless-shell';

/** Debian's Redis server, which the attack suite starts for its shared limits (scripts/ensure-test-tools.ts installs it). */
export const debianRedisServer = '/usr/bin/redis-server';

/**
 * The other engines of the cross-engine journeys (e2e/engines/): Debian's Firefox ESR, and WebKitGTK's
 * WebDriver, which starts its MiniBrowser in an X server of the suite's own (Xvfb).
 */
export const debianFirefox = '/usr/bin/firefox-esr';
export const debianWebKitDriver = '/usr/bin/WebKitWebDriver';
export const debianXvfb = '/usr/bin/Xvfb';

export interface FoundBrowser {
  executablePath: string;
  source: 'CHROME_PATH' | 'Debian' | 'Playwright';
}

/**
 * The Chromium the browser tests run in: the one CHROME_PATH names, else Debian's headless shell,
 * else Debian's chromium, else the one in Playwright's own cache. Undefined when there is none
 * (scripts/ensure-test-tools.ts then installs one).
 */
export function findChromium(
  env: Record<string, string | undefined> = process.env,
  exists: (file: string) => boolean = existsSync,
  playwrightPath: () => string = () => chromium.executablePath(),
): FoundBrowser | undefined {
  if (env.CHROME_PATH) return { executablePath: env.CHROME_PATH, source: 'CHROME_PATH' };
  if (exists(debianHeadlessShell)) return { executablePath: debianHeadlessShell, source: 'Debian' };
  if (exists(debianChromium)) return { executablePath: debianChromium, source: 'Debian' };
  const own = playwrightPath();
  if (own && exists(own)) return { executablePath: own, source: 'Playwright' };
  return undefined;
}
