import { expect, type Page, test } from '@playwright/test';
import { acceptConsents, confirmCommitment } from './support/consents';
import { headerNav, openHeaderMenu } from './support/header';
import { passFinishLine } from './support/received';
import { registerCustomer } from './support/register';
import { logInFromPrefilledPopup } from './support/login';
import { latestCode, sandbox } from './support/sandbox';
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
  await page.getByRole('button', { name: 'Başvuruyu Tamamla' }).click();
  await page.getByRole('button', { name: 'Eklemeden Devam Et' }).click();
  // The customer files on the commitment summary's step: the summary confirmed, the consents given.
  await confirmCommitment(page, { next: false });
  await acceptConsents(page);

  await sandbox(`/__sandbox/customers/${customer.nationality_number}/revoke-tokens`, {});
  await page.getByRole('button', { name: 'Başvuruyu Tamamla' }).click();

  // The name leaves the header at once; the login asks again, with the TC number filled in.
  await expect(headerNav(page).getByRole('button', { name: customer.name })).toHaveCount(0);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Oturumunuzun süresi doldu. Lütfen tekrar giriş yapın.' })).toBeVisible();
  await logInFromPrefilledPopup(page, customer);
  await expect(headerNav(page).getByRole('button', { name: customer.name })).toBeVisible();

  // Back where it was: the commitment summary confirmed and the consents as given, for the tariff chosen.
  await expect(page.getByRole('checkbox', { name: /Taahhüt özetini okudum/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /KVKK Aydınlatma Metni/ })).toBeChecked();
  await expect(page.getByRole('complementary', { name: 'Başvuru özeti' })).toContainText('12 X 150 TL');
  await page.getByRole('button', { name: 'Başvuruyu Tamamla' }).click();
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

/**
 * The customer logs in through the page (so the profile it opens is cached), closes the profile,
 * and their tokens are ended upstream (a "log out everywhere", a locked account). Whatever order the
 * browser's calls come back in, every try ends the same way within 5 s of the opening: the name
 * leaves the header, the login is open with the TC number, and none of the profile's data is shown.
 */
/** A small PNG (the server checks only its first bytes). */
const png = (name: string) => {
  const buffer = Buffer.alloc(2_000, 0x20);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(buffer);
  return { name, mimeType: 'image/png', buffer };
};

async function loggedInThroughThePage(page: Page, { identityApproved = false } = {}) {
  const customer = await registerCustomer(page.request);
  if (identityApproved) await sandbox(`/__sandbox/customers/${customer.nationality_number}/identity-status`, { status: 2 });
  // Logged out again: the login happens in the page, as the customer's would.
  await page.context().clearCookies();
  await page.goto('/#giris');
  const login = page.getByRole('dialog', { name: 'Giriş Yap' });
  await login.getByLabel('TC Kimlik No').pressSequentially(customer.nationality_number);
  await login.getByRole('button', { name: 'Giriş Yap' }).click();
  await expect(login.getByLabel('SMS Kodu')).toBeFocused();
  await login.getByLabel('SMS Kodu').fill(await latestCode(customer.phone));
  await login.getByRole('button', { name: 'Kodu Onayla' }).click();
  await expect(login).toBeHidden();
  await expect(headerNav(page).getByRole('button', { name: customer.name })).toBeVisible();
  // The profile the login opened has its data, and every call it made has its answer.
  await expect(page.getByRole('dialog', { name: 'Hesabım' }).getByText(customer.phone)).toBeVisible();
  await page.waitForLoadState('networkidle');
  return customer;
}

async function expectEndedWithinFiveSeconds(page: Page, customer: { nationality_number: string; name: string }) {
  const login = page.getByRole('dialog', { name: 'Giriş Yap' });
  await expect(login.getByLabel('TC Kimlik No')).toHaveValue(customer.nationality_number, { timeout: 5_000 });
  // Said, not only done: the login opened because the session ended.
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Oturumunuzun süresi doldu. Lütfen tekrar giriş yapın.' })).toBeVisible({ timeout: 1_000 });
  await expect(headerNav(page).getByRole('button', { name: customer.name })).toHaveCount(0, { timeout: 1_000 });
  // Nothing of the profile stays on screen: no name, no subscription, no 'Çıkış Yap'.
  await expect(page.getByRole('dialog', { name: 'Hesabım' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Çıkış Yap' })).toHaveCount(0);
  await expect(page.locator('header, main, dialog[open]').getByText(customer.name)).toHaveCount(0);
  // And it stays so: nothing opens the profile again behind the login.
  await page.waitForTimeout(1_000);
  await expect(login).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Hesabım' })).toHaveCount(0);
}

// Five times each on desktop and at 360 px: the messengers of an ended session race, and a race goes one way or the other.
for (let run = 1; run <= 5; run++) {
  test(`a session ended upstream is noticed when the profile opens from the header, every time (run ${run} of 5)`, { tag: '@phone' }, async ({ page }) => {
    const customer = await loggedInThroughThePage(page);
    // The login opened the profile, whose data is now in the page's cache.
    const profile = page.getByRole('dialog', { name: 'Hesabım' });
    await expect(profile.getByRole('button', { name: 'Çıkış Yap' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(profile).toHaveCount(0);

    await sandbox(`/__sandbox/customers/${customer.nationality_number}/revoke-tokens`, {});
    await (await openHeaderMenu(page)).getByRole('button', { name: customer.name }).click();
    await expectEndedWithinFiveSeconds(page, customer);
  });
}

test('a session ended upstream while the profile is open on its subscriptions is noticed when a subscription’s details open', { tag: '@phone' }, async ({ page }) => {
  const customer = await loggedInThroughThePage(page, { identityApproved: true });
  const profile = page.getByRole('dialog', { name: 'Hesabım' });
  await profile.getByRole('tab', { name: 'Abonelikler' }).click();
  await expect(profile.getByRole('tab', { name: 'Abonelikler' })).toHaveAttribute('aria-selected', 'true');

  await sandbox(`/__sandbox/customers/${customer.nationality_number}/revoke-tokens`, {});
  await profile.getByRole('button', { name: 'Detayları Gör' }).first().click();
  await expectEndedWithinFiveSeconds(page, customer);
});

test('a session ended upstream while the profile is open on its identity documents is noticed when they are sent', { tag: '@phone' }, async ({ page }) => {
  const customer = await loggedInThroughThePage(page);
  const profile = page.getByRole('dialog', { name: 'Hesabım' });
  await expect(profile.getByRole('tab', { name: 'Kimlik Bilgileri' })).toHaveAttribute('aria-selected', 'true');
  await profile.getByRole('group', { name: 'Kimlik Ön Yüzü', exact: true }).locator('input[type="file"]').setInputFiles(png('kimlik-on.png'));
  await profile.getByRole('group', { name: 'Kimlik Arka Yüzü', exact: true }).locator('input[type="file"]').setInputFiles(png('kimlik-arka.png'));

  await sandbox(`/__sandbox/customers/${customer.nationality_number}/revoke-tokens`, {});
  await profile.getByRole('button', { name: 'Belgeleri Gönder' }).click();
  await expectEndedWithinFiveSeconds(page, customer);
});

// The two orders the browser's messengers can arrive in, forced: the profile opens and asks for
// both the session (GET /api/session) and the profile's data at once.

test('a session ended upstream: the session read answering nobody before the refused profile is heard still asks for the login', async ({ page }) => {
  const customer = await loggedInThroughThePage(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Hesabım' })).toHaveCount(0);
  await sandbox(`/__sandbox/customers/${customer.nationality_number}/revoke-tokens`, {});
  // The profile's refusal (401, the session's cookie cleared) is held back until the session read,
  // made without that cookie, has answered nobody.
  let sessionAnswered = () => {};
  const answered = new Promise<void>((resolve) => (sessionAnswered = resolve));
  await page.route('**/api/session', async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    await route.fulfill({ json: { status: true, data: null } });
    sessionAnswered();
  });
  await page.route('**/api/session/profile', async (route) => {
    const response = await route.fetch();
    await answered;
    // Time for the page to act on that answer first.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.fulfill({ response });
  });
  await (await openHeaderMenu(page)).getByRole('button', { name: customer.name }).click();
  await expectEndedWithinFiveSeconds(page, customer);
});

test('a profile whose refetch was refused is not shown as current: the failure says so, and Tekrar dene brings it back', async ({ page }) => {
  const customer = await registerCustomer(page.request);
  await page.goto('/#profil');
  const profile = page.getByRole('dialog', { name: 'Hesabım' });
  await expect(profile.getByText(customer.phone)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(profile).toHaveCount(0);

  await page.route('**/api/session/profile', (route) => route.fulfill({ status: 502, json: { status: false, message: 'Sunucuya erişilemiyor. Lütfen daha sonra tekrar deneyin.' } }));
  await headerNav(page).getByRole('button', { name: customer.name }).click();
  await expect(profile.getByRole('alert')).toContainText('Bir hata oluştu. Lütfen daha sonra tekrar deneyin.');
  await expect(profile.getByText(customer.phone)).toHaveCount(0);
  // Not an ended session: the customer stays logged in.
  await expect(headerNav(page).getByRole('button', { name: customer.name })).toBeVisible();

  await page.unroute('**/api/session/profile');
  await profile.getByRole('button', { name: 'Tekrar dene' }).click();
  await expect(profile.getByText(customer.phone)).toBeVisible();
});
