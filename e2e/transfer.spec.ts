import { expect, type Page, test } from '@playwright/test';
import { currentProviderOf } from '@/sandbox/catalog';
import { FIXTURE_CUSTOMERS, FIXTURE_TRANSFER_SERVICE_NUMBER } from '@/sandbox/fixtures';
import { apiLogin } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { randomMail, randomNationalityNumber, randomPhone } from './support/people';
import { chooseAddress, fillIdentity, newApplicant, verifyContact } from './support/wizard';
import { acceptConsents, confirmCommitment, fileAsCustomer } from './support/consents';
import { passFinishLine } from './support/received';
import { startTransferAtIdentity } from './support/flow-state';

/** A service number no other test uses: the sandbox refuses one already in a live subscription. */
const serviceNumber = (prefix: '17' | '18' | '88') => `${prefix}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

async function openTransfer(page: Page) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Transfer Başvurusu' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Transfer Başvurusu' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Başvuru adımları' }).getByRole('listitem')).toHaveCount(6);
}

async function enterServiceNumber(page: Page, number: string) {
  await page.getByLabel('Hizmet numarası').fill(number);
  await page.getByRole('button', { name: 'Adres Bilgilerini Ekle' }).click();
}

/** From the home page to the transfer's package step for `number`, at a door with no infrastructure for a new line (a transfer does not ask). */
async function reachTransferPackage(page: Page, number: string, { axe = false } = {}) {
  await openTransfer(page);
  if (axe) await expectNoAxeViolations(page);
  await enterServiceNumber(page, number);

  // The provider the upstream names for the number (the sandbox's, sandbox/catalog.ts), and the number, each under its label.
  const summary = page.getByRole('complementary', { name: 'Başvuru özeti' });
  const value = (term: string) => summary.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(value('Mevcut sağlayıcı')).toHaveText(currentProviderOf(number));
  await expect(value('Hizmet numarası')).toHaveText(number);
  await expect(page.getByRole('combobox', { name: 'İl', exact: true })).toBeVisible();
  await chooseAddress(page, 'Daire 10');
  await expect(page.getByText('Bölgeniz uygun değil')).toBeHidden();
  if (axe) await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Paket Seç' }).click();
  await expect(page.getByRole('heading', { name: 'Paketinizi seçin' })).toBeVisible();
}

/** The tariffs offered are the line's kind only, and a transfer pays no setup fee. */
async function expectTariffsOf(page: Page, kind: 'Fiber' | 'VDSL') {
  const cards = page.getByRole('radio');
  await expect(cards).toHaveCount(3);
  for (const card of await cards.all()) await expect(card).toHaveAccessibleName(new RegExp(`^Limitsiz ${kind} `));
  await expect(page.getByLabel('Kurulum ücreti ödeme yöntemi')).toBeHidden();
}

test('§4 transfer flow: service number, address, package, identity, contact, then logged in; §4 transfer: the connection type comes from the service-number prefix (17… Fiber)', { tag: '@phone' }, async ({
  page,
}) => {
  // The whole application with four accessibility scans: more than the default minute on a busy machine.
  test.slow();
  const number = serviceNumber('17');
  await reachTransferPackage(page, number, { axe: true });
  await expectTariffsOf(page, 'Fiber');
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Nüfus Bilgilerini Ekle' }).click();

  const applicant = {
    nationality_number: randomNationalityNumber(),
    serial: 'B98C76543',
    name: 'Can',
    surname: 'Yıldız',
    mother: 'Ayten',
    father: 'İsmail',
    birthdate: '03/11/1985',
    securityWord: 'Kelebek',
  };
  await fillIdentity(page, applicant);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
  await page.getByRole('button', { name: 'Eklemeden Devam Et' }).click();

  // The commitment summary of a transfer: no setup fee in its average.
  await expect(page.getByRole('heading', { name: 'Taahhüt özetiniz' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Taahhüt özeti rakamları' })).toContainText('Taşıma başvurusunda kurulum ücreti alınmaz');
  await expectNoAxeViolations(page);
  await confirmCommitment(page);

  await verifyContact(page, 'phone', randomPhone());
  await verifyContact(page, 'mail', randomMail());
  await acceptConsents(page);
  await page.getByRole('button', { name: 'Kaydı Tamamla' }).click();
  await expect(page.getByText(`Hizmet numarası: ${number}`)).toBeVisible();
  await passFinishLine(page);
  await expect(page.getByRole('banner')).toContainText(`${applicant.name} ${applicant.surname}`);
  await expect(page.getByRole('dialog', { name: 'Hesabım' })).toBeVisible();
  const events = await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer);
  expect(events).toContainEqual({ event: 'online_subscription', flow: 'transfer' });
  const me = (await (await page.request.get('/api/session')).json()).data;
  expect(me.subscriptions[0].data.reference_type).toBe(2);
  expect(me.subscriptions[0].service_number).toBe(number);
});

// The VDSL line differs from the fibre walk above only in its tariffs.
test("§4 transfer: the connection type comes from the service-number prefix (88… VDSL); §2 transfer summary: the current provider's name and the service number", async ({ page }) => {
  await reachTransferPackage(page, serviceNumber('88'));
  await expectTariffsOf(page, 'VDSL');
});

test('§5 service number: digits only, at least 5', async ({ page }) => {
  await openTransfer(page);
  const field = page.getByLabel('Hizmet numarası');
  // Only digits are taken.
  await field.pressSequentially('12-3a4');
  await expect(field).toHaveValue('1234');
  await page.getByRole('button', { name: 'Adres Bilgilerini Ekle' }).click();
  // The spec's title and text once, at the field, with the focus there and a summary linking to it.
  await expect(field).toHaveAccessibleDescription(
    /Hizmet Numarası Hatalı Hizmet numarası yalnızca rakamlardan oluşmalı ve en az 5 haneli olmalıdır\.$/,
  );
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  await expect(page.getByText('Bir alanı düzeltin')).toBeVisible();
  // The summary names the field (one term per field), the error at the field keeps the spec's title.
  await expect(page.getByRole('link', { name: 'Hizmet numarası' })).toHaveAttribute('href', /service-number$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Hizmet Numarası Hatalı' })).toHaveCount(1);
  await expect(field).toHaveValue('1234');
  await expect(page.getByRole('combobox', { name: 'İl', exact: true })).toHaveCount(0);

  // Five digits pass the rule (and then the upstream, which names the provider).
  await field.pressSequentially('5');
  await enterServiceNumber(page, `17${String(Math.floor(Math.random() * 1e3)).padStart(3, '0')}`);
  await expect(page.getByRole('combobox', { name: 'İl', exact: true })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Başvuru özeti' })).toContainText('Mevcut sağlayıcı');
});

test('§4 service number: three failed attempts open the contact form with the last error', async ({ page }) => {
  await openTransfer(page);
  await enterServiceNumber(page, '12');
  await enterServiceNumber(page, '99999999');
  await expect(page.getByText('Hizmet numarası bulunamadı.')).toBeVisible();
  await enterServiceNumber(page, '90000001');
  const dialog = page.getByRole('dialog', { name: 'İletişim Formu' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: /Mesaj/ })).toHaveValue(/Hizmet numarası bulunamadı\./);
  // Why it opened, in one sentence.
  await expect(dialog.getByRole('note')).toHaveText(
    'Hizmet numaranızı üç denemede doğrulayamadık. Adınızı ve telefon numaranızı bırakın; sizi arayalım ve taşımayı birlikte tamamlayalım.',
  );
  await expectNoAxeViolations(page);
});

test('transfer help: where to find the service number, before the first try', { tag: '@phone' }, async ({ page }) => {
  await openTransfer(page);
  const help = page.getByText('Hizmet numaranızı nerede bulabilirsiniz?');
  await expect(help).toBeVisible();
  const text = page.getByText(/faturasında, çoğunlukla üst bölümde 'Hizmet No'/);
  await expect(text).toBeHidden();
  await help.focus();
  await page.keyboard.press('Enter');
  await expect(text).toBeVisible();
  await expectNoAxeViolations(page);
});

test('transfer help: a service number that already has an application offers the login and the application inquiry', async ({ page }) => {
  await openTransfer(page);
  await enterServiceNumber(page, FIXTURE_TRANSFER_SERVICE_NUMBER);
  await expect(page.getByLabel('Hizmet numarası')).toHaveAccessibleDescription(/Bu hizmet numarası için devam eden bir başvuru veya abonelik bulunmaktadır\./);
  const offer = page.getByRole('note').filter({ hasText: 'Durumunu görmek için giriş yapın ya da başvurunuzu sorgulayın.' });
  await offer.getByRole('button', { name: 'Başvuru Sorgulama' }).click();
  const inquiry = page.getByRole('dialog', { name: 'Başvuru Sorgulama' });
  await expect(inquiry).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(inquiry).toBeHidden();
  await offer.getByRole('button', { name: 'Giriş Yap' }).click();
  await expect(page.getByRole('dialog', { name: 'Giriş Yap' })).toBeVisible();
  // The number typed is still there.
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('Hizmet numarası')).toHaveValue(FIXTURE_TRANSFER_SERVICE_NUMBER);
});

test('§4 transfer flow: a logged-in customer completes after the package', async ({ page }) => {
  await apiLogin(page.request, FIXTURE_CUSTOMERS.notSent);
  const before = (await (await page.request.get('/api/session')).json()).data.subscriptions.length;
  await openTransferAsCustomer(page);
  const number = serviceNumber('18');
  await enterServiceNumber(page, number);
  await chooseAddress(page, 'Daire 5');
  await page.getByRole('button', { name: 'Paket Seç' }).click();
  await page.getByRole('radio').first().check();
  await fileAsCustomer(page);
  await passFinishLine(page);
  const after = (await (await page.request.get('/api/session')).json()).data.subscriptions;
  expect(after.length).toBe(before + 1);
  expect(after[0].service_number).toBe(number);
});

async function openTransferAsCustomer(page: Page) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Transfer Başvurusu' }).click();
  await expect(page.getByRole('list', { name: 'Başvuru adımları' }).getByRole('listitem')).toHaveCount(4);
}

test('§8 registered_user at transfer step 4: the registered-user popup', async ({ page }) => {
  const registered = FIXTURE_CUSTOMERS.notSent.nationality_number;
  // The steps before the identity are the transfer flow's own tests: here their calls only.
  await startTransferAtIdentity(page, serviceNumber('88'));
  await fillIdentity(page, { ...newApplicant(), nationality_number: registered });
  await page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
  await page.getByRole('button', { name: 'Eklemeden Devam Et' }).click();

  const dialog = page.getByRole('alertdialog', { name: 'Kayıtlı Kullanıcı' });
  await expect(dialog).toContainText('Bu TC kimlik numarası ile kayıtlı bir kullanıcı bulunmaktadır.');
  await expect(dialog).toContainText('Tek bir hesapla tüm aboneliklerinizi görüntüleyebilirsiniz.');
  await expectNoAxeViolations(page);
  // 'Giriş Yap' opens the login with the number filled in
  // (docs/decisions/0010-where-the-spec-is-silent.md); closing it leaves the form as it was.
  await dialog.getByRole('button', { name: 'Giriş Yap' }).click();
  const login = page.getByRole('dialog', { name: 'Giriş Yap' });
  await expect(login.getByLabel('TC Kimlik No')).toHaveValue(registered);
  await login.getByRole('button', { name: 'Kapat', exact: true }).click();
  await expect(login).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Nüfus bilgileriniz' })).toBeVisible();
  await expect(page.getByLabel('T.C. Kimlik No')).toHaveValue(registered);
  await expect(page.getByLabel('Ad', { exact: true })).toHaveValue('Elif');
});
