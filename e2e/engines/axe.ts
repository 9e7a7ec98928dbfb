import axe from 'axe-core';
import { AXE_TAGS } from '../support/axe-tags';
import type { EnginePage } from './page';

/** axe-core's source as one expression (it defines `window.axe`), sent once per document. */
const injection = `(${axe.source.trim().replace(/;$/, '')}, true)`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The Chromium suite's scan (e2e/support/axe.ts) in WebKit or Firefox: axe-core put into the page
 * through the engine's driver, run with the same WCAG 2.0/2.1/2.2 A and AA rules, once the page's
 * transitions have finished (a popup fading in is not yet at its colours). Fails with the list of
 * violations, named as axe names them.
 */
export async function expectNoAxeViolations(web: EnginePage) {
  const deadline = Date.now() + 10_000;
  while (
    !(await web.evaluate<boolean>(
      'document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity)',
    ))
  ) {
    if (Date.now() > deadline) break;
    await sleep(50);
  }
  if (!(await web.evaluate<boolean>('typeof window.axe?.run === "function"'))) await web.evaluate(injection);
  const violations = await web.evaluate<string[]>(
    `window.axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(AXE_TAGS)} } }).then((results) => results.violations.map((v) => v.id + ': ' + v.help + ' (' + v.nodes.map((n) => n.target.join(' ')).join(', ') + ')'))`,
  );
  if (violations.length) throw new Error(`axe finds WCAG 2.2 A/AA violations on ${await web.url()}:\n${violations.join('\n')}`);
}
