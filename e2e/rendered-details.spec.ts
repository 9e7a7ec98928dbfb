import { expect, test } from '@playwright/test';
import { startAtPackage } from './support/flow-state';
import { headerNav } from './support/header';
import { registerCustomer } from './support/register';
import { latestCode, sandbox } from './support/sandbox';

// Details of the spec's screens that the flows pass without looking at them.

test('§1 tariff notice: a VDSL line’s setup fee, 3.600 TL, 1.998 TL upfront or 12 × 300 TL; §2 summary: the line speed', async ({ page }) => {
  // Inner door 7: a BBK code ending in 6, VDSL only (the sandbox's fixtures).
  await startAtPackage(page, 'Daire 7');
  await expect(page.getByText("Yeni VDSL kurulum ve aktivasyon ücreti 3.600 TL'dir; peşin 1.998 TL veya 12 ay boyunca aylık 300 TL olarak ödenir.")).toBeVisible();
  // Not the fibre fee: the notice gives the buyer's own line type.
  await expect(page.getByText(/Yeni fiber kurulum/)).toHaveCount(0);
  const summary = page.getByRole('complementary', { name: 'Başvuru özeti' });
  await expect(summary.getByText('Hat hızı')).toBeVisible();
  await expect(summary).toContainText(/Altyapınız \d+ Mbps'e kadar destekliyor/);
});

test('§2 header: the logo links home, in the page’s language', async ({ page }) => {
  await page.goto('/nasil-yapilir');
  await page.getByRole('banner').getByRole('link', { name: 'Hat İnternet' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ev internetine online başvurun' })).toBeVisible();
  await page.goto('/en/how-to');
  await page.getByRole('banner').getByRole('link', { name: 'Hat İnternet' }).click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Apply for home internet online' })).toBeVisible();
});

test('§3 user: nationality_type 1 is shown as T.C. vatandaşı', async ({ page }) => {
  const customer = await registerCustomer(page.request);
  await sandbox(`/__sandbox/customers/${customer.nationality_number}/identity-status`, { status: 2 });
  await page.goto('/#profil');
  const profile = page.getByRole('dialog', { name: 'Hesabım' });
  await profile.getByRole('tab', { name: 'Abone Bilgileri' }).click();
  const nationality = profile.getByText('Uyruk', { exact: true });
  await expect(nationality).toBeVisible();
  await expect(profile).toContainText('T.C. vatandaşı');
  await expect(profile.getByText('Yabancı uyruklu')).toHaveCount(0);
});

test('§9 toasts: newest first; §9 toasts: duplicates prevented', async ({ page }) => {
  const customer = await registerCustomer(page.request);
  await page.goto('/');
  const name = headerNav(page).getByRole('button', { name: customer.name });
  const toasts = page.locator('[data-sonner-toast]');
  const loggedOut = toasts.filter({ hasText: 'Oturumunuz kapatıldı.' });
  const logOut = async () => {
    // By keyboard: the pointer stays where it is.
    await name.press('Enter');
    await page.getByRole('dialog', { name: 'Hesabım' }).getByRole('button', { name: 'Çıkış Yap' }).press('Enter');
    await expect(name).toHaveCount(0);
  };
  await logOut();
  await expect(loggedOut).toHaveCount(1);
  // The pointer rests on the toasts: none of them times out while the rest happens.
  await loggedOut.hover();

  // Logged in again through the home page's form, by keyboard: the welcome is the newest toast.
  const form = page.getByRole('region', { name: 'Müşteri Girişi' });
  await form.getByLabel('TC Kimlik No').fill(customer.nationality_number);
  await form.getByLabel('TC Kimlik No').press('Enter');
  await expect(form.getByLabel('SMS Kodu')).toBeFocused();
  await form.getByLabel('SMS Kodu').fill(await latestCode(customer.phone));
  await form.getByLabel('SMS Kodu').press('Enter');
  await expect(name).toBeVisible();
  const welcome = toasts.filter({ hasText: `Hoş geldiniz, ${customer.name}.` });
  await expect(welcome).toHaveCount(1);
  await expect(toasts.first()).toContainText('Hoş geldiniz');
  await expect(toasts.nth(1)).toContainText('Oturumunuz kapatıldı.');

  // The same message again while it is still shown: one toast, not two.
  await page.keyboard.press('Escape');
  await logOut();
  await expect(loggedOut).toHaveCount(1);
});
