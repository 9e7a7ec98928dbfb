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
        what: `Lab LCP of ${names[key]}`,
        figure: ms(page.lcpMs),
        baseline: ms(floorStyled.lcpMs),
        ratio: ratio(page.lcpMs, floorStyled.lcpMs),
        limit: `≤ ${LCP_LIMIT} × styled floor`,
        met: page.lcpMs <= LCP_LIMIT * floorStyled.lcpMs,
      },
      {
        id: `lab.${key}.tbt`,
        what: `Lab TBT of ${names[key]}`,
        figure: ms(page.tbtMs),
        baseline: ms(floor.tbtMs),
        ratio: ratio(page.tbtMs, floor.tbtMs),
        limit: `≤ ${TBT_LIMIT} × floor (at least ${TBT_ALLOWANCE_MS} ms)`,
        met: page.tbtMs <= tbtLimitMs(floor.tbtMs),
      },
    );
  }
  // Nothing shifts on a page that is right; one row says it of all three.
  const shifts = PAGES.map((key) => lab.pages[key].cls);
  list.push({
    id: 'lab.cls',
    what: `Lab CLS of ${PAGES.map((key) => names[key]).join(', ')}`,
    figure: shifts.map((cls) => fixed(cls, 3)).join(' / '),
    baseline: fixed(floor.cls, 3),
    ratio: ratio(Math.max(...shifts), CLS_LIMIT),
    limit: `≤ ${CLS_LIMIT} each`,
    met: shifts.every((cls) => cls <= CLS_LIMIT),
  });
  const { interaction } = lab;
  list.push({
    id: 'lab.interaction.inp',
    what: `INP of the tap on “${interaction.link}” on \`/\``,
    figure: ms(interaction.inpMs),
    baseline: `${INP_LIMIT_MS} ms`,
    ratio: ratio(interaction.inpMs, INP_LIMIT_MS),
    limit: `≤ ${INP_LIMIT_MS} ms`,
    met: interaction.inpMs <= INP_LIMIT_MS,
  });
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
    return `| ${names[key]} | ${ms(page.lcpMs)} | ${ms(page.fcpMs)} | ${fixed(page.cls, 3)} | ${ms(page.tbtMs)} | ${fixed(ratio(page.lcpMs, floorStyled.lcpMs))} | ${fixed(ratio(page.tbtMs, floor.tbtMs))} | ${capped} |`;
  };
  return [
    `## Lab vitals (median of ${settings.loads} loads)`,
    '',
    `\`scripts/bench/lab-vitals.mjs\` ([decision 0014](docs/decisions/0014-lab-vitals-without-lighthouse-artifacts.md)): Chromium without tracing or screenshots, ${settings.network.latency} ms per request, ${kbit(settings.network.downloadThroughput)} down, ${kbit(settings.network.uploadThroughput)} up, CPU ${settings.cpuSlowdown}× slower; ` +
      `a load ends ${settings.quietMs / 1000} s after its load event without requests or long tasks (*capped* at ${settings.capMs / 1000} s).`,
    '',
    '| page | LCP | FCP | CLS | TBT | LCP ÷ styled floor | TBT ÷ floor | capped |',
    '|---|---|---|---|---|---|---|---|',
    ...['floor', 'floorStyled', ...PAGES].filter((key) => pages[key]).map(row),
    '',
    `After each load of \`/\`, a tap on “${interaction.link}” until the wizard's first field (${interaction.field}) is drawn, from its pointerdown: ` +
      `median ${ms(interaction.toFieldMs)} (in the DOM after ${ms(interaction.toDomMs)}); INP median ${ms(interaction.inpMs)}, at most ${ms(Math.max(...interaction.runs.map((run) => run.inpMs)))}.` +
      (lab.seconds ? ` The lab step took ${Math.round(lab.seconds)} s` : '') +
      (lab.date ? `, measured alone (\`--only=lab\`) on ${lab.date.slice(0, 16).replace('T', ' ')}${lab.commit ? ` at ${lab.commit}` : ''}.` : '.'),
    '',
  ];
}
