import { expect, test } from '@playwright/test';
import { chooseLevel, openWizard } from './support/wizard';

test("§2 every district list has 'Diğer': a district not in the list leads to the contact form about that province", async ({ page }) => {
  await openWizard(page);
  await chooseLevel(page, 'İl', 'Ankara');
  const district = page.getByRole('combobox', { name: 'İlçe', exact: true });
  await district.click();
  await district.fill('Diğ');
  await page.getByRole('listbox', { name: 'İlçe' }).getByRole('option', { name: 'Diğer', exact: true }).click();

  // No level below it, no 'Paket Seç': the way on is the contact form.
  await expect(page.getByRole('combobox', { name: 'Bucak', exact: true })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Mahalle', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Paket Seç' })).toHaveCount(0);
  const notice = page.getByRole('note').filter({ hasText: 'İlçeniz listede yok mu?' });
  await expect(notice).toContainText('Adresinizi iletişim formuyla bize yazın; altyapınızı kontrol edip sizi arayalım.');
  await notice.getByRole('button', { name: 'İletişim Formu' }).click();
  const dialog = page.getByRole('dialog', { name: 'İletişim Formu' });
  await expect(dialog.getByRole('textbox', { name: /Mesaj/ })).toHaveValue(/^Ankara ilinde, listede olmayan bir ilçedeki adresim için başvurmak istiyorum\./);
  await page.keyboard.press('Escape');

  // Another district again opens the cascade below it.
  await chooseLevel(page, 'İlçe', 'Çankaya');
  await expect(page.getByRole('combobox', { name: 'Mahalle', exact: true })).toBeVisible();
  await expect(notice).toHaveCount(0);
});
