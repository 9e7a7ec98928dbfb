import { expect, test } from '@playwright/test';
import { FIXTURE_CUSTOMERS } from '@/sandbox/fixtures';
import { apiLogin } from './support/api';
import { startAtPackage } from './support/flow-state';
import { withLock } from './support/lock';
import { chooseLevel } from './support/wizard';

// Every text the product builds is English on an English page; data the upstream sends in Turkish
// only is marked lang="tr".

test('English is English: setup fee, prices and the tariff tag in English, Turkish-only tariff names marked as Turkish', async ({ page }) => {
  test.slow();
  await page.goto('/en?basvuru=yeni');
  await chooseLevel(page, 'Province', 'İstanbul');
  // Place names are Turkish data: the list and the chosen name are marked so.
  await expect(page.getByRole('combobox', { name: 'Province' })).toHaveAttribute('lang', 'tr');
  await expect(page.getByRole('combobox', { name: 'District' })).toHaveAttribute('lang', 'tr');
  await expect(page.locator('[role="listbox"][aria-label="District"]')).toHaveAttribute('lang', 'tr');
  await chooseLevel(page, 'District', 'Kadıköy');
  await chooseLevel(page, 'Neighbourhood');
  await chooseLevel(page, 'Street/Avenue');
  await chooseLevel(page, 'Building');
  await chooseLevel(page, 'Inner door no', 'Daire 2');
  await page.getByRole('button', { name: 'Choose a package' }).click();

  const first = page.getByRole('radio').first();
  await first.check();
  const card = page.locator('fieldset label').first();
  await expect(card).toContainText('419.90 TL / month');
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
  // Door 2 through the address step's calls: the package step is what this test reads.
  await startAtPackage(page);
  const first = page.getByRole('radio').first();
  await first.check();
  const card = page.locator('fieldset label').first();
  await expect(card.getByText('Limitsiz Fiber 100', { exact: true })).not.toHaveAttribute('lang', /.*/);
  await expect(page.getByLabel('Kurulum ücreti ödeme yöntemi').getByRole('option')).toHaveText(['Ödeme yöntemini seçin', 'Peşin - 999 TL', '12 X 150 TL']);
  await expect(card).toContainText('449,90 TL');
});

test('English account pages mark Turkish-only data: tariff names, the address and the reviewer\'s message', async ({ page }) => {
  const customer = FIXTURE_CUSTOMERS.approved;
  await apiLogin(page.request, customer);
  await page.goto('/en#profil');
  const profile = page.getByRole('dialog', { name: 'My account' });
  const corporate = profile.getByRole('list', { name: 'Your subscriptions' }).locator(':scope > li').first();
  await expect(corporate.getByText('Limitsiz Fiber 1000', { exact: true })).toHaveAttribute('lang', 'tr');
  await corporate.getByRole('button', { name: /See details/ }).click();
  const detail = page.getByRole('dialog', { name: /Limitsiz Fiber 1000/ });
  await expect(detail.getByText(/Kadıköy/)).toHaveAttribute('lang', 'tr');
  await detail.getByRole('tab', { name: 'Customer info' }).click();
  // The profile's tests change these documents' status: one at a time.
  await withLock('company-docs-1003', async () => {
    await detail.getByRole('button', { name: 'Company documents' }).click();
    const docs = page.getByRole('dialog', { name: 'Company documents' });
    await expect(docs.getByText('Vergi levhası okunaklı değil. Lütfen belgeleri yeniden yükleyin.')).toHaveAttribute('lang', 'tr');
    await expect(page).toHaveURL(/#profil\/abonelik\/1003\/belgeler$/);
  });
});
