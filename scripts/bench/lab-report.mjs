// The lab vitals' budgets and their section of BENCHMARKS.md (scripts/bench/lab-vitals.mjs measures).
import { fixed, ratio } from './stats.mjs';

/** Our pages the lab budgets hold on, each against the floors of the same run. */
const PAGES = ['home', 'howTo', 'en'];
export const LCP_LIMIT = 1.1;
export const TBT_LIMIT = 1.2;
/**
 * A floor that blocks (nearly) nothing makes 1.2 × its TBT a ratio of noise: the limit is then
 * 50 ms, one task of 100 ms on the slowed CPU. From a floor of 42 ms up, 1.2 × the floor is larger.
 */
export const TBT_ALLOWANCE_MS = 50;
export const CLS_LIMIT = 0.01;
export const INP_LIMIT_MS = 200;

const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');

/** The limit on a page's median TBT, given the bare floor's. */
export const tbtLimitMs = (floorTbtMs) => Math.max(TBT_LIMIT * floorTbtMs, TBT_ALLOWANCE_MS);

/** `lab`: what measureLabVitals answered; `names`: how BENCHMARKS.md names each page key. */
export function labBudgets(lab, names) {
  const list = [];
  const { floor, floorStyled } = lab.pages;
  for (const key of PAGES) {
    const page = lab.pages[key];
    list.push(
      {
        id: `lab.${key}.lcp`,
        what: `Lab Largest Contentful Paint, ${names[key]} through the edge, against the floor with \`/\`'s stylesheets`,
        figure: ms(page.lcpMs),
        baseline: ms(floorStyled.lcpMs),
        ratio: ratio(page.lcpMs, floorStyled.lcpMs),
        limit: `≤ ${LCP_LIMIT} × styled floor`,
        met: page.lcpMs <= LCP_LIMIT * floorStyled.lcpMs,
      },
      {
        id: `lab.${key}.tbt`,
        what: `Lab Total Blocking Time, ${names[key]} through the edge, against the bare floor`,
        figure: ms(page.tbtMs),
        baseline: ms(floor.tbtMs),
        ratio: ratio(page.tbtMs, floor.tbtMs),
        limit: `≤ ${TBT_LIMIT} × floor (at least ${TBT_ALLOWANCE_MS} ms)`,
        met: page.tbtMs <= tbtLimitMs(floor.tbtMs),
      },
      {
        id: `lab.${key}.cls`,
        what: `Lab Cumulative Layout Shift, ${names[key]} through the edge`,
        figure: fixed(page.cls, 3),
        baseline: fixed(floor.cls, 3),
        ratio: ratio(page.cls, CLS_LIMIT),
        limit: `≤ ${CLS_LIMIT}`,
        met: page.cls <= CLS_LIMIT,
      },
    );
  }
  const { interaction } = lab;
  list.push(
    {
      id: 'lab.interaction.inp',
      what: `Interaction to Next Paint of the tap on “${interaction.link}” on \`/\` (4× slower CPU)`,
      figure: ms(interaction.inpMs),
      baseline: `${INP_LIMIT_MS} ms`,
      ratio: ratio(interaction.inpMs, INP_LIMIT_MS),
      limit: `≤ ${INP_LIMIT_MS} ms`,
      met: interaction.inpMs <= INP_LIMIT_MS,
    },
    {
      id: 'lab.interaction.toField',
      what: `The tap on “${interaction.link}” until the wizard's first field (${interaction.field}) is on screen`,
      figure: ms(interaction.toFieldMs),
      baseline: `LCP of \`/\` ${ms(lab.pages.home.lcpMs)}`,
      ratio: ratio(interaction.toFieldMs, lab.pages.home.lcpMs),
      limit: 'reported',
      met: null,
    },
  );
  return list;
}

/** The section of BENCHMARKS.md: every page's medians, the floors beside them, the tap. */
export function labSection(lab, names) {
  const { settings, pages, interaction } = lab;
  const { floor, floorStyled } = pages;
  const kbit = (bytesPerSecond) => `${fixed((bytesPerSecond * 8) / 1024, 0)} kbit/s`;
  const row = (key) => {
    const page = pages[key];
    const capped = page.runs.filter((run) => run.capped).length;
    return `| ${names[key]} | ${ms(page.lcpMs)} | ${ms(page.fcpMs)} | ${fixed(page.cls, 3)} | ${ms(page.tbtMs)} | ${ms(page.longestTaskMs)} | ${fixed(ratio(page.lcpMs, floorStyled.lcpMs))} | ${fixed(ratio(page.tbtMs, floor.tbtMs))} | ${capped} |`;
  };
  const runs = (field) => interaction.runs.map((run) => Math.round(run[field])).join(', ');
  return [
    `## Lab vitals (Chromium, ${settings.cpuSlowdown}× slower CPU, slow 4G applied, median of ${settings.loads} loads)`,
    '',
    `scripts/bench/lab-vitals.mjs: Debian's Chromium driven by Playwright, with no tracing and no screenshots, a fresh browser context per load, Lighthouse's mobile device (${settings.viewport.width}×${settings.viewport.height} at ${settings.deviceScaleFactor}, touch, its user agent), ` +
      `the network slowed through the DevTools protocol (${settings.network.latency} ms per request, ${kbit(settings.network.downloadThroughput)} down, ${kbit(settings.network.uploadThroughput)} up) and the CPU ${settings.cpuSlowdown}× (\`Emulation.setCPUThrottlingRate\`). ` +
      `Google's web-vitals library, added before any script of the page, reports LCP, FCP, CLS and INP (every change); a \`longtask\` observer gives Total Blocking Time as Lighthouse counts it (each long task from the first paint on, less 50 ms). ` +
      `A load ends after its load event once ${settings.quietMs / 1000} s pass without a request in flight and without a long task (Lighthouse's quiet thresholds), at most ${settings.capMs / 1000} s after it started (*capped*). ` +
      'The pages and both floors are loaded in turn, round after round; our pages through the edge, the floors from `next start`.',
    '',
    '| page | LCP | FCP | CLS | TBT | longest task | LCP ÷ styled floor | TBT ÷ floor | capped runs |',
    '|---|---|---|---|---|---|---|---|---|',
    ...['floor', 'floorStyled', ...PAGES].filter((key) => pages[key]).map(row),
    '',
    `The first interaction, after each load of \`/\` once it was measured (${interaction.runs.length} times): a tap on “${interaction.link}” until the wizard's first field (${interaction.field}) is on screen, ` +
      `timed in the page from the tap's pointerdown to the end of the frame that draws the field: median ${ms(interaction.toFieldMs)} (in the DOM after ${ms(interaction.toDomMs)}); runs ${runs('toFieldMs')} ms. ` +
      `INP as web-vitals reports it for that tap: median ${ms(interaction.inpMs)}; runs ${runs('inpMs')} ms.`,
    '',
    ...(lab.seconds ? [`The lab step took ${Math.round(lab.seconds)} s.`, ''] : []),
  ];
}
