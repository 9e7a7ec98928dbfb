import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import axe, { type AxeResults } from 'axe-core';
import { AXE_TAGS as TAGS } from './axe-tags';

/**
 * axe-core's run over the page, with the rules of `TAGS`: what `new AxeBuilder({ page }).withTags(TAGS).analyze()`
 * answers, for a page without frames, at a fraction of its cost. AxeBuilder injects axe-core's 550 KB
 * into the page on every scan and then again into a blank page it opens to merge the frames' results
 * (3-5 s a scan on this 2-core machine); here axe-core is injected once per document and run in it.
 * A page with frames (this site has none) is left to AxeBuilder, which scans inside them.
 */
async function runAxe(page: Page): Promise<AxeResults> {
  if (page.frames().length > 1) return new AxeBuilder({ page }).withTags(TAGS).analyze();
  const injected = await page.evaluate(() => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === 'function');
  if (!injected) {
    await page.evaluate(axe.source);
    await page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.configure({ branding: { application: 'playwright' } }));
  }
  return page.evaluate((values) => (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values } }), TAGS);
}

/**
 * Fails with the list of WCAG 2.2 A/AA violations axe-core finds on the page as it is now.
 *
 * A test tagged '@phone' runs in both projects, and its screens are the same at both widths, so its
 * scans run once, in the phone project (the one playwright.config.ts gives "axe on every screen");
 * `everyWidth` scans in both, for the public pages whose header is laid out differently at 1280 px.
 */
export async function expectNoAxeViolations(page: Page, { everyWidth = false } = {}) {
  const info = test.info();
  if (!everyWidth && info.project.name !== 'phone' && info.tags.includes('@phone')) return;
  // A popup fading in is not yet at its colours: judge the page once its transitions have finished
  // (a spinner's endless turn does not count).
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const results = await runAxe(page);
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary).toEqual([]);
}
