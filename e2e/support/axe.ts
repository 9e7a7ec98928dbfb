import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

/**
 * Fails with the list of WCAG 2.1 A/AA violations axe-core finds on the page as it is now.
 *
 * A scan costs 3-5 s on this 2-core machine. A test tagged '@phone' runs in both projects, and its
 * screens are the same at both widths, so its scans run once, in the phone project (the one
 * playwright.config.ts gives "axe on every screen"); `everyWidth` scans in both, for the public pages
 * whose header is laid out differently at 1280 px.
 */
export async function expectNoAxeViolations(page: Page, { everyWidth = false } = {}) {
  const info = test.info();
  if (!everyWidth && info.project.name !== 'phone' && info.tags.includes('@phone')) return;
  // A popup fading in is not yet at its colours: judge the page once its transitions have finished
  // (a spinner's endless turn does not count).
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary).toEqual([]);
}
