import { expect, type Page, test } from '@playwright/test';
import { FIXTURE_CUSTOMERS } from '@/sandbox/fixtures';
import { apiLogin } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { randomMail, randomNationalityNumber, randomPhone } from './support/people';
import { chooseAddress, fillIdentity, verifyContact } from './support/wizard';

/** A service number no other test uses: the sandbox refuses one already in a live subscription. */
const serviceNumber = (prefix: '17' | '18' | '88') => `${prefix}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

async function openTransfer(page: Page) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Transfer Başvurusu' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Transfer Başvurusu' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Başvuru adımları' }).getByRole('listitem')).toHaveCount(5);
}

async function enterServiceNumber(page: Page, number: string) {
  await page.getByLabel('Hizmet numarası').fill(number);
  await page.getByRole('button', { name: 'Adres Bilgilerini Ekle' }).click();
}

for (const [prefix, kind] of [
  ['17', 'Fiber'],
  ['88', 'VDSL'],
] as const) {
  test(`a visitor transfers a ${kind} line (${prefix}…) and ends logged in with it listed`, async ({ page }) => {
    const number = serviceNumber(prefix);
    await openTransfer(page);
    await expectNoAxeViolations(page);
    await enterServiceNumber(page, number);

    const summary = page.getByRole('complementary', { name: 'Başvuru özeti' });
    await expect(summary).toContainText(number);
    await expect(summary).toContainText('Mevcut sağlayıcı');
    await expect(page.getByRole('combobox', { name: 'İl', exact: true })).toBeVisible();
    // Door 10 has no infrastructure for a new line; a transfer does not ask.
    await chooseAddress(page, 'Daire 10');
    await expect(page.getByText('Bölgeniz uygun değil')).toBeHidden();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Paket Seç' }).click();

    await expect(page.getByRole('heading', { name: 'Paketinizi seçin' })).toBeVisible();
    for (const name of await page.locator('label:has(input[type=radio])').allInnerTexts()) expect(name).toContain(kind);
    await expect(page.getByLabel('Kurulum ücreti ödeme yöntemi')).toBeHidden();
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

    await verifyContact(page, 'phone', randomPhone());
    await verifyContact(page, 'mail', randomMail());
    await page.getByRole('button', { name: 'Kaydı Tamamla' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner')).toContainText(`${applicant.name} ${applicant.surname}`);
    await expect(page.getByRole('dialog', { name: 'Hesabım' })).toBeVisible();
    const events = await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer);
    expect(events).toContainEqual({ event: 'online_subscription', flow: 'transfer' });
    const me = (await (await page.request.get('/api/session')).json()).data;
    expect(me.subscriptions[0].data.reference_type).toBe(2);
    expect(me.subscriptions[0].service_number).toBe(number);
  });
}

test('a short service number is refused at the field', async ({ page }) => {
  await openTransfer(page);
  await enterServiceNumber(page, '123');
  await expect(page.getByText(/Hizmet Numarası Hatalı/)).toBeVisible();
  await expect(page.getByLabel('Hizmet numarası')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Hizmet numarası')).toHaveValue('123');
});

test('three refused numbers open the contact form with the last error filled in', async ({ page }) => {
  await openTransfer(page);
  await enterServiceNumber(page, '12');
  await enterServiceNumber(page, '99999999');
  await expect(page.getByText('Hizmet numarası bulunamadı.')).toBeVisible();
  await enterServiceNumber(page, '90000001');
  const dialog = page.getByRole('dialog', { name: 'İletişim Formu' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: /Mesaj/ })).toHaveValue(/Hizmet numarası bulunamadı\./);
  await expectNoAxeViolations(page);
});

test('a logged-in customer transfers through auth-transfer-register-step-3', async ({ page }) => {
  await apiLogin(page.request, FIXTURE_CUSTOMERS.notSent);
  const before = (await (await page.request.get('/api/session')).json()).data.subscriptions.length;
  await openTransferAsCustomer(page);
  const number = serviceNumber('18');
  await enterServiceNumber(page, number);
  await chooseAddress(page, 'Daire 5');
  await page.getByRole('button', { name: 'Paket Seç' }).click();
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Başvuruyu Tamamla' }).click();
  await page.getByRole('button', { name: 'Eklemeden Devam Et' }).click();
  await expect(page).toHaveURL(/\/$/);
  const after = (await (await page.request.get('/api/session')).json()).data.subscriptions;
  expect(after.length).toBe(before + 1);
  expect(after[0].service_number).toBe(number);
});

async function openTransferAsCustomer(page: Page) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Transfer Başvurusu' }).click();
  await expect(page.getByRole('list', { name: 'Başvuru adımları' }).getByRole('listitem')).toHaveCount(3);
}
