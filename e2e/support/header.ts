import { expect, type Locator, type Page } from '@playwright/test';

/** The header's navigation landmark, in either language. */
export const headerNav = (page: Page): Locator => page.getByRole('navigation', { name: /^(Ana menü|Main menu)$/ });

/**
 * The header's navigation with its links showing: at phone widths they sit behind the 'Menü'
 * button, which this opens (again, if a click came before the page was interactive).
 */
export async function openHeaderMenu(page: Page): Promise<Locator> {
  const nav = headerNav(page);
  const toggle = nav.getByRole('button', { name: /^(Menü|Menu)$/ });
  if (await toggle.isVisible()) {
    await expect(async () => {
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 });
    }).toPass();
  }
  return nav;
}
