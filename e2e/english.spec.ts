import { expect, test } from '@playwright/test';
import { chooseLevel } from './support/wizard';

// Every text the product builds is English on an English page; data the upstream sends in Turkish
// only is marked lang="tr" (issue 21, item 8).

test('English is English: setup fee, prices and the tariff tag in English, Turkish-only tariff names marked as Turkish', async ({ page }) => {
  test.slow();
  await page.goto('/en?basvuru=yeni');
  await chooseLevel(page, 'Province', 'İstanbul');
  await chooseLevel(page, 'District', 'Kadıköy');
  await chooseLevel(page, 'Neighbourhood');
  await chooseLevel(page, 'Street/Avenue');
  await chooseLevel(page, 'Building');
  await chooseLevel(page, 'Inner door no', 'Daire 2');
  await page.getByRole('button', { name: 'Choose a package' }).click();

  const first = page.getByRole('radio').first();
  await first.check();
  const card = page.locator('fieldset label').first();
  await expect(card).toContainText('449.90 TL / month');
  await expect(card).toContainText('Prepaid: pay, then use');
  await expect(card.getByText('Limitsiz Fiber 100', { exact: true })).toHaveAttribute('lang', 'tr');

  const setup = page.getByLabel('Setup fee payment method');
  await expect(setup.getByRole('option')).toHaveText(['Choose a payment method', 'Upfront - 999 TL', '12 X 150 TL']);
  await setup.selectOption({ label: 'Upfront - 999 TL' });

  const summary = page.getByRole('complementary', { name: 'Application summary' });
  await expect(summary).toContainText('Months 1–3: 419.90 TL');
  await expect(summary).toContainText('Upfront - 999 TL');
  await expect(summary.getByText('Limitsiz Fiber 100', { exact: true })).toHaveAttribute('lang', 'tr');
  await expect(summary.getByText('Kadıköy', { exact: true })).toHaveAttribute('lang', 'tr');
  // Nothing of the Turkish number format is left.
  await expect(summary).not.toContainText(/\d,\d\d TL/);
});

test('the Turkish page keeps the upstream\'s own words and the Turkish number format', async ({ page }) => {
  test.slow();
  await page.goto('/?basvuru=yeni');
  await chooseLevel(page, 'İl', 'İstanbul');
  await chooseLevel(page, 'İlçe', 'Kadıköy');
  await chooseLevel(page, 'Mahalle');
  await chooseLevel(page, 'Sokak/Cadde');
  await chooseLevel(page, 'Bina');
  await chooseLevel(page, 'İç Kapı No', 'Daire 2');
  await page.getByRole('button', { name: 'Paket Seç' }).click();
  const first = page.getByRole('radio').first();
  await first.check();
  const card = page.locator('fieldset label').first();
  await expect(card.getByText('Limitsiz Fiber 100', { exact: true })).not.toHaveAttribute('lang', /.*/);
  await expect(page.getByLabel('Kurulum ücreti ödeme yöntemi').getByRole('option')).toHaveText(['Ödeme yöntemini seçin', 'Peşin - 999 TL', '12 X 150 TL']);
  await expect(card).toContainText('449,90 TL');
});
