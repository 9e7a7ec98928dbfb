import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { sandbox } from './support/sandbox';
import { closedPort, type RunningSandbox, type RunningSite, startSandbox, startSite } from './support/servers';
import { chooseAddress } from './support/wizard';

// A render that fails shows a branded, translated page with a retry and the error's code, never the
// framework's default. The sandbox's test hook (lib/server/crash-hook.ts, demo and test runs only) makes
// the home page or the locale layout throw while its cookie is set; a query keeps the request out of
// the page cache, so it renders for this visitor.

test('a page that fails shows the error page inside the site, with its code, and Tekrar Dene recovers', { tag: '@phone' }, async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'sandbox_crash', value: 'page', url: baseURL! }]);
  const response = await page.goto('/?deneme=1');
  expect(response?.status()).toBe(500);
  await expect(page.getByRole('heading', { level: 1, name: 'Bir Hata Oluştu' })).toBeFocused();
  await expect(page.getByText(/^Hata kodu: \S+$/)).toBeVisible();
  // The layout rendered: the header and its menu are still there.
  await expect(page.getByRole('navigation', { name: 'Ana menü' })).toBeVisible();
  await expectNoAxeViolations(page);

  await context.clearCookies({ name: 'sandbox_crash' });
  await page.getByRole('button', { name: 'Tekrar Dene' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ev internetine online başvurun' })).toBeVisible();
});

test('a layout that fails shows the root error page in the language of the path, and Try again recovers', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'sandbox_crash', value: 'layout', url: baseURL! }]);
  await page.goto('/en?test=1');
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/en');

  await context.clearCookies({ name: 'sandbox_crash' });
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Apply for home internet online' })).toBeVisible();
});

test.describe('the upstream settings fail', () => {
  let upstream: RunningSandbox;
  let site: RunningSite;

  test.beforeAll(async () => {
    // A site and sandbox of their own: the outage must not reach other tests' pages.
    upstream = await startSandbox();
    site = await startSite(await closedPort(), { API_BASE_URL: upstream.url, SESSION_SECRET: 'f'.repeat(40), SESSION_COOKIE_SECURE: 'false', SETTINGS_CACHE_SECONDS: '0' });
  });
  test.afterAll(async () => {
    await site?.stop();
    await upstream?.stop();
  });
  test.afterEach(() => sandbox('/__sandbox/fail', { calls: [] }, upstream.url));

  test('home and how-to still render', async ({ page }) => {
    await sandbox('/__sandbox/fail', { calls: ['getSettings'] }, upstream.url);
    expect((await page.goto(`${site.url}/`))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Ev internetine online başvurun' })).toBeVisible();
    expect((await page.goto(`${site.url}/nasil-yapilir`))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Nasıl Yapılır ?' })).toBeVisible();
  });

  test('the package step shows the connection error with a retry, never "no tariff", and the retry keeps the address', async ({ page }) => {
    test.slow();
    await sandbox('/__sandbox/fail', { calls: ['getSettings'] }, upstream.url);
    await page.goto(`${site.url}/?basvuru=yeni`);
    await chooseAddress(page, 'Daire 2');
    await expect(page.getByText('Altyapınız 100 Mbps hıza kadar destekliyor.')).toBeVisible();
    await page.getByRole('button', { name: 'Paket Seç' }).click();

    const problem = page.getByRole('alert').filter({ hasText: 'Bir Hata Oluştu' });
    await expect(problem).toContainText('Sunucuya erişilemiyor. Lütfen daha sonra tekrar deneyin.');
    await expect(page.getByText('Bu altyapı için şu an sunulan bir paket yok.')).toBeHidden();
    await expect(page.getByRole('radio')).toHaveCount(0);

    await sandbox('/__sandbox/fail', { calls: [] }, upstream.url);
    await problem.getByRole('button', { name: 'Tekrar dene' }).click();
    await expect(problem).toBeHidden();
    await expect(page.getByRole('radio').first()).toBeEnabled();
    // Still the same application: Back leads to the address as it was chosen.
    await page.goBack();
    await expect(page.getByRole('combobox', { name: 'İç Kapı No', exact: true })).toHaveValue('Daire 2');
  });
});
