import { expect, type Page } from '@playwright/test';
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
 * building, then the inner door: door n has a BBK code ending in n-1 (DESIGN.md §5), so
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

/** Adds and verifies the phone or the mail through its popup, with the code from the sandbox outbox. */
export async function verifyContact(page: Page, kind: 'phone' | 'mail', value: string) {
  await page.getByRole('button', { name: kind === 'phone' ? 'Cep telefonu: Ekle' : 'E-posta: Ekle' }).click();
  const dialog = page.getByRole('dialog', { name: kind === 'phone' ? 'Telefon numarası doğrulama' : 'E-posta doğrulama' });
  const input = dialog.getByLabel(kind === 'phone' ? 'Cep telefonu numaranız' : 'E-posta adresiniz');
  if (kind === 'phone') await input.pressSequentially(value.replace(/^\+90/, '').replace(/\D/g, ''));
  else await input.fill(value);
  await dialog.getByRole('button', { name: 'Kod Gönder' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: value })).toBeVisible();
  await dialog.getByLabel('Onay kodu').pressSequentially(await latestCode(value));
  await dialog.getByRole('button', { name: 'Onayla' }).click();
  await expect(dialog).toBeHidden();
}
