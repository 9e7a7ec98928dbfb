import { expect, type Page } from '@playwright/test';
import { latestCode } from './sandbox';

/**
 * The login popup that opened with the customer's TC number already filled in (an ended session,
 * the registered-user popup): checks the number, sends it, types the SMS code once it was sent (so
 * the newest code is this one) and confirms it.
 */
export async function logInFromPrefilledPopup(page: Page, customer: { nationality_number: string; phone: string }) {
  const login = page.getByRole('dialog', { name: 'Giriş Yap' });
  await expect(login.getByLabel('TC Kimlik No')).toHaveValue(customer.nationality_number);
  await login.getByRole('button', { name: 'Giriş Yap' }).click();
  await expect(login.getByLabel('SMS Kodu')).toBeFocused();
  await login.getByLabel('SMS Kodu').fill(await latestCode(customer.phone));
  await login.getByRole('button', { name: 'Kodu Onayla' }).click();
  await expect(login).toBeHidden();
}
