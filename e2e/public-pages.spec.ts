import { expect, type Page, type Response, test } from '@playwright/test';
import { FIXTURE_CUSTOMERS } from '@/sandbox/fixtures';
import { apiLogin } from './support/api';
import { directives, inlineScriptSources } from './support/csp';
import { sandboxURL } from './support/env';
import { heldUpstream } from './support/held-upstream';
import { sandbox } from './support/sandbox';
import { closedPort, type RunningSite, startSandbox, startSite } from './support/servers';
import { openHeaderMenu } from './support/header';

// Anonymous public pages come from Next.js's cache (proxy.ts rewrites a view to app/api/page,
// lib/pages/public-page.ts) under a CSP that names their inline scripts by hash, with no cookie, so the
// edge may keep them; everything else renders per request under a nonce. A site of its own keeps
// pages for 30 s (the suite's main site renders every time: SETTINGS_CACHE_SECONDS=0). What the
// edge does with them is e2e/edge.spec.ts.

const publicPaths = ['/', '/nasil-yapilir', '/erisilebilirlik', '/cerezler', '/en', '/en/how-to', '/en/accessibility', '/en/cookies'];

/** What a browser's page view asks for (API clients' default is any type). */
const documentHeaders = { Accept: 'text/html,application/xhtml+xml' };

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
    for (const path of publicPaths) {
      // A browser's view, and a client that sends no Accept at all (curl, monitors, crawlers): the same page.
      const first = await request.get(`${site.url}${path}`, { headers: documentHeaders });
      const second = await request.get(`${site.url}${path}`, { headers: { Accept: '*/*' } });
      expect(first.status(), path).toBe(200);
      const html = await first.text();
      // Cached: the same page for every visitor, so no nonce can be in it.
      expect(html, path).not.toContain('nonce=');
      expect(await second.text(), path).toBe(html);

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
      // Shared caches may keep it a short while; browsers ask again. Nothing per visitor on it.
      expect(first.headers()['cache-control'], path).toBe('public, max-age=0, s-maxage=10');
      expect(first.headers()['set-cookie'], path).toBeUndefined();
      expect(first.headers()['link'], path).toBeUndefined();
    }
  });

  test('a view with a cookie that is no session, or with a campaign query, gets the same page', async ({ request }) => {
    // Without a cookie next.config.ts rewrites the view; with one, proxy.ts does (lib/pages/shared-view.ts).
    const plain = await (await request.get(`${site.url}/en`, { headers: documentHeaders })).text();
    const views: [what: string, url: string, headers: Record<string, string>][] = [
      ['the XSRF cookie', `${site.url}/en`, { ...documentHeaders, Cookie: 'XSRF-TOKEN=abc' }],
      ['a campaign query', `${site.url}/en?utm_source=ads`, documentHeaders],
    ];
    for (const [what, url, headers] of views) {
      const answer = await request.get(url, { headers });
      expect(answer.status(), what).toBe(200);
      expect(await answer.text(), what).toBe(plain);
      expect(answer.headers()['set-cookie'], what).toBeUndefined();
    }
  });

  test('a public page sets no cookie, and the first call that changes something still has its XSRF cookie', async ({ page, request }) => {
    const customer = FIXTURE_CUSTOMERS.notSent;
    const document = await page.goto(`${site.url}/#giris`);
    expect((await document!.allHeaders())['set-cookie']).toBeUndefined();
    const login = page.getByRole('dialog', { name: 'Giriş Yap' });
    await login.getByLabel('TC Kimlik No').pressSequentially(customer.nationality_number);
    await login.getByRole('button', { name: 'Giriş Yap' }).click();
    await expect(login.getByText('Giriş kodu telefonunuza SMS olarak gönderildi.')).toBeVisible();
    expect((await page.context().cookies()).map((cookie) => cookie.name)).toContain('XSRF-TOKEN');
    // The client fetcher's fallback when nothing else set one yet (app/api/xsrf): a token once, never replaced.
    const fresh = await request.get(`${site.url}/api/xsrf`, { headers: { Cookie: '' } });
    expect(fresh.status()).toBe(204);
    expect(fresh.headers()['set-cookie']).toMatch(/^XSRF-TOKEN=[0-9a-f]{32}; Path=\/; SameSite=strict$/);
    expect(fresh.headers()['cache-control']).toBe('no-store');
    // The answer names the token too: WebKit's document.cookie shows the new cookie only a moment later.
    expect(fresh.headers()['set-cookie']).toContain(`XSRF-TOKEN=${fresh.headers()['x-xsrf-token']};`);
    const known = await request.get(`${site.url}/api/xsrf`, { headers: { Cookie: 'XSRF-TOKEN=abc' } });
    expect(known.headers()['set-cookie']).toBeUndefined();
    expect(known.headers()['x-xsrf-token']).toBe('abc');
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
    await page.context().clearCookies();
    await page.goto(`${site.url}/`);
    const payload = page.waitForResponse((response) => response.url().includes('_rsc='));
    await (await openHeaderMenu(page)).getByRole('link', { name: 'Nasıl Başvuru Yapılır ?' }).click();
    expect((await payload).headers()['content-type']).toContain('text/x-component');
    await expect(page.getByRole('heading', { level: 1, name: 'Nasıl Yapılır ?' })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('a view of a public page asks the instances for nothing more: no link is prefetched, in view or under the pointer', async ({ page }) => {
    const routerFetches: string[] = [];
    page.on('request', (request) => {
      if (request.headers()['rsc'] || request.url().includes('_rsc=')) routerFetches.push(request.url());
    });
    for (const path of publicPaths) {
      await page.goto(`${site.url}${path}`);
      await page.waitForLoadState('networkidle');
    }
    await page.goto(`${site.url}/`);
    await page.getByRole('link', { name: 'Yeni Başvuru' }).hover();
    await page.waitForLoadState('networkidle');
    expect(routerFetches).toEqual([]);
  });

  test("a router fetch never gets the public page's HTML, whatever it asks for", async ({ request }) => {
    for (const headers of [{ RSC: '1' }, { RSC: '1', 'Next-Router-Prefetch': '1', Accept: 'text/html' }] as Record<string, string>[]) {
      const response = await request.get(`${site.url}/nasil-yapilir`, { headers });
      expect(response.headers()['content-type'], JSON.stringify(headers)).toContain('text/x-component');
    }
    const withQuery = await request.get(`${site.url}/nasil-yapilir?_rsc=abc`, { headers: documentHeaders });
    expect(directives(withQuery.headers()['content-security-policy'] ?? '').get('script-src')?.some((source) => source.startsWith("'nonce-"))).toBe(true);
  });

  test('build assets come from Next.js with its immutable cache policy and the strict policy for files', async ({ page }) => {
    const scripts = new Map<string, Response>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.set(response.url(), response);
    });
    await page.goto(`${site.url}/en/how-to`);
    await expect(page.getByRole('heading', { level: 1, name: 'How to apply' })).toBeVisible();
    const assets = [...scripts.values()].filter((response) => new URL(response.url()).pathname.startsWith('/_next/static/'));
    expect(assets.length).toBeGreaterThan(4);
    for (const response of assets) {
      const headers = await response.allHeaders();
      expect(headers['cache-control'], response.url()).toBe('public, max-age=31536000, immutable');
      expect(headers['x-content-type-options'], response.url()).toBe('nosniff');
    }
  });

  test('an open application flow, a view with a session and a query, and a 404 render per request under a nonce', async ({ request }) => {
    const perRequest = [
      // A customer's view of a public page is the customers' template (e2e/customer-pages.spec.ts).
      await request.get(`${site.url}/?utm_source=ads`, { headers: { ...documentHeaders, Cookie: 'ob_session=a-session-this-site-cannot-read' } }),
      await request.get(`${site.url}/?basvuru=yeni`, { headers: documentHeaders }),
      // Made-up paths are never kept: they cost no cache entry.
      await request.get(`${site.url}/bu-sayfa-yok`, { headers: documentHeaders }),
      await request.get(`${site.url}/en/no-such-page`, { headers: documentHeaders }),
      // Paths that only start like the backend-for-frontend's or Next.js's are pages (404s) too.
      await request.get(`${site.url}/apix`, { headers: documentHeaders }),
      await request.get(`${site.url}/api-docs`, { headers: documentHeaders }),
      await request.get(`${site.url}/_nextx`, { headers: documentHeaders }),
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

  test("a forged render marker gets what anyone gets: never a page without a policy", async ({ request }) => {
    for (const path of ['/', '/?x=1']) {
      const forged = await request.get(`${site.url}${path}`, { headers: { ...documentHeaders, 'x-page-render': 'guessed' } });
      expectStrictPolicy(directives(forged.headers()['content-security-policy'] ?? ''));
    }
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
    // The public page and the settings each live SETTINGS_CACHE_SECONDS in Next.js's cache, and
    // each answers once more from its stale entry while it revalidates: at most three lifetimes,
    // and a second for the render.
    await expect.poll(home, { timeout: (3 * revalidateSeconds + 1) * 1000, intervals: [250] }).not.toContain('Hoş Geldin İndirimi');
  } finally {
    await site.stop();
    await upstream.stop();
  }
});

const revalidateSecret = 'r'.repeat(40);

/** A site of its own that keeps its pages 600 s: only the revalidation call (`revalidateSecret`) explains a change. */
const siteKeepingPages = async (upstream: string, env: Record<string, string> = {}) =>
  startSite(await closedPort(), {
    API_BASE_URL: upstream,
    SESSION_SECRET: 'k'.repeat(40),
    SESSION_COOKIE_SECURE: 'false',
    SETTINGS_CACHE_SECONDS: '600',
    REVALIDATE_SECRET: revalidateSecret,
    ...env,
  });

test('the revalidation call, with its secret, takes a settings change to the public pages at once', async ({ request }) => {
  const upstream = await startSandbox();
  const site = await siteKeepingPages(upstream.url);
  try {
    const page = async (path: string) => (await request.get(`${site.url}${path}`, { headers: documentHeaders })).text();
    expect(await page('/')).toContain('Hoş Geldin İndirimi');
    // The English page says the campaign from its own template.
    expect(await page('/en')).toContain('Welcome discount');
    await sandbox('/__sandbox/settings/campaign', { end_date: '2020-01-31' }, upstream.url);
    expect(await page('/')).toContain('Hoş Geldin İndirimi');
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${revalidateSecret}x`]) {
      const refused = await request.post(`${site.url}/api/revalidate`, { headers: authorization ? { Authorization: authorization } : {} });
      expect(refused.status(), authorization).toBe(401);
    }
    expect(await page('/')).toContain('Hoş Geldin İndirimi');
    const accepted = await request.post(`${site.url}/api/revalidate`, { headers: { Authorization: `Bearer ${revalidateSecret}` } });
    expect(accepted.status()).toBe(200);
    expect(await page('/')).not.toContain('Hoş Geldin İndirimi');
    expect(await page('/en')).not.toContain('Welcome discount');
  } finally {
    await site.stop();
    await upstream.stop();
  }
});

test('a render under way when the revalidation call comes keeps nothing of the settings it read before it', async ({ request }) => {
  const upstream = await startSandbox();
  // The settings call of the first render is answered with the campaign, and held on its way back.
  const held = await heldUpstream(upstream.url, '/get-settings');
  const site = await siteKeepingPages(held.url);
  try {
    const page = async (path: string) => (await request.get(`${site.url}${path}`, { headers: documentHeaders })).text();
    const first = page('/');
    await held.asked;
    await sandbox('/__sandbox/settings/campaign', { end_date: '2020-01-31' }, upstream.url);
    const accepted = await request.post(`${site.url}/api/revalidate`, { headers: { Authorization: `Bearer ${revalidateSecret}` } });
    expect(accepted.status()).toBe(200);
    // The render began before the call: its visitor may see the campaign, nobody after it.
    held.release();
    await first;
    expect((await page('/')).includes('Hoş Geldin İndirimi'), 'the campaign on /').toBe(false);
    expect((await page('/en')).includes('Welcome discount'), 'the campaign on /en').toBe(false);
  } finally {
    await site.stop();
    await held.close();
    await upstream.stop();
  }
});

test('the revalidation call while the shared Redis is down is refused with 503, for the caller to try again', async ({ request }) => {
  const upstream = await startSandbox();
  // Nothing listens at REDIS_URL: the other instances could not learn of a new revision.
  const site = await siteKeepingPages(upstream.url, { REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
  try {
    const refused = await request.post(`${site.url}/api/revalidate`, { headers: { Authorization: `Bearer ${revalidateSecret}` } });
    expect(refused.status()).toBe(503);
    expect(refused.headers()['retry-after']).toBe('5');
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

test('the header is painted whole: nothing in it moves while the rest of the page is parsed', async ({ browser }) => {
  // On a slow computer (here the CPU 6 × slower) Chromium painted between the parser's slices, at
  // times with the header parsed only in part: its logo and menu moved when the rest came in (up to
  // 0.006 of layout shift; the logged-in test above once met it). The head's render-blocking
  // `expect` link (app/locale-document.tsx) holds the first paint until the main content begins.
  for (const [path, load] of [['/', 1], ['/', 2], ['/', 3], ['/', 4], ['/en', 1], ['/en', 2]] as const) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'tr-TR' });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const moved: string[] = [];
      (window as unknown as { moved: string[] }).moved = moved;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node | null }[] })[]) {
          for (const { node } of entry.sources) {
            const element = node instanceof Element ? node : (node?.parentElement ?? null);
            if (element?.closest('header')) moved.push(`${entry.value.toFixed(5)} ${element.outerHTML.slice(0, 60)}`);
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { moved: string[] }).moved), `${path}, load ${load}`).toEqual([]);
    await context.close();
  }
});
