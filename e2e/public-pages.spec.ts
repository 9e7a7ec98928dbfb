import { createHash } from 'node:crypto';
import { expect, type Page, request as requests, type Response, test } from '@playwright/test';
import { FIXTURE_CUSTOMERS } from '@/sandbox/fixtures';
import { apiLogin } from './support/api';
import { sandboxURL } from './support/env';
import { sandbox } from './support/sandbox';
import { closedPort, type RunningSite, startSandbox, startSite } from './support/servers';
import { openHeaderMenu } from './support/header';

// Anonymous public pages come from the page cache (proxy.ts, lib/page-cache.ts) under a CSP that
// names their inline scripts by hash; everything else renders per request under a nonce. A site of
// its own keeps pages for 30 s (the suite's main site renders every time: SETTINGS_CACHE_SECONDS=0).

const publicPaths: [path: string, status: number][] = [
  ['/', 200],
  ['/nasil-yapilir', 200],
  ['/en', 200],
  ['/en/how-to', 200],
  ['/bu-sayfa-yok', 404],
  ['/en/no-such-page', 404],
];

/** What a browser's page view asks for (API clients' default is any type). */
const documentHeaders = { Accept: 'text/html,application/xhtml+xml' };

/** The directives of a Content-Security-Policy header, each with its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** The sources every inline script of `html` needs: its exact text's SHA-256. */
function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\bsrc=/.test(attributes!) && !/type="application\/ld\+json"/.test(attributes!))
    .map(([, , text]) => `'sha256-${createHash('sha256').update(text!).digest('base64')}'`);
}

/** What today's nonce policy guarantees besides scripts; a cached page's policy must keep all of it. */
function expectStrictPolicy(policy: Map<string, string[]>) {
  const scripts = policy.get('script-src') ?? [];
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  // Only this origin and exact hashes or a nonce: no host, scheme or wildcard source.
  for (const source of scripts) expect(source).toMatch(/^'(self|strict-dynamic|nonce-[A-Za-z0-9+/=]+|sha256-[A-Za-z0-9+/=]+)'$/);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
  expect(policy.get('form-action')).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('connect-src')).toEqual(["'self'"]);
}

async function collectViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportViolation(text: string): void }).reportViolation(`${event.violatedDirective} ${event.blockedURI}`),
    ),
  );
  return violations;
}

test.describe('anonymous public pages from the page cache', () => {
  test.describe.configure({ mode: 'serial' });
  let site: RunningSite;

  test.beforeAll(async () => {
    // A free port: the desktop and phone projects each start one at the same time.
    site = await startSite(await closedPort(), { API_BASE_URL: sandboxURL, SESSION_SECRET: 'p'.repeat(40), SESSION_COOKIE_SECURE: 'false', SETTINGS_CACHE_SECONDS: '30' });
  });
  test.afterAll(async () => site?.stop());

  test('every public page, in both languages, is the same cached HTML under a policy naming exactly its inline scripts', async ({ request }) => {
    for (const [path, status] of publicPaths) {
      const first = await request.get(`${site.url}${path}`, { headers: documentHeaders });
      const second = await request.get(`${site.url}${path}`, { headers: documentHeaders });
      expect(first.status(), path).toBe(status);
      const html = await first.text();
      // Cached: the same page for every visitor, so no nonce can be in it. (Each of the cluster's
      // workers keeps its own copy, and two renders may order a tag's attributes differently, so
      // the two answers are compared by their inline scripts, not byte for byte.)
      expect(html, path).not.toContain('nonce=');
      expect(await second.text(), path).not.toContain('nonce=');
      expect(inlineScriptSources(await second.text()).sort(), path).toEqual(inlineScriptSources(html).sort());

      const policy = directives(first.headers()['content-security-policy'] ?? '');
      expectStrictPolicy(policy);
      const scripts = policy.get('script-src')!;
      expect(scripts.some((source) => source.startsWith("'nonce-")), path).toBe(false);
      const needed = inlineScriptSources(html);
      expect(needed.length, path).toBeGreaterThan(0);
      for (const source of needed) expect(scripts, `${path}: an inline script is not allowed`).toContain(source);
      // Nothing allowed beyond them.
      expect(scripts.filter((source) => source.startsWith("'sha256-")).sort(), path).toEqual([...new Set(needed)].sort());
      expect(first.headers()['x-content-type-options'], path).toBe('nosniff');
      expect(first.headers()['cache-control'], path).toBe('private, no-cache');
    }
  });

  test("the server's workers answer a cached page again without Next.js: same page, own XSRF cookie, no marker", async () => {
    const answers = [];
    for (let i = 0; i < 8; i++) {
      // A fresh visitor each time: a context of its own, so no cookie goes back.
      const visitor = await requests.newContext();
      const response = await visitor.get(`${site.url}/nasil-yapilir`, { headers: documentHeaders });
      answers.push({ headers: response.headers(), html: await response.text() });
      await visitor.dispose();
    }
    // Next.js streams its answer; a worker's replay knows the length of what it recorded.
    expect(answers.some(({ headers }) => headers['content-length'] !== undefined)).toBe(true);
    for (const { headers, html } of answers) {
      expect(headers['x-ob-replay']).toBeUndefined();
      expect(html).toContain('Nasıl Yapılır ?');
      expect(inlineScriptSources(html).sort()).toEqual(inlineScriptSources(answers[0]!.html).sort());
      expect(headers['content-security-policy']).toBe(answers[0]!.headers['content-security-policy']);
    }
    const tokens = answers.map(({ headers }) => /XSRF-TOKEN=([0-9a-f]{32})/.exec(headers['set-cookie'] ?? '')?.[1]);
    expect(tokens.every(Boolean)).toBe(true);
    expect(new Set(tokens).size).toBe(tokens.length);
    // A cookie the worker does not know (analytics, say) keeps a visitor out of the replay: the
    // proxy's cached page comes through Next.js, and the marker still stays on the server.
    for (let i = 0; i < 2; i++) {
      const other = await requests.newContext();
      const response = await other.get(`${site.url}/nasil-yapilir`, { headers: { ...documentHeaders, cookie: '_ga=GA1.1.1' } });
      expect(await response.text()).toContain('Nasıl Yapılır ?');
      expect(response.headers()['x-ob-replay']).toBeUndefined();
      await other.dispose();
    }
  });

  test('a cached page runs in Chromium without a policy violation, answers clicks and navigates', async ({ page }) => {
    const violations = await collectViolations(page);
    for (const [path, contact] of [['/', 'İletişim Formu'], ['/en/how-to', 'Contact form']] as const) {
      await page.goto(`${site.url}${path}`);
      await (await openHeaderMenu(page)).getByRole('button', { name: contact }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
    }
    // A client-side navigation from a cached page asks for the next page's RSC payload, not its HTML.
    // (Without the locale cookie the English pages set: / is Turkish again.)
    await page.context().clearCookies();
    await page.goto(`${site.url}/`);
    const payload = page.waitForResponse((response) => response.url().includes('_rsc='));
    await (await openHeaderMenu(page)).getByRole('link', { name: 'Nasıl Başvuru Yapılır ?' }).click();
    expect((await payload).headers()['content-type']).toContain('text/x-component');
    await expect(page.getByRole('heading', { level: 1, name: 'Nasıl Yapılır ?' })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test("the links' prefetches of anonymous visitors are answered by the workers, and the links still go where they say", async ({ browser }) => {
    // Each visitor's two choice links are prefetched (route tree, then metadata) as soon as the page
    // has hydrated. The workers record them like pages: later visitors get them from memory.
    let replayed = 0;
    for (let visitor = 1; visitor <= 3; visitor++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const violations = await collectViolations(page);
      const prefetches: Response[] = [];
      page.on('response', (response) => {
        if (response.request().headers()['next-router-prefetch']) prefetches.push(response);
      });
      await page.goto(`${site.url}/`);
      await expect.poll(() => prefetches.length, { message: `visitor ${visitor}'s prefetches` }).toBeGreaterThanOrEqual(4);
      for (const response of prefetches) {
        const headers = await response.allHeaders();
        expect(response.status(), response.url()).toBe(200);
        expect(headers['content-type'], response.url()).toContain('text/x-component');
        expect(headers['x-ob-replay'], response.url()).toBeUndefined();
        // Next.js streams its answer; a worker's replay knows the length of what it recorded.
        if (visitor > 1 && headers['content-length'] !== undefined) replayed += 1;
      }
      if (visitor === 3) {
        await page.getByRole('link', { name: 'Yeni Başvuru' }).click();
        await expect(page).toHaveURL(/basvuru=yeni/);
        await expect(page.getByRole('heading', { level: 1, name: 'Yeni Başvuru' })).toBeVisible();
      }
      expect(violations).toEqual([]);
      await context.close();
    }
    expect(replayed).toBeGreaterThan(0);
  });

  test('a browser gets the build assets and a cached page in brotli, under the headers Next.js gives them', async ({ page }) => {
    const violations = await collectViolations(page);
    const scripts = new Map<string, Response>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.set(response.url(), response);
    });
    // The worker compresses the page itself, from the first view on: Next.js only has gzip
    // (scripts/page-replay.cjs); the replays that follow come from its best-compressed copy.
    for (let view = 0; view < 3; view++) {
      const document = await page.goto(`${site.url}/en/how-to`);
      expect((await document!.allHeaders())['content-encoding'], `view ${view + 1}`).toBe('br');
    }
    await expect(page.getByRole('heading', { level: 1, name: 'How to apply' })).toBeVisible();
    await (await openHeaderMenu(page)).getByRole('button', { name: 'Contact form' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();

    const assets = [...scripts.values()].filter((response) => new URL(response.url()).pathname.startsWith('/_next/static/'));
    expect(assets.length).toBeGreaterThan(4);
    for (const response of assets) {
      const headers = await response.allHeaders();
      // Copies are made of files of 1 KiB and more (scripts/static-assets.cjs); smaller ones are Next.js's to send.
      if ((await response.body()).length < 1024) continue;
      expect(headers['content-encoding'], response.url()).toBe('br');
      expect(headers['cache-control'], response.url()).toBe('public, max-age=31536000, immutable');
      expect(headers['x-content-type-options'], response.url()).toBe('nosniff');
      expectStrictPolicy(directives(headers['content-security-policy'] ?? ''));
    }
    expect(violations).toEqual([]);
  });

  test('a customer and an open application flow render per request under a nonce', async ({ request }) => {
    const perRequest = [
      await request.get(`${site.url}/`, { headers: { ...documentHeaders, Cookie: 'ob_session=a-session-this-site-cannot-read' } }),
      await request.get(`${site.url}/?basvuru=yeni`, { headers: documentHeaders }),
    ];
    for (const response of perRequest) {
      const scripts = directives(response.headers()['content-security-policy'] ?? '').get('script-src') ?? [];
      expect(scripts.some((source) => source.startsWith("'nonce-"))).toBe(true);
      expect(scripts).toContain("'strict-dynamic'");
      expect(await response.text()).toMatch(/<script[^>]* nonce="/);
    }
  });

  test('a path with a dot, a file or a 404, is under a policy that allows no inline script', async ({ request }) => {
    for (const path of ['/robots.txt', '/og-image.png', '/tr/eski-sayfa.html']) {
      const response = await request.get(`${site.url}${path}`, { headers: documentHeaders });
      const policy = directives(response.headers()['content-security-policy'] ?? '');
      expectStrictPolicy(policy);
      expect(policy.get('script-src'), path).toEqual(["'self'"]);
    }
  });

  test('only the server itself may ask for an anonymous render', async ({ request }) => {
    const forged = await request.get(`${site.url}/`, { headers: { ...documentHeaders, 'x-page-render': 'guessed' } });
    expect(forged.status()).toBe(403);
  });
});

test('a campaign that ends leaves the cached home page within the settings revalidation time', async ({ request }) => {
  // A sandbox of its own: ending the campaign must not change the pages other tests read.
  const upstream = await startSandbox();
  const revalidateSeconds = 2;
  const site = await startSite(await closedPort(), {
    API_BASE_URL: upstream.url,
    SESSION_SECRET: 'k'.repeat(40),
    SESSION_COOKIE_SECURE: 'false',
    SETTINGS_CACHE_SECONDS: String(revalidateSeconds),
  });
  try {
    const home = async () => (await request.get(`${site.url}/`, { headers: documentHeaders })).text();
    expect(await home()).toContain('Hoş Geldin İndirimi');
    await sandbox('/__sandbox/settings/campaign', { end_date: '2020-01-31' }, upstream.url);
    // The page cache and the settings' data cache each live SETTINGS_CACHE_SECONDS, and the data
    // cache answers once more from its stale entry while it revalidates: at most three lifetimes,
    // and a second for the render.
    await expect.poll(home, { timeout: (3 * revalidateSeconds + 1) * 1000, intervals: [250] }).not.toContain('Hoş Geldin İndirimi');
  } finally {
    await site.stop();
    await upstream.stop();
  }
});

test('a logged-in customer sees their name in the first HTML without a layout shift', async ({ page }) => {
  await apiLogin(page.request, FIXTURE_CUSTOMERS.notSent);
  const name = 'Mehmet Demir';
  await page.addInitScript(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const response = await page.goto('/');
  expect(await response!.text()).toContain(name);
  await expect(page.getByRole('banner')).toContainText(name);
  await page.waitForLoadState('networkidle');
  // CLS as Lighthouse reports it, to three decimals: 0.
  expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.0005);
});
