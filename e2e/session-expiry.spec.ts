import { expect, test } from '@playwright/test';
import { acceptConsents } from './support/consents';
import { headerNav } from './support/header';
import { passFinishLine } from './support/received';
import { registerCustomer } from './support/register';
import { logInFromPrefilledPopup } from './support/login';
import { sandbox } from './support/sandbox';
import { startAtPackage } from './support/flow-state';

// A session the upstream ends (its token refused) ends here too, at once, and the
// person logs in again where they were. A customer of its own: revoking a fixture customer's tokens
// would end other tests' sessions. The sandbox hook ends every token of a customer.

test('session expiry: a refused token ends the session at once, the login opens with the TC number, and after it the application goes on where it was', async ({ page }) => {
  test.slow();
  const customer = await registerCustomer(page.request);
  // The address through its call: the package step is where the session ends.
  await startAtPackage(page, 'Daire 4');
  await expect(headerNav(page).getByRole('button', { name: customer.name })).toBeVisible();
  await page.getByRole('radio').first().check();
  await page.getByLabel('Kurulum ücreti ödeme yöntemi').selectOption({ label: '12 X 150 TL' });
  await acceptConsents(page);

  await sandbox(`/__sandbox/customers/${customer.nationality_number}/revoke-tokens`, {});
  await page.getByRole('button', { name: 'Başvuruyu Tamamla' }).click();
  await page.getByRole('button', { name: 'Eklemeden Devam Et' }).click();

  // The name leaves the header at once; the login asks again, with the TC number filled in.
  await expect(headerNav(page).getByRole('button', { name: customer.name })).toHaveCount(0);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Oturumunuzun süresi doldu. Lütfen tekrar giriş yapın.' })).toBeVisible();
  await logInFromPrefilledPopup(page, customer);
  await expect(headerNav(page).getByRole('button', { name: customer.name })).toBeVisible();

  // Back where it was: the package step with the tariff, the setup fee and the consents as chosen.
  await expect(page.getByRole('radio').first()).toBeChecked();
  await expect(page.getByLabel('Kurulum ücreti ödeme yöntemi')).toHaveValue('1');
  await expect(page.getByRole('checkbox', { name: /KVKK Aydınlatma Metni/ })).toBeChecked();
  await page.getByRole('button', { name: 'Başvuruyu Tamamla' }).click();
  await page.getByRole('button', { name: 'Eklemeden Devam Et' }).click();
  await passFinishLine(page);
});

test('session expiry: a page load with a refused token shows the anonymous page, with no name in the first HTML, and ends the session', async ({ page }) => {
  const customer = await registerCustomer(page.request);
  expect(await (await page.request.get('/?x=1')).text()).toContain('Deniz Su');
  await sandbox(`/__sandbox/customers/${customer.nationality_number}/revoke-tokens`, {});
  const html = await (await page.request.get('/?x=2')).text();
  expect(html).not.toContain('Deniz Su');
  expect(html).toContain('Başvuru Sorgulama');
  // A page cannot clear the cookie; the first call that asks ends the dead session and says so
  // (the page already shows no one, so nothing offers the login), and after it there is none.
  const first = await page.request.get('/api/session');
  expect(first.status()).toBe(401);
  expect((await first.json()).details).toEqual({ session_expired: true });
  expect((await (await page.request.get('/api/session')).json()).data).toBeNull();
});

test('session expiry from the profile: the login asks again with the TC number, and the profile comes back on the tab last chosen', async ({ page }) => {
  test.slow();
  const customer = await registerCustomer(page.request);
  // Identity approved: all three tabs are offered.
  await sandbox(`/__sandbox/customers/${customer.nationality_number}/identity-status`, { status: 2 });
  await page.goto('/#profil');
  const profile = page.getByRole('dialog', { name: 'Hesabım' });
  await profile.getByRole('tab', { name: 'Abone Bilgileri' }).click();
  await expect(profile.getByRole('tab', { name: 'Abone Bilgileri' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(profile).toHaveCount(0);

  // The session ends upstream; opening the profile again finds out.
  await sandbox(`/__sandbox/customers/${customer.nationality_number}/revoke-tokens`, {});
  await headerNav(page).getByRole('button', { name: customer.name }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Oturumunuzun süresi doldu. Lütfen tekrar giriş yapın.' })).toBeVisible();
  await expect(headerNav(page).getByRole('button', { name: customer.name })).toHaveCount(0);
  await logInFromPrefilledPopup(page, customer);

  await expect(profile).toBeVisible();
  await expect(profile.getByRole('tab', { name: 'Abone Bilgileri' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/#profil$/);
});
