import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the bench, without types
import { labBudgets, labSection } from './lab-report.mjs';
// @ts-expect-error: a plain ES module of the bench, without types
import { totalBlockingTime } from './lab-vitals.mjs';

interface Page {
  lcpMs: number;
  fcpMs: number;
  cls: number;
  tbtMs: number;
  runs: { capped: boolean }[];
}
interface Budget {
  id: string;
  met: boolean | null;
  limit: string;
}

const page = (lcpMs: number, tbtMs: number, cls = 0): Page => ({ lcpMs, fcpMs: lcpMs, cls, tbtMs, runs: [{ capped: false }] });
const names = { floor: 'floor', floorStyled: 'styled floor', home: '`/`', howTo: '`/nasil-yapilir`', en: '`/en`' };

function lab(pages: Partial<Record<'floor' | 'floorStyled' | 'home' | 'howTo' | 'en', Page>>, inpMs = 120) {
  return {
    settings: { loads: 1, network: { latency: 150, downloadThroughput: 209_715, uploadThroughput: 96_000 }, cpuSlowdown: 4, quietMs: 1000, capMs: 30_000, viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 },
    pages: { floor: page(400, 100), floorStyled: page(1000, 100), home: page(1000, 100), howTo: page(1000, 100), en: page(1000, 100), ...pages },
    interaction: { link: 'Yeni Başvuru', field: 'İl', toFieldMs: 1400, toDomMs: 1350, inpMs, runs: [{ toFieldMs: 1400, toDomMs: 1350, inpMs }] },
  };
}

const metOf = (list: Budget[]) => Object.fromEntries(list.map((budget) => [budget.id, budget.met]));

describe('the lab vitals budgets', () => {
  it('holds LCP against the styled floor, TBT against the bare floor, CLS and the tap INP absolutely', () => {
    const met = metOf(
      labBudgets(
        lab(
          {
            home: page(1100, 120, 0.01), // 1.1 × the styled floor, 1.2 × the floor: both at the limit
            howTo: page(1101, 90, 0.011), // LCP and CLS just over
            en: page(500, 121), // TBT just over
          },
          201,
        ),
        names,
      ),
    );
    expect(met).toEqual({
      'lab.home.lcp': true,
      'lab.home.tbt': true,
      'lab.howTo.lcp': false,
      'lab.howTo.tbt': true,
      'lab.en.lcp': true,
      'lab.en.tbt': false,
      'lab.cls': false,
      'lab.interaction.inp': false,
    });
    expect(metOf(labBudgets(lab({ home: page(1000, 100, 0.01) }), names))['lab.cls']).toBe(true);
  });

  it('allows 50 ms of TBT when the floor blocks (nearly) nothing, and only 1.2 × the floor above that', () => {
    const atZero = metOf(labBudgets(lab({ floor: page(400, 0), home: page(1000, 50), howTo: page(1000, 51) }), names));
    expect([atZero['lab.home.tbt'], atZero['lab.howTo.tbt']]).toEqual([true, false]);
    const above = metOf(labBudgets(lab({ floor: page(400, 200), home: page(1000, 240), howTo: page(1000, 241) }), names));
    expect([above['lab.home.tbt'], above['lab.howTo.tbt']]).toEqual([true, false]);
  });

  it('writes every page and the tap into its section', () => {
    const text = labSection(lab({}), names).join('\n');
    expect(text).toContain('| `/nasil-yapilir` | 1000 ms | 1000 ms | 0.000 | 100 ms | 1.00 | 1.00 | 0 |');
    expect(text).toContain('median 1400 ms (in the DOM after 1350 ms); INP median 120 ms, at most 120 ms.');
  });
});

describe('Total Blocking Time from long tasks', () => {
  it('counts what each task lasts beyond 50 ms, from the first paint to the end of the load', () => {
    const tasks = [
      { startTime: 100, duration: 300 }, // before FCP at 300: only its last 100 ms count, 50 of them blocking
      { startTime: 500, duration: 120 }, // 70
      { startTime: 700, duration: 50 }, // not long enough to block
      { startTime: 2900, duration: 200 }, // after the end at 3000: 100 ms count, 50 blocking
    ];
    expect(totalBlockingTime(tasks, 300, 3000)).toBe(50 + 70 + 50);
    expect(totalBlockingTime([], 300, 3000)).toBe(0);
  });
});
