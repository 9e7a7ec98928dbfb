import { expect, test } from '@playwright/test';
import { confirmCommitment } from './support/consents';
import { startAtIdentity } from './support/flow-state';
import { fillIdentity, newApplicant } from './support/wizard';

test('§9 default nationality TR: the nationality lists the settings\' countries, Türkiye first chosen, and the choice is sent', async ({ page }) => {
  await startAtIdentity(page);
  const nationality = page.getByLabel('Uyruk');
  await expect(nationality).toHaveValue('TR');
  await expect(nationality.getByRole('option', { name: 'Türkiye' })).toHaveCount(1);
  await expect(nationality.getByRole('option', { name: 'Almanya' })).toHaveCount(1);
  await nationality.selectOption({ label: 'Almanya' });
  await fillIdentity(page, newApplicant());

  const sent = page.waitForRequest((request) => request.url().endsWith('/customers/register-step-3'));
  await page.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
  await page.getByRole('button', { name: 'Eklemeden Devam Et' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ nationality: 'DE' });
  await confirmCommitment(page);
  await expect(page.getByRole('heading', { name: 'İletişim bilgileriniz' })).toBeVisible();
});
