import http from 'node:http';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { FIXTURE_CUSTOMERS } from '@/sandbox/fixtures';
import { apiLogin } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { fileAsCustomer } from './support/consents';
import { registerCustomer } from './support/register';
import { latestCode, sandbox } from './support/sandbox';
import { closedPort, type RunningSandbox, type RunningSite, startSandbox, startSite } from './support/servers';
import { chooseAddress, chooseLevel } from './support/wizard';
import { startAtIdentity } from './support/flow-state';

// The spec's last loose ends: countries from their own call, one public origin for every
// self-reference, subscriptions newest first whatever the upstream sends, the empty subscription
// list, the discounted tariff card and the toast's maximum delay.

const nav = (page: Page) => page.getByRole('navigation', { name: /^(Ana menü|Main menu)$/ });

/** Opens the profile from the customer's name in the header. */
async function openProfile(page: Page, name: string): Promise<Locator> {
  await nav(page).getByRole('button', { name }).click();
  const profile = page.getByRole('dialog', { name: /^(Hesabım|My account)$/ });
  await expect(profile.getByRole('tablist')).toBeVisible();
  return profile;
}

/** A GET with the headers given, Host included (which fetch and Playwright's request set themselves). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    request.on('error', reject);
  });
}

/**
 * Every URL a page names about itself: canonical, hreflang alternates, Open Graph and Twitter
 * (wherever in the document: Next.js may stream metadata into the body).
 */
function selfReferences(html: string): { canonical: string[]; alternates: Map<string, string>; meta: string[] } {
    const attributes = (tag: string) => new Map([...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => [name!, value!.replaceAll('&amp;', '&')]));
  const canonical: string[] = [];
  const alternates = new Map<string, string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const link = attributes(tag);
    if (link.get('rel') === 'canonical') canonical.push(link.get('href')!);
    if (link.get('rel') === 'alternate' && link.has('hrefLang')) alternates.set(link.get('hrefLang')!, link.get('href')!);
    if (link.get('rel') === 'alternate' && link.has('hreflang')) alternates.set(link.get('hreflang')!, link.get('href')!);
  }
  const meta: string[] = [];
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/g)) {
    const entry = attributes(tag);
    const name = entry.get('property') ?? entry.get('name') ?? '';
    if (/^(og|twitter):(url|image)$/.test(name)) meta.push(entry.get('content')!);
  }
  return { canonical, alternates, meta };
}

test.describe('an upstream of its own, switched where the spec leaves it open', () => {
  // One sandbox and one site for these tests, one after the other: the switches are the sandbox's.
  test.describe.configure({ mode: 'serial' });

  const siteUrl = 'https://basvuru.example.com';
  let upstream: RunningSandbox;
  let site: RunningSite;

  test.beforeAll(async () => {
    upstream = await startSandbox({ SANDBOX_RESEND_SECONDS: '0' });
    site = await startSite(await closedPort(), {
      API_BASE_URL: upstream.url,
      SESSION_SECRET: 'l'.repeat(40),
      SESSION_COOKIE_SECURE: 'false',
      SETTINGS_CACHE_SECONDS: '0',
      RATE_LIMIT_FACTOR: '1000',
      SITE_URL: siteUrl,
    });
  });
  test.afterAll(async () => {
    await site?.stop();
    await upstream?.stop();
  });

  test('§7 countries: the nationality lists GET /app-settings/countries, the settings\' list as the fallback; §9 default nationality TR', async ({ page }) => {
    test.slow();
    // An upstream whose settings carry no countries: the list comes from the countries call.
    await sandbox('/__sandbox/settings/countries', { included: false }, upstream.url);
    // Address and package through their calls (the steps are application.spec.ts's): the identity step is the subject.
    await startAtIdentity(page, 'Daire 2', { base: site.url, sandboxBase: upstream.url });
    const nationality = page.getByLabel('Uyruk');
    const options = nationality.getByRole('option');
    await expect(nationality).toHaveValue('TR');
    await expect(options.first()).toHaveText('Türkiye');
    await expect(nationality.getByRole('option', { name: 'Almanya' })).toHaveCount(1);
    await expect(nationality.getByRole('option', { name: 'Türkiye' })).toHaveCount(1);
    const fromCall = await options.count();
    expect(fromCall).toBeGreaterThan(10);

    // The countries call fails: the settings' list stands in.
    await sandbox('/__sandbox/settings/countries', { included: true }, upstream.url);
    await sandbox('/__sandbox/fail', { calls: ['countries'] }, upstream.url);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Nüfus bilgileriniz' })).toBeVisible();
    await expect(nationality).toHaveValue('TR');
    await expect(options.first()).toHaveText('Türkiye');
    await expect(options).toHaveCount(fromCall);

    // Neither: Türkiye alone, still the default.
    await sandbox('/__sandbox/settings/countries', { included: false }, upstream.url);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Nüfus bilgileriniz' })).toBeVisible();
    await expect(options).toHaveText(['Türkiye']);
    await expect(nationality).toHaveValue('TR');

    await sandbox('/__sandbox/fail', { calls: [] }, upstream.url);
    await sandbox('/__sandbox/settings/countries', { included: true }, upstream.url);
  });

  test('§3 subscriptions newest first: an upstream that lists them oldest first; the finish line names the subscription just filed', async ({ page }) => {
    test.slow();
    await sandbox('/__sandbox/subscriptions/order', { order: 'oldest' }, upstream.url);
    const customer = FIXTURE_CUSTOMERS.approved;
    await apiLogin(page.request, customer, site.url, upstream.url);
    const ids = async () =>
      ((await (await page.request.get(`${site.url}/api/session`)).json()).data.subscriptions as Array<{ subscription_id: number }>).map((s) => s.subscription_id);
    expect(await ids()).toEqual([1003, 1002, 1001]);

    // The list shows them as the session keeps them.
    await page.goto(site.url);
    const profile = await openProfile(page, 'Ayşe Yılmaz');
    const items = profile.getByRole('list', { name: 'Abonelikleriniz' }).locator(':scope > li');
    await expect(items).toHaveCount(3);
    await expect(items.nth(0)).toContainText('01.06.2025');
    await expect(items.nth(2)).toContainText('10.03.2024');
    await page.keyboard.press('Escape');

    // A new application of the customer: the finish line shows it, not the oldest line.
    await page.goto(`${site.url}/?basvuru=yeni`);
    await chooseAddress(page, 'Daire 4');
    await page.getByRole('button', { name: 'Paket Seç' }).click();
    await page.getByRole('radio').first().check();
    await page.getByLabel('Kurulum ücreti ödeme yöntemi').selectOption({ index: 1 });
    await fileAsCustomer(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Başvurunuz alındı' })).toBeFocused();
    const after = await ids();
    const filed = Math.max(...after);
    expect(after).toEqual([filed, 1003, 1002, 1001]);
    await expect(page.getByText(/^Başvuru numaranız: \d+/)).toContainText(String(filed));

    await sandbox('/__sandbox/subscriptions/order', { order: 'newest' }, upstream.url);
  });

  test('§2 profile: an empty subscription list shows Abonelik Bulunamadı', { tag: '@phone' }, async ({ page }) => {
    test.slow();
    // A customer whose identity is approved (so the Subscriptions tab shows) and who has no subscription.
    const customer = FIXTURE_CUSTOMERS.underApproval;
    await sandbox(`/__sandbox/customers/${customer.nationality_number}/identity-status`, { status: 2 }, upstream.url);
    await apiLogin(page.request, customer, site.url, upstream.url);

    await page.goto(site.url);
    let profile = await openProfile(page, 'Zeynep Kaya');
    await expect(profile.getByRole('tab', { name: 'Abonelikler' })).toHaveAttribute('aria-selected', 'true');
    await expect(profile.getByText('Abonelik Bulunamadı', { exact: true })).toBeVisible();
    await expect(profile.getByText('Hesabınıza ait abonelik bilgisi bulunamadı.', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(`${site.url}/en`);
    profile = await openProfile(page, 'Zeynep Kaya');
    await expect(profile.getByText('No subscription found', { exact: true })).toBeVisible();
    await expect(profile.getByText('No subscription information was found for your account.', { exact: true })).toBeVisible();
  });

  test('DESIGN §4 one public origin: canonical, hreflang, Open Graph, the sitemap and robots.txt name SITE_URL, whatever host was asked', async () => {
    const hosts: Record<string, string>[] = [
      {},
      { Host: 'www.basvuru.example.com', 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      { Host: 'intranet.internal:8080', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'http' },
    ];
    const pages = [
      { path: '/', canonical: '/' },
      { path: '/nasil-yapilir', canonical: '/nasil-yapilir' },
      { path: '/en', canonical: '/en' },
      { path: '/en/how-to', canonical: '/en/how-to' },
      // An open flow renders per request, not from the public page cache.
      { path: '/?basvuru=yeni', canonical: '/' },
    ];
    const expectOwnOrigin = (url: string, what: string) => expect(url.startsWith(`${siteUrl}/`) || url === siteUrl, `${what}: ${url}`).toBe(true);
    // The home page's URL with or without its slash.
    const bare = (url: string) => url.replace(/\/$/, '');
    for (const headers of hosts) {
      const asked = JSON.stringify(headers);
      for (const { path, canonical } of pages) {
        const answer = await rawGet(`${site.url}${path}`, { Accept: 'text/html', ...headers });
        expect(answer.status, `${path} ${asked}`).toBe(200);
        // No header names a host (next-intl's hreflang Link header is off).
        for (const name of ['link', 'location', 'content-location']) {
          expect(String(answer.headers[name] ?? ''), `${name} of ${path} ${asked}`).not.toMatch(/127\.0\.0\.1|internal|evil|www\./);
        }
        const references = selfReferences(answer.text);
        expect(references.canonical.map(bare), `${path} ${asked}`).toEqual([`${siteUrl}${canonical === '/' ? '' : canonical}`]);
        const english = path.startsWith('/en');
        const twin = { '/': '/en', '/nasil-yapilir': '/en/how-to', '/en': '', '/en/how-to': '/nasil-yapilir' }[canonical]!;
        expect(Object.fromEntries([...references.alternates].map(([tag, url]) => [tag, bare(url)])), `${path} ${asked}`).toEqual({
          'tr-TR': `${siteUrl}${english ? twin : canonical === '/' ? '' : canonical}`,
          'en-US': `${siteUrl}${english ? canonical : twin}`,
          'x-default': `${siteUrl}${english ? twin : canonical === '/' ? '' : canonical}`,
        });
        expect(references.meta.length, `${path} ${asked}`).toBeGreaterThanOrEqual(2);
        for (const url of [...references.canonical, ...references.alternates.values(), ...references.meta]) expectOwnOrigin(url, `${path} ${asked}`);
        expect(answer.text, `${path} ${asked}`).not.toMatch(/127\.0\.0\.1|intranet\.internal|evil\.example|www\.basvuru/);
      }
      const sitemap = await rawGet(`${site.url}/sitemap.xml`, headers);
      const urls = [...sitemap.text.matchAll(/(?:<loc>|href=")([^<"]+)/g)].map(([, url]) => url!);
      expect(urls.length, asked).toBeGreaterThanOrEqual(4);
      for (const url of urls) expectOwnOrigin(url, `sitemap ${asked}`);
      const robots = await rawGet(`${site.url}/robots.txt`, headers);
      expect(robots.text, asked).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
      expect(robots.text, asked).not.toMatch(/127\.0\.0\.1|internal|evil|www\./);
    }
  });
});

test("§2 package: a crossed-out price when a discount price exists, and Öde, Kullan, in both languages; §2 package: each card says its speed, N Mbps'e kadar", async ({ page }) => {
  test.slow();
  const card = (name: string) => page.locator('fieldset label').filter({ has: page.getByText(name, { exact: true }) });
  const crossedOut = async (locator: Locator) => locator.locator('s').evaluate((element) => getComputedStyle(element).textDecorationLine);

  await page.goto('/?basvuru=yeni');
  // Door 1: gigabit fibre, so every fibre tariff can be chosen.
  await chooseAddress(page, 'Daire 1');
  await page.getByRole('button', { name: 'Paket Seç' }).click();
  const discounted = card('Limitsiz Fiber 100');
  await expect(discounted.locator('s')).toHaveText('Eski fiyat: 499,90 TL');
  expect(await crossedOut(discounted)).toContain('line-through');
  // What the buyer pays in the first months (the welcome discount runs): the summary's figure.
  await expect(discounted.locator('strong')).toHaveText('419,90 TL');
  await expect(discounted).toContainText('Öde, Kullan');
  // A tariff without a discount price shows its price, nothing crossed out.
  const plain = card('Limitsiz Fiber 200');
  await expect(plain.locator('s')).toHaveCount(0);
  await expect(plain.locator('strong')).toHaveText('569,90 TL');
  await expect(plain).toContainText('Öde, Kullan');
  // Each card's speed, under its name.
  for (const [name, speed] of [['Limitsiz Fiber 100', '100'], ['Limitsiz Fiber 200', '200'], ['Limitsiz Fiber 1000', '1000']] as const) {
    await expect(card(name).getByText(/Mbps'e kadar$/)).toHaveText(`${speed} Mbps'e kadar`);
  }

  await page.goto('/en?basvuru=yeni');
  await chooseLevel(page, 'Province', 'İstanbul');
  await chooseLevel(page, 'District', 'Kadıköy');
  await chooseLevel(page, 'Neighbourhood');
  await chooseLevel(page, 'Street/Avenue');
  await chooseLevel(page, 'Building');
  await chooseLevel(page, 'Inner door no', 'Daire 1');
  await page.getByRole('button', { name: 'Choose a package' }).click();
  await expect(discounted.locator('s')).toHaveText('Old price: 499.90 TL');
  expect(await crossedOut(discounted)).toContain('line-through');
  await expect(discounted.locator('strong')).toHaveText('419.90 TL');
  await expect(discounted).toContainText('Prepaid: pay, then use');
  await expect(plain.locator('s')).toHaveCount(0);
  await expect(plain).toContainText('Prepaid: pay, then use');
});

test('§9 toasts: maximum animation delay 6000 ms: a toast that cannot start within 6 s is dropped, one that can is shown', async ({ browser, baseURL }) => {
  /**
   * Logs a new customer in, opens the profile, holds back every script asked for from then on, and
   * logs out: the logout's toast is asked for while the toaster's code (sonner, loaded with the first
   * toast) is held. The page's clock then moves on by `delayMs` (Playwright's clock: the page's
   * Date.now() and timers) before the scripts arrive, as if they had taken that long. Every toast
   * the page ever draws is recorded, so one that showed and went is still seen.
   */
  const logOutWithScriptsDelayed = async (delayMs: number) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const customer = await registerCustomer(page.request);
    await page.goto('/');
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { e2eToasts: string[] }).e2eToasts = seen;
      new MutationObserver(() => {
        for (const toast of document.querySelectorAll('[data-sonner-toast]')) if (!seen.includes(toast.textContent ?? '')) seen.push(toast.textContent ?? '');
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    const profile = await openProfile(page, customer.name);
    // The fake clock from here on only (installed into the open page): the page loads and the profile opens in real time.
    await page.clock.install();
    let held = 0;
    let release = () => {};
    const arrived = new Promise<void>((resolve) => (release = resolve));
    await page.route((url) => url.pathname.startsWith('/_next/static/') && url.pathname.endsWith('.js'), async (route) => {
      held++;
      await arrived;
      await route.continue().catch(() => {});
    });
    await profile.getByRole('button', { name: 'Çıkış Yap' }).click();
    // Logged out: the toast was asked for at that moment (profile-content.tsx), and its code is held.
    await expect(nav(page).getByRole('button', { name: 'Başvuru Sorgulama' })).toBeVisible();
    await expect.poll(() => held).toBeGreaterThan(0);
    await page.clock.fastForward(delayMs);
    release();
    // sonner has loaded and the toaster is mounted: its live region is in the page whether the toast is shown or not.
    await expect(page.locator('section[data-react-aria-top-layer][aria-label^="Bildirimler"]')).toBeAttached();
    const toasts = () => page.evaluate(() => (window as unknown as { e2eToasts: string[] }).e2eToasts);
    return { page, context, customer, toasts };
  };

  const late = await logOutWithScriptsDelayed(7_000);
  // A later toast, asked for after the logout's: its turn comes after the logout's (both wait for the
  // same toaster), so once it is drawn the logout's was dropped or drawn before it. The welcome of a
  // login through the home page's form.
  const form = late.page.getByRole('region', { name: 'Müşteri Girişi' });
  await form.getByLabel('TC Kimlik No').fill(late.customer.nationality_number);
  await form.getByRole('button', { name: 'Giriş Yap' }).click();
  await expect(form.getByLabel('SMS Kodu')).toBeFocused();
  await form.getByLabel('SMS Kodu').fill(await latestCode(late.customer.phone));
  await form.getByRole('button', { name: 'Kodu Onayla' }).click();
  await expect(late.page.getByText(`Hoş geldiniz, ${late.customer.name}.`)).toBeVisible();
  const drawn = await late.toasts();
  expect(drawn.some((text) => text.includes('Hoş geldiniz'))).toBe(true);
  expect(drawn.filter((text) => text.includes('Oturumunuz kapatıldı.'))).toEqual([]);
  await late.context.close();

  const inTime = await logOutWithScriptsDelayed(2_000);
  await expect(inTime.page.getByText('Oturumunuz kapatıldı.')).toBeVisible();
  expect((await inTime.toasts()).some((text) => text.includes('Oturumunuz kapatıldı.'))).toBe(true);
  await inTime.context.close();
});
