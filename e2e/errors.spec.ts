import { expect, test } from '@playwright/test';

// A render that fails shows a branded, translated page with a retry and the error's code, never the
// framework's default. The sandbox's test hook (lib/crash-hook.ts, demo and test runs only) makes
// the home page or the locale layout throw while its cookie is set; a query keeps the request out of
// the page cache, so it renders for this visitor.

test('a page that fails shows the error page inside the site, with its code, and Tekrar Dene recovers', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'sandbox_crash', value: 'page', url: baseURL! }]);
  const response = await page.goto('/?deneme=1');
  expect(response?.status()).toBe(500);
  await expect(page.getByRole('heading', { level: 1, name: 'Bir Hata Oluştu' })).toBeFocused();
  await expect(page.getByText(/^Hata kodu: \S+$/)).toBeVisible();
  // The layout rendered: the header and its menu are still there.
  await expect(page.getByRole('navigation', { name: 'Ana menü' })).toBeVisible();

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
