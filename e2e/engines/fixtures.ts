import { writeFileSync } from 'node:fs';
import { test as base } from '@playwright/test';
import { baseURL } from '../support/env';
import type { Engine, EngineName } from './driver';
import { launchFirefox } from './firefox';
import { EnginePage } from './page';
import { launchWebKit } from './webkit';

export interface EngineOptions {
  /** The engine this project runs the journeys in. */
  engine: EngineName;
  /** The viewport's width in CSS px: 1280 (desktop) or 390 (an iPhone's). */
  width: number;
}

const heights: Record<number, number> = { 1280: 800, 390: 844 };

/**
 * The cross-engine journeys' test: `web` is a fresh page in the project's engine, at its width.
 * The engine is started once per worker; a failed test keeps a screenshot. After every test, the
 * page must have had no uncaught script error.
 */
export const test = base.extend<{ web: EnginePage }, EngineOptions & { engineBrowser: Engine }>({
  engine: ['firefox', { scope: 'worker', option: true }],
  width: [1280, { scope: 'worker', option: true }],
  engineBrowser: [
    async ({ engine }, provide) => {
      const running = engine === 'webkit' ? await launchWebKit() : await launchFirefox();
      try {
        await provide(running);
      } finally {
        await running.close();
      }
    },
    // Starting Firefox takes several seconds on a busy machine.
    { scope: 'worker', timeout: 60_000 },
  ],
  web: async ({ engineBrowser, width }, provide, testInfo) => {
    const driver = await engineBrowser.newPage({ width, height: heights[width] ?? 800 });
    testInfo.annotations.push({ type: 'engine', description: engineBrowser.version });
    try {
      await provide(new EnginePage(driver, baseURL));
      const errors = await driver.scriptErrors();
      if (errors.length) throw new Error(`uncaught script errors in ${engineBrowser.version}:\n${errors.join('\n')}`);
    } finally {
      if (testInfo.status !== testInfo.expectedStatus) {
        const path = testInfo.outputPath(`${engineBrowser.name}-${width}.png`);
        await driver
          .screenshot()
          .then((body) => writeFileSync(path, body))
          .then(() => testInfo.attach('screenshot', { path, contentType: 'image/png' }))
          .catch(() => {});
      }
      await driver.close();
    }
  },
});

export { expect, expectURL } from './page';
