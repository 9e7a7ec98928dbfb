import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './scripts/browser';
import { baseURL, sandboxPort, sitePort } from './e2e/support/env';

/** Per port, so two suites (say, two developers' builds) can run at once. */
const dataDir = `.data/e2e-${sitePort}`;

const launchOptions = {
  // CHROME_PATH, Debian's chromium or Playwright's own (scripts/ensure-browser.ts installed one if needed).
  executablePath: findChromium()?.executablePath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // Per port, like the data directory, so two suites can run at once.
  outputDir: `test-results/${sitePort}`,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, locale: 'tr-TR', launchOptions },
    },
    {
      name: 'phone',
      // HTTP-level checks and the standalone server do not depend on the screen: desktop runs them.
      testIgnore: ['bff.spec.ts', 'standalone.spec.ts'],
      use: {
        ...devices['Pixel 5'],
        viewport: { width: 360, height: 740 },
        browserName: 'chromium',
        locale: 'tr-TR',
        launchOptions,
      },
    },
  ],
  webServer: {
    // A fresh sandbox database for every run; the production build must exist (`npm run build`).
    command: `rm -rf ${dataDir} && node scripts/start.mjs`,
    url: `${baseURL}/api/health/ready`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(sitePort),
      SANDBOX_PORT: String(sandboxPort),
      SANDBOX_DB: `${dataDir}/sandbox.db`,
      SANDBOX_FILES_DIR: `${dataDir}/uploads`,
      DATA_DIR: dataDir,
      SETTINGS_CACHE_SECONDS: '0',
      // Fixture customers log in many times in one run; the 60 s resend rule has its contract test.
      SANDBOX_RESEND_SECONDS: '0',
      RATE_LIMIT_CODES_PER_IP: '10000',
      RATE_LIMIT_CODES_PER_TARGET: '10000',
      LOG_LEVEL: 'warn',
    },
  },
});
