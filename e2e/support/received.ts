import { expect, type Page } from '@playwright/test';

/** The finish line after an application is filed, then on to the profile ('Hesabıma Git') at its own URL. */
export async function passFinishLine(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Başvurunuz alındı' })).toBeFocused();
  await expect(page.getByText(/^Başvuru numaranız: \d+/)).toBeVisible();
  await page.getByRole('button', { name: 'Hesabıma Git' }).click();
  await expect(page).toHaveURL(/\/#profil$/);
  await expect(page.getByRole('dialog', { name: 'Hesabım' })).toBeVisible();
}
