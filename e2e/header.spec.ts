import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { headerNav, openHeaderMenu } from './support/header';

// Phone layout: a compact header, its links behind a menu button. The first test
// sets the phone's width itself and runs in the phone project alone (playwright.config.ts).

test('phone layout: a compact header whose links open from the menu button and close by Escape and on a new page', { tag: '@phone-only' }, async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const header = page.getByRole('banner');
  // Was about 155 px with four links in two rows.
  expect((await header.boundingBox())!.height).toBeLessThanOrEqual(80);
  const nav = headerNav(page);
  const toggle = nav.getByRole('button', { name: 'Menü' });
  const howTo = nav.getByRole('link', { name: 'Nasıl Başvuru Yapılır ?' });
  await expect(howTo).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  // The inquiry (or the customer's name) stays one tap away.
  await expect(nav.getByRole('button', { name: 'Başvuru Sorgulama' })).toBeVisible();

  await openHeaderMenu(page);
  await expect(howTo).toBeVisible();
  await expect(nav.getByRole('button', { name: 'İletişim Formu' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Switch to English' })).toBeVisible();
  await expectNoAxeViolations(page);
  // Touch targets: every control of the header, the open menu's too, is at least 44 × 44 px.
  const controls = await nav.getByRole('button').or(nav.getByRole('link')).all();
  expect(controls.length).toBeGreaterThanOrEqual(5);
  for (const control of controls) {
    const box = (await control.boundingBox())!;
    const name = (await control.getAttribute('aria-label')) ?? (await control.textContent());
    expect(Math.min(box.width, box.height), `${name}: ${box.width} × ${box.height} px`).toBeGreaterThanOrEqual(43.5);
  }
  // Opening the menu moves nothing on the page: it lies over it.
  expect((await header.boundingBox())!.height).toBeLessThanOrEqual(80);

  await page.keyboard.press('Escape');
  await expect(howTo).toBeHidden();
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(howTo).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Nasıl Yapılır ?' })).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(howTo).toBeHidden();
});

test('wide screens show the header links in a row, without a menu button', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const nav = headerNav(page);
  await expect(nav.getByRole('button', { name: 'Menü' })).toBeHidden();
  for (const item of [nav.getByRole('link', { name: 'Nasıl Başvuru Yapılır ?' }), nav.getByRole('button', { name: 'İletişim Formu' }), nav.getByRole('button', { name: 'Başvuru Sorgulama' })]) {
    await expect(item).toBeVisible();
  }
});
