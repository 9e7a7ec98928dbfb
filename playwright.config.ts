import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './scripts/browser';
import { chromiumFlags } from './scripts/chromium-flags.mjs';
import { baseURL, sandboxPort, sitePort, TEST_KEEP_ALIVE_MS } from './e2e/support/env';
import type { EngineOptions } from './e2e/engines/fixtures';

/** Per port, so two suites (say, two developers' builds) can run at once. */
const dataDir = `.data/e2e-${sitePort}`;

const launchOptions = {
  // CHROME_PATH, Debian's chromium or Playwright's own (scripts/ensure-test-tools.ts installed one if needed).
  executablePath: findChromium()?.executablePath,
  args: [...chromiumFlags],
};

export default defineConfig<object, EngineOptions>({
  testDir: 'e2e',
  // Playwright's files are *.spec.ts (and the engines' *.engine.ts); a *.test.ts is Vitest's.
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  // Per port, like the data directory, so two suites can run at once.
  outputDir: `test-results/${sitePort}`,
  // New interfaces without IPv6 for the run, so the container specs' interfaces do not abort the
  // browsers' requests (e2e/support/quiet-interfaces.ts).
  globalSetup: './e2e/support/quiet-interfaces.ts',
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // Three on two cores: a browser test waits on its page, the server and the sandbox as much as it
  // computes, and the container and load specs mostly wait on their topologies. Two workers left
  // the cores a third idle (64 % busy through the phone project, 80 % with three, 95 % with four,
  // which was slower again): CONTRIBUTING.md has the whole suite's times.
  workers: 3,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    // A trace snapshots the page at every action and films it: in CI (one retry) only the retry records
    // one, so a passing run pays nothing for it; locally (no retry) a failure keeps its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  // Desktop runs every test. The phone project (360 px wide, touch) runs only what is about phones:
  // the tests tagged '@phone' (`test(title, { tag: '@phone' }, …)`, or on a describe).
  // - layout at 360 px, the header menu and its touch targets: header.spec.ts, and the home page,
  //   a 404 and the language switch through the menu (foundation.spec.ts);
  // - each flow once end to end: a new application and a transfer (application.spec.ts,
  //   transfer.spec.ts), the login and the home page's login form, the contact form and a failed
  //   call (popups.spec.ts), the profile, its subscriptions and their details, the identity and
  //   company document uploads, the logout (profile.spec.ts), the language switch, a page that fails
  //   (errors.spec.ts);
  // - axe on every screen: the public pages and the 404 (foundation.spec.ts), every step, popup
  //   and dialog the walks above pass (their scans), and the few no walk passes: the unsuitable
  //   area and the registered-user dialog (application.spec.ts), the transfer help, the KVKK notice
  //   (consents.spec.ts).
  // The rules of each field, the keyboard-only paths, the paths off the happy one, the HTTP-level
  // checks, the standalone server, the code limits, the attack suite and the edge topology do not
  // depend on the screen: desktop alone runs them. A test tagged '@phone-only' sets the phone's
  // width itself, so desktop leaves it out.
  projects: [
    {
      name: 'desktop',
      grepInvert: /@phone-only\b/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        locale: 'tr-TR',
        launchOptions,
        // Desktop asks for reduced motion, as many people do, which the site honours (no fades, no
        // gauge sweep): its many popups open and close without a 400 ms wait for each to settle. The
        // phone project keeps the motion; E2E_MOTION=full gives it to desktop too.
        reducedMotion: process.env.E2E_MOTION === 'full' ? 'no-preference' : 'reduce',
      },
    },
    {
      name: 'phone',
      grep: /@phone\b/,
      use: {
        ...devices['Pixel 5'],
        viewport: { width: 360, height: 740 },
        browserName: 'chromium',
        locale: 'tr-TR',
        launchOptions,
      },
    },
    // The journeys in the other engines (e2e/engines/*.engine.ts, which the projects above do not
    // match): Debian's WebKitGTK and Firefox ESR, each at 1280 px, and at 390 px (an iPhone's width)
    // those tagged '@phone': the public pages, a new application, the login and the profile, the
    // contact popup. A transfer's first step and the upload run at 1280 alone: the width changes nothing in them.
    ...(['webkit', 'firefox'] as const).flatMap((engine) => [
      { name: engine, testMatch: 'engines/*.engine.ts', use: { engine, width: 1280 } },
      { name: `${engine}-phone`, testMatch: 'engines/*.engine.ts', grep: /@phone\b/, use: { engine, width: 390 } },
    ]),
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
      // Relaxed for this site only: the three fixture customers log in dozens of times a run, from
      // both projects at once, so the 60 s resend rule and 5 codes per TC number in 10 minutes would
      // refuse most of those logins. The rules themselves run with their real settings on a site and
      // sandbox of their own in e2e/code-limits.spec.ts (resend countdown, a voided old code, both 429s).
      SANDBOX_RESEND_SECONDS: '0',
      KEEP_ALIVE_TIMEOUT: TEST_KEEP_ALIVE_MS,
      // Every budget of the limits table (docs/operations.md) times 1,000: the whole run is one address.
      RATE_LIMIT_FACTOR: '1000',
      // This run's upstream is the embedded sandbox, asked for as `npm start` asks for it.
      DEMO: '1',
      LOG_LEVEL: 'warn',
    },
  },
});
