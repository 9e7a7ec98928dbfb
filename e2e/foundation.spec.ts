import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { sitePort } from './support/env';
import { FIXTURE_CUSTOMERS } from '@/sandbox/fixtures';
import { apiLogin } from './support/api';
import { openHeaderMenu } from './support/header';

test.describe('pages and languages', () => {
  test('the Turkish home page offers both applications, whatever the browser prefers; §2 home: the campaign banner with its image and its Son başvuru note', { tag: '@phone' }, async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US', extraHTTPHeaders: { 'Accept-Language': 'en-US,en;q=0.9' } });
    const page = await context.newPage();
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle(/^Online Başvuru \| /);
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr-TR');
    await expect(page.getByRole('heading', { name: 'Yeni Başvuru' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Transfer Başvurusu' })).toBeVisible();
    // The campaign banner: the settings' image, drawn, and the note of its last day, the day its text names.
    const banner = page.getByRole('complementary', { name: 'Kampanya' });
    await expect(banner.getByRole('heading', { name: 'Hoş Geldin İndirimi' })).toBeVisible();
    const image = banner.locator('img');
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute('src', '/campaign/welcome.svg');
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
    const lastDay = /(\d{1,2} \S+ \d{4}) tarihine kadar/.exec((await banner.textContent()) ?? '')?.[1];
    expect(lastDay).toBeDefined();
    await expect(banner.getByText(`Son başvuru: ${lastDay}`, { exact: true })).toBeVisible();
    await expect((await openHeaderMenu(page)).getByRole('link', { name: 'Nasıl Başvuru Yapılır ?' })).toBeVisible();
    await expect(page.locator('footer')).toContainText('V1.0.0');
    await context.close();
  });

  test('the how-to page lists the seven steps with valid HowTo data; §2 how-to: each of the seven steps with its title and text', async ({ page }) => {
    await page.goto('/nasil-yapilir');
    await expect(page).toHaveTitle(/^Nasıl Yapılır \? \| /);
    await expect(page.getByRole('heading', { level: 1, name: 'Nasıl Yapılır ?' })).toBeVisible();
    const steps = page.getByRole('list', { name: 'Başvuru adımları' }).getByRole('listitem');
    await expect(steps).toHaveCount(7);
    await expect(steps.nth(3)).toContainText('e-Devlet');
    // The spec's seven steps, in its order: the record, the ID, the approval mail, e-Devlet, the
    // regulator's e-registration page, the approval, the onboarding mail.
    const written: [title: string, text: string][] = [
      ['Kaydı oluşturun', 'Yeni Başvuru veya Transfer Başvurusu ile adresinizi sorgulayın, tarifenizi seçin, kimlik bilgilerinizi girin ve telefonunuzu ile e-posta adresinizi onay kodlarıyla doğrulayın.'],
      ['Kimliğinizi yükleyin', 'TC kimlik numaranız ve SMS koduyla giriş yapın; Kimlik Bilgileri sekmesinden kimlik kartınızın ön ve arka yüzünün okunaklı görüntülerini (PDF, JPEG veya PNG, en fazla 4 MB) yükleyin.'],
      ['Onay e-postasını bekleyin', 'Kimliğiniz ve başvurunuz incelendikten sonra, e-Devlet onayına geçebileceğinizi bildiren bir e-posta alırsınız.'],
      ["e-Devlet'e giriş yapın", "e-Devlet Kapısı'na internet bankacılığı veya elektronik imza ile giriş yapın."],
      ['e-Kayıt onay sayfasına gidin', "Bilgi Teknolojileri ve İletişim Kurumu'nun elektronik kayıt onay hizmetini açın; işletmeci türü olarak Haberleşme'yi, ardından sağlayıcı olarak bizi seçin."],
      ['Başvurunuzu onaylayın', 'Güncel başvurularınızı görüntüleyin, abonelik koşullarını okuyup kabul edin ve başvurunuzu onaylayın.'],
      ['Aboneliğiniz tamamlanır', 'Onayınızın ardından aboneliğiniz tamamlanır; müşteri karşılama sürecini anlatan e-posta ile kurulum bilgilerini alırsınız.'],
    ];
    for (const [index, [title, text]] of written.entries()) {
      await expect(steps.nth(index).getByRole('heading', { name: title, exact: true })).toBeVisible();
      await expect(steps.nth(index).getByText(text, { exact: true })).toBeVisible();
    }

    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(jsonLd['@context']).toBe('https://schema.org');
    expect(jsonLd['@type']).toBe('HowTo');
    expect(jsonLd.step).toHaveLength(7);
    expect(jsonLd.step[0]).toMatchObject({ '@type': 'HowToStep', position: 1, name: 'Kaydı oluşturun' });
  });

  test('English lives under /en with its own slugs', async ({ page }) => {
    await page.goto('/en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page).toHaveTitle(/^Online Application \| /);
    await expect(page.getByRole('heading', { name: 'New application' })).toBeVisible();

    await page.goto('/en/how-to');
    await expect(page.getByRole('heading', { level: 1, name: 'How to apply' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Application steps' }).getByRole('listitem')).toHaveCount(7);
  });

  test('pages name their other-language versions for search engines', async ({ page }) => {
    await page.goto('/nasil-yapilir');
    await expect(page.locator('link[rel="alternate"][hreflang="en-US"]')).toHaveAttribute('href', /\/en\/how-to$/);
    await expect(page.locator('link[rel="alternate"][hreflang="tr-TR"]')).toHaveAttribute('href', /\/nasil-yapilir$/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/nasil-yapilir$/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Nasıl Yapılır \?/);
    const image = await page.locator('meta[property="og:image"]').getAttribute('content');
    const response = await page.request.get(new URL(image ?? '', page.url()).pathname);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
  });

  test('without SITE_URL, canonical, hreflang, the sitemap and robots.txt name the port the site is served on', async ({ page }) => {
    // The suite's site runs on its own port in demo mode with no SITE_URL (playwright.config.ts).
    const origin = `http://localhost:${sitePort}`;
    await page.goto('/nasil-yapilir');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}/nasil-yapilir`);
    await expect(page.locator('link[rel="alternate"][hreflang="en-US"]')).toHaveAttribute('href', `${origin}/en/how-to`);
    const sitemap = await (await page.request.get('/sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>${origin}/nasil-yapilir</loc>`);
    expect(await (await page.request.get('/robots.txt')).text()).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });

  test('the language switch moves to the same page and is remembered', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/nasil-yapilir');
    await (await openHeaderMenu(page)).getByRole('link', { name: 'Switch to English' }).click();
    await expect(page).toHaveURL(/\/en\/how-to$/);
    await expect(page.getByRole('heading', { level: 1, name: 'How to apply' })).toBeVisible();

    await page.goto('/');
    await expect(page).toHaveURL(/\/en$/);

    await (await openHeaderMenu(page)).getByRole('link', { name: "Türkçe'ye geç" }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByRole('heading', { name: 'Yeni Başvuru' })).toBeVisible();
    await page.goto('/nasil-yapilir');
    await expect(page).toHaveURL(/\/nasil-yapilir$/);
  });

  for (const path of ['/olmayan-bir-sayfa', '/en/no-such-page', '/nasil-yapilir/alt']) {
    test(`an unknown path answers 404: ${path}`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Sayfa bulunamadı|Page not found/);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    });
  }

  test('a 404 page is whole in its first HTML, in the language of its path, before any script runs', async ({ browser }) => {
    // What a crawler, a blocked script or a slow phone gets: Next.js's notFound() would send an empty body.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const [path, lang, title, heading, back, home] of [
      ['/olmayan-bir-sayfa', 'tr-TR', 'Sayfa Bulunamadı', 'Sayfa bulunamadı', 'Ana sayfaya dön', '/'],
      ['/en/no-such-page', 'en-US', 'Page not found', 'Page not found', 'Back to the home page', '/en'],
    ] as const) {
      expect((await page.goto(path))?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page).toHaveTitle(new RegExp(`^${title} \\| `));
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('main').getByRole('link', { name: back })).toHaveAttribute('href', home);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText('V1.0.0');
    }
    await context.close();
  });

  test('a 404 page works like any other: its menu opens, and a customer sees their name on it', { tag: '@phone' }, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && !/status of 404/.test(message.text()) && errors.push(message.text()));
    await page.goto('/en/no-such-page');
    await expect((await openHeaderMenu(page)).getByRole('link', { name: 'How do I apply?' })).toBeVisible();

    await apiLogin(page.request, FIXTURE_CUSTOMERS.approved);
    expect((await page.goto('/olmayan-bir-sayfa'))?.status()).toBe(404);
    await expect(page.getByRole('banner').getByRole('button', { name: /Ayşe/ })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Ana sayfaya dön' }).click();
    await expect(page.getByRole('heading', { name: 'Yeni Başvuru' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('robots.txt and the sitemap list the public pages', async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(await robots.text()).toContain('Sitemap:');
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const path of ['/nasil-yapilir', '/en', '/en/how-to']) expect(sitemap).toContain(path);
  });
});

test.describe('security headers', () => {
  test('pages rendered per request carry a nonce-based policy and the hardening headers', async ({ request }) => {
    // An open application flow renders per request (anonymous public pages are cached: public-pages.spec.ts).
    const first = await request.get('/?basvuru=yeni');
    const second = await request.get('/?basvuru=yeni');
    const csp = first.headers()['content-security-policy'] ?? '';
    const scriptSrc = csp.split(';').find((part) => part.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(second.headers()['content-security-policy']).not.toBe(csp);

    for (const headers of [first.headers(), (await request.get('/')).headers()]) {
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy']).toContain('camera=()');
      expect(headers['strict-transport-security']).toContain('max-age=');
      expect(headers['x-powered-by']).toBeUndefined();
    }

    // Every script element of the page carries the nonce, so the policy lets it run.
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
    const html = await first.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) if (!tag.includes('application/ld+json')) expect(tag).toContain(`nonce="${nonce}"`);
  });

  test('the page runs under its policy without violations', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto('/');
    await (await openHeaderMenu(page)).getByRole('link', { name: 'Nasıl Başvuru Yapılır ?' }).click();
    await expect(page).toHaveURL(/\/nasil-yapilir$/);
    expect(violations).toEqual([]);
  });
});

test.describe('accessibility', { tag: '@phone' }, () => {
  for (const path of ['/', '/nasil-yapilir', '/olmayan-sayfa', '/en', '/en/how-to', '/en/missing']) {
    test(`axe finds no violation on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expectNoAxeViolations(page, { everyWidth: true });
    });
  }
});
