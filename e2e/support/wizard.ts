import { expect, type Page, test } from '@playwright/test';
import { maskMail, maskPhone } from '@/lib/domain/mask';
import { expectNoAxeViolations } from './axe';
import { confirmCommitment } from './consents';
import { randomNationalityNumber } from './people';
import { latestCode } from './sandbox';

/** Picks one level of the address cascade: by name, or the first option when no name is given. */
export async function chooseLevel(page: Page, label: string, option?: string) {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.click();
  if (option) {
    await box.fill(option.slice(0, 4));
    await page.getByRole('listbox', { name: label }).getByRole('option', { name: option, exact: true }).click();
  } else {
    await page.getByRole('listbox', { name: label }).getByRole('option').first().click();
  }
}

/**
 * İstanbul / Kadıköy (one township and one village, skipped), the first neighbourhood, street and
 * building, then the inner door: door n has a BBK code ending in n-1
 * (docs/decisions/0011-embedded-sandbox-upstream.md), so
 * 'Daire 1' is gigabit fibre, 'Daire 2' fibre, 'Daire 7' VDSL, 'Daire 9' ADSL, 'Daire 10' nothing.
 */
export async function chooseAddress(page: Page, door: string, { province = 'İstanbul', district = 'Kadıköy' } = {}) {
  await chooseLevel(page, 'İl', province);
  await chooseLevel(page, 'İlçe', district);
  await chooseLevel(page, 'Mahalle');
  await chooseLevel(page, 'Sokak/Cadde');
  await chooseLevel(page, 'Bina');
  await chooseLevel(page, 'İç Kapı No', door);
}

export interface Identity {
  nationality_number: string;
  serial: string;
  name: string;
  surname: string;
  mother: string;
  father: string;
  birthdate: string;
  securityWord: string;
}

export async function fillIdentity(page: Page, person: Identity) {
  await page.getByLabel('T.C. Kimlik No').pressSequentially(person.nationality_number);
  await page.getByLabel('Kimlik Seri No').fill(person.serial);
  await page.getByLabel('Ad', { exact: true }).fill(person.name);
  await page.getByLabel('Soyad', { exact: true }).fill(person.surname);
  await page.getByLabel('Anne Adı').fill(person.mother);
  await page.getByLabel('Baba Adı').fill(person.father);
  await page.getByLabel('Doğum Tarihi').pressSequentially(person.birthdate.replaceAll('/', ''));
  await page.getByRole('radio', { name: 'Kadın' }).check();
  await page.getByLabel('Meslek').selectOption({ index: 1 });
  await page.getByLabel('Güvenlik Kelimesi', { exact: true }).fill(person.securityWord);
}

/**
 * Adds and verifies the phone or the mail through its popup, with the code from the sandbox outbox
 * (at `sandbox`, an origin, or as `sandbox` reads it); `axe` scans the popup once the code was sent.
 */
export async function verifyContact(
  page: Page,
  kind: 'phone' | 'mail',
  value: string,
  sandbox?: string | ((to: string) => string | Promise<string>),
  { axe = false } = {},
) {
  await page.getByRole('button', { name: kind === 'phone' ? 'Cep telefonu: Ekle' : 'E-posta: Ekle' }).click();
  const dialog = page.getByRole('dialog', { name: kind === 'phone' ? 'Telefon numarası doğrulama' : 'E-posta doğrulama' });
  const input = dialog.getByLabel(kind === 'phone' ? 'Cep telefonu numaranız' : 'E-posta adresiniz');
  if (kind === 'phone') await input.pressSequentially(phoneDigits(value));
  else await input.fill(value);
  await dialog.getByRole('button', { name: 'Kod Gönder' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: kind === 'phone' ? maskPhone(value) : maskMail(value) })).toBeVisible();
  if (axe) await expectNoAxeViolations(page);
  await dialog.getByLabel('Onay kodu').pressSequentially(await (typeof sandbox === 'function' ? sandbox(value) : latestCode(value, sandbox)));
  await dialog.getByRole('button', { name: 'Onayla' }).click();
  await expect(dialog).toBeHidden();
}

/** Someone new to the provider, with a TC kimlik no nobody else in the run uses. */
export const newApplicant = (): Identity => ({
  nationality_number: randomNationalityNumber(),
  serial: 'A12B34567',
  name: 'Elif',
  surname: 'Şahin',
  mother: 'Gül',
  father: 'Ömer',
  birthdate: '14/02/1990',
  securityWord: 'Çiçekçi',
});

export async function openWizard(page: Page) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Yeni Başvuru' }).click();
  await expect(page).toHaveURL(/basvuru=yeni/);
  await expect(page.getByRole('heading', { level: 1, name: 'Yeni Başvuru' })).toBeVisible();
}

/**
 * A new application's address (a 100 Mbps fibre door) and package, as far as the identity step.
 * Six address levels, a package and the rules of the step itself take more than the default minute
 * on a busy two-core machine, so a test that walks here gets the slow budget.
 */
export async function reachIdentity(page: Page, door = 'Daire 2', open: () => Promise<unknown> = () => openWizard(page)) {
  test.slow();
  await open();
  await chooseAddress(page, door);
  await expect(page.getByText('Altyapınız 100 Mbps hıza kadar destekliyor.')).toBeVisible();
  await page.getByRole('button', { name: 'Paket Seç' }).click();
  await page.getByRole('radio').first().check();
  await page.getByLabel('Kurulum ücreti ödeme yöntemi').selectOption({ label: '12 X 150 TL' });
  await page.getByRole('button', { name: 'Nüfus Bilgilerini Ekle' }).click();
  await expect(page.getByRole('heading', { name: 'Nüfus bilgileriniz' })).toBeVisible();
}

/** On to the contact step, with a new applicant and no campaign code, the commitment summary confirmed. */
export async function reachContact(page: Page, applicant: Identity = newApplicant()) {
  await reachIdentity(page);
  await fillIdentity(page, applicant);
  await page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
  await page.getByRole('button', { name: 'Eklemeden Devam Et' }).click();
  await confirmCommitment(page);
  await expect(page.getByRole('heading', { name: 'İletişim bilgileriniz' })).toBeVisible();
}

/** The digits a visitor types into the phone mask for `+90 (5xx) xxx xx xx`. */
export const phoneDigits = (phone: string) => phone.replace(/^\+90/, '').replace(/\D/g, '');
