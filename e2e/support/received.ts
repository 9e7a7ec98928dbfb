import { expect, type Page } from '@playwright/test';

/** The finish line after an application is filed, then on to the profile ('Hesabıma Git'). */
export async function passFinishLine(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Başvurunuz alındı' })).toBeFocused();
  await expect(page.getByText(/^Başvuru numaranız: \d+/)).toBeVisible();
  await page.getByRole('button', { name: 'Hesabıma Git' }).click();
  await expect(page).toHaveURL(/\/$/);
}
