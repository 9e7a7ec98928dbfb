import { expect, type Page, test } from '@playwright/test';
import { FIXTURE_CUSTOMERS } from '@/sandbox/fixtures';
import { apiLogin } from './support/api';
import { withLock } from './support/lock';
import { latestCode } from './support/sandbox';

/** The account views have their own URLs: a link opens them, Back closes them (lib/account/views.ts). */

const profileDialog = (page: Page) => page.getByRole('dialog', { name: 'Hesabım' });
const detailDialog = (page: Page) => page.getByRole('dialog', { name: /^Abonelik Detayı/ });

async function subscriptionIds(page: Page): Promise<number[]> {
  const session = await (await page.request.get('/api/session')).json();
  return session.data.subscriptions.map((subscription: { subscription_id: number }) => subscription.subscription_id);
}

test('the profile and a subscription have their own URLs: Back closes them one by one, Forward opens them again, a link opens the stack', async ({ page }) => {
  await apiLogin(page.request, FIXTURE_CUSTOMERS.approved);
  await page.goto('/nasil-yapilir');
  await page.getByRole('banner').getByRole('button', { name: /Ayşe/ }).click();
  await expect(profileDialog(page)).toBeVisible();
  await expect(page).toHaveURL(/\/nasil-yapilir#profil$/);

  const [newest] = await subscriptionIds(page);
  await profileDialog(page).getByRole('button', { name: /Detayları Gör/ }).first().click();
  await expect(detailDialog(page)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#profil/abonelik/${newest}$`));

  await page.goBack();
  await expect(detailDialog(page)).toHaveCount(0);
  await expect(profileDialog(page)).toBeVisible();
  await expect(page).toHaveURL(/#profil$/);
  await page.goBack();
  await expect(profileDialog(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/nasil-yapilir$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Nasıl Yapılır ?' })).toBeVisible();
  await page.goForward();
  await expect(profileDialog(page)).toBeVisible();

  // A link straight to a subscription opens the profile under it; closing it goes back to the profile's URL.
  await page.goto(`/#profil/abonelik/${newest}`);
  await expect(detailDialog(page)).toHaveAccessibleName('Abonelik Detayı: Limitsiz Fiber 1000');
  await expect(profileDialog(page)).toBeAttached();
  await detailDialog(page).getByRole('button', { name: 'Kapat', exact: true }).first().click();
  await expect(detailDialog(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/#profil$/);
  // The same subscription again, from the profile: its 'Kapat' takes its view out of the URL again.
  await profileDialog(page).getByRole('button', { name: /Detayları Gör/ }).first().click();
  await expect(page).toHaveURL(new RegExp(`/#profil/abonelik/${newest}$`));
  await detailDialog(page).getByRole('button', { name: 'Kapat', exact: true }).first().click();
  await expect(detailDialog(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/#profil$/);
  await page.keyboard.press('Escape');
  await expect(profileDialog(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
});

test('company documents have their own URL too', async ({ page }) => {
  await apiLogin(page.request, FIXTURE_CUSTOMERS.approved);
  const profile = await (await page.request.get('/api/session/profile')).json();
  const corporate = profile.data.subscriptions.find((subscription: { data: { subscription_type: number } }) => subscription.data.subscription_type === 2);
  await page.goto(`/#profil/belgeler/${corporate.subscription_id}`);
  const docs = page.getByRole('dialog', { name: 'Şirket Belgeleri' });
  await expect(docs).toBeVisible();
  await expect(docs.getByRole('heading', { name: /Vergi levhası/i }).or(docs.getByText('Vergi Levhası').first())).toBeVisible();
  await page.goBack();
  await expect(docs).toHaveCount(0);
});

test('a link to the profile when logged out asks to log in first, then shows it', async ({ page }) => {
  const customer = FIXTURE_CUSTOMERS.approved;
  await page.goto('/#profil');
  const login = page.getByRole('dialog', { name: 'Giriş Yap' });
  await login.getByLabel('TC Kimlik No').pressSequentially(customer.nationality_number);
  // The other tests here log the same customer in: a code one of them asks for meanwhile voids this one.
  await withLock(customer.nationality_number, async () => {
    await login.getByRole('button', { name: 'Giriş Yap' }).click();
    await expect(login.getByText('Giriş kodu telefonunuza SMS olarak gönderildi.')).toBeVisible();
    await login.getByLabel('SMS Kodu').pressSequentially(await latestCode(customer.phone));
    await login.getByRole('button', { name: 'Kodu Onayla' }).click();
    await expect(profileDialog(page)).toBeVisible();
  });
  await expect(page).toHaveURL(/#profil$/);
});

test.describe('with the close animation', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('Back and at once Forward: the subscription closes and opens again, and stays open after the animation', async ({ page }) => {
    await apiLogin(page.request, FIXTURE_CUSTOMERS.approved);
    const [newest] = await subscriptionIds(page);
    await page.goto('/#profil');
    await profileDialog(page).getByRole('button', { name: /Detayları Gör/ }).first().click();
    await expect(detailDialog(page)).toBeVisible();
    // Both steps inside the 400 ms close animation of the first.
    await page.evaluate(() => {
      window.history.back();
      window.setTimeout(() => window.history.forward(), 100);
    });
    await expect(page).toHaveURL(new RegExp(`#profil/abonelik/${newest}$`));
    await page.waitForTimeout(800);
    await expect(detailDialog(page)).toBeVisible();
  });
});
