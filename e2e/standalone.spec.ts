import { expect, test } from '@playwright/test';
import { sandboxURL, sitePort } from './support/env';
import { startSite } from './support/servers';

// The deployable artefact itself: the standalone server, started with nothing but its own
// environment, as the Dockerfile runs it. The desktop project alone runs it (playwright.config.ts).

test('the standalone server serves the home page from its page cache, its scripts allowed by hash', async ({ page }) => {
  // A port of its own, beside this run's site (3100 -> 3197), so two suites can run at once.
  const site = await startSite(sitePort + 97, { API_BASE_URL: sandboxURL, SESSION_SECRET: 's'.repeat(40), SESSION_COOKIE_SECURE: 'false' });
  try {
    const response = await page.goto(`${site.url}/`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Ev internetine online başvurun' })).toBeVisible();

    // An anonymous visit: the cached page, whose policy names its inline scripts by hash (checked in
    // full in public-pages.spec.ts).
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    const html = (await response?.text()) ?? '';
    const scripts = html.match(/<script\b[^>]*\bsrc="[^"]+"[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);

    // The static chunks were copied beside the server (scripts/prepare-standalone.mjs).
    const src = /\bsrc="([^"]+)"/.exec(scripts[0]!)?.[1] ?? '';
    const chunk = await page.request.get(new URL(src, site.url).href);
    expect(chunk.status()).toBe(200);
    expect(chunk.headers()['content-type']).toContain('javascript');

    const ready = await page.request.get(`${site.url}/api/health/ready`);
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', redis: 'none', upstream: true });
    const live = await page.request.get(`${site.url}/api/health/live`);
    expect(await live.json()).toEqual({ status: 'ok' });
  } finally {
    await site.stop();
  }
});
