/**
 * The axe-core rules every scan runs, by tag: WCAG 2.0, 2.1 and 2.2 at levels A and AA (2.2 adds
 * `target-size`, wcag22aa; axe has no wcag22a rule). The criteria of 2.2 axe cannot judge have
 * tests of their own (e2e/wcag22.spec.ts). Shared by the Chromium suite and the other engines.
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
