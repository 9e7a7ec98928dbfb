import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the bench, without types
import { budgets as budgetsAgainst, edgeHits, misses, onOffRatio } from './figures.mjs';

type Budget = { id: string; met: boolean | null; ratio: number; limit: string; baseline: string; what: string };
const root = path.resolve(__dirname, '..', '..');
type Baseline = { bytes: number; date: string; commit: string };
const baselines = JSON.parse(readFileSync(path.join(root, 'bench', 'baselines.json'), 'utf8')) as { firstLoadRecord: Baseline; firstLoadBeforeVitals: Baseline };
const budgets = (results: object): Budget[] => budgetsAgainst(results, baselines);
const budget = (id: string, met: boolean | null) => ({ id, what: `budget ${id}`, figure: '1', baseline: '2', ratio: 0.5, limit: '≥ 0.9', met });

describe('which budgets bench/misses.json explains', () => {
  it('sorts the misses no entry names, the entries still standing and those that may go', () => {
    const { unexplained, standing, mayGo } = misses(
      [budget('a', false), budget('b', true), budget('c', false), budget('d', true), budget('e', null)],
      [
        { title: 'A and B', budgets: ['a', 'b'], status: 'accepted', why: 'Because.' },
        { title: 'D and E', budgets: ['d', 'e'], status: 'open', why: 'Met now.' },
        { title: 'Gone', budgets: ['z'], status: 'open', why: 'Renamed.' },
      ],
    );
    expect(unexplained.map((item: Budget) => item.id)).toEqual(['c']);
    expect(standing.map(({ entry, missed, met, unknown }: { entry: { title: string }; missed: Budget[]; met: Budget[]; unknown: string[] }) => [entry.title, missed.map((item) => item.id), met.map((item) => item.id), unknown])).toEqual([
      ['A and B', ['a'], ['b'], []],
      ['Gone', [], [], ['z']],
    ]);
    expect(mayGo).toEqual(['D and E']);
  });

  it('bench/misses.json explains every budget the last run missed', () => {
    const results = JSON.parse(readFileSync(path.join(root, 'bench', 'results.json'), 'utf8')) as { budgets: Budget[] };
    const { entries } = JSON.parse(readFileSync(path.join(root, 'bench', 'misses.json'), 'utf8')) as { entries: { title: string; budgets: string[] }[] };
    expect(misses(results.budgets, entries).unexplained).toEqual([]);
  });
});

describe('the first load of `/` against the fixed baselines of bench/baselines.json', () => {
  const firstLoad = (home: number) => ({
    pages: { floor: { firstLoad: { wireBytes: 140_000 } }, home: { firstLoad: { wireBytes: home } } },
    wizard: { wireBytes: 30_000, chunks: ['a.js'], inHomeFirstLoad: false },
  });
  const find = (home: number, id: string) => budgets({ firstLoad: firstLoad(home) }).find((item) => item.id === id);
  const { firstLoadRecord: record, firstLoadBeforeVitals: before } = baselines;

  it('holds it to the old serving layer\'s record, to the byte', () => {
    expect(find(record.bytes, 'firstLoad.homeRecord')).toMatchObject({ met: true, ratio: 1, limit: `≤ the record (${record.bytes.toLocaleString('en')} B)` });
    expect(find(record.bytes + 1, 'firstLoad.homeRecord')?.met).toBe(false);
  });

  it('lets the field-vitals loader add 1 KiB to the page before it', () => {
    expect(find(before.bytes + 1024, 'firstLoad.vitals')?.met).toBe(true);
    expect(find(before.bytes + 1025, 'firstLoad.vitals')).toMatchObject({ met: false, baseline: `${before.bytes.toLocaleString('en')} B` });
    expect(find(before.bytes, 'firstLoad.vitals')?.what).toContain(`(${before.commit})`);
  });

  it('holds it to 1.05 × the floor of the same run', () => {
    expect(find(147_000, 'firstLoad.home')?.met).toBe(true);
    expect(find(147_001, 'firstLoad.home')?.met).toBe(false);
  });

  it('keeps each fixed baseline a count of bytes with the run that measured it', () => {
    for (const { bytes, date, commit } of Object.values(baselines).filter((value): value is Baseline => typeof value === 'object')) {
      expect(Number.isInteger(bytes) && bytes > 0).toBe(true);
      expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(commit).toMatch(/^[0-9a-f]{7,40}$/);
    }
  });
});


describe('a customer\'s page against the floor rendered per request', () => {
  const run = (requestsPerSecond: number, latencyP50Ms: number) => ({ requestsPerSecond, latencyP50Ms, latencyP99Ms: latencyP50Ms * 3, errors: 0, non2xx: 0, cpuMsPerAnswer: {} });
  const edgeCost = (customer: ReturnType<typeof run>) => ({
    rounds: 3,
    staticFile: run(40_000, 1),
    page: run(40_000, 1),
    pageHowTo: run(40_000, 1),
    pageEn: run(40_000, 1),
    pageCustomer: customer,
    floorPerRequest: run(800, 50),
    direct: run(14_000, 3),
    bff: run(1_000, 40),
    directForwarded: run(14_000, 3),
    bffForwarded: run(700, 70),
  });
  const verdict = (customer: ReturnType<typeof run>) => budgets({ edgeCost: edgeCost(customer) }).find((item) => item.id === 'edgeCost.pageCustomer')?.met;

  it('holds it to half the floor\'s throughput and twice its p50', () => {
    expect(verdict(run(400, 100))).toBe(true);
    expect(verdict(run(399, 100))).toBe(false);
    expect(verdict(run(500, 101))).toBe(false);
  });
});

describe('the BFF against its floor, and what seeing it costs', () => {
  const run = (requestsPerSecond: number) => ({ requestsPerSecond, latencyP50Ms: 10, latencyP99Ms: 100, errors: 0, non2xx: 0, cpuMsPerAnswer: {} });
  const edgeCost = (bffForwarded: number) => ({
    rounds: 3,
    staticFile: run(40_000),
    page: run(40_000),
    pageHowTo: run(40_000),
    pageEn: run(40_000),
    pageCustomer: run(400),
    floorPerRequest: run(800),
    direct: run(14_000),
    bff: run(1_000),
    directForwarded: run(14_000),
    bffForwarded: run(bffForwarded),
    floor: run(1_000),
    floorForwarded: run(1_000),
    route: run(2_000),
  });
  const find = (results: object, id: string) => budgets(results).find((item) => item.id === id);

  it('holds the forwarded call to 0.75 × the floor forwarding the same body, and only reports the handler that forwards nothing', () => {
    expect(find({ edgeCost: edgeCost(750) }, 'edgeCost.bffForwardedFloor')?.met).toBe(true);
    expect(find({ edgeCost: edgeCost(749) }, 'edgeCost.bffForwardedFloor')?.met).toBe(false);
    expect(find({ edgeCost: edgeCost(100) }, 'edgeCost.bffRoute')?.met).toBeNull();
  });

  it('judges the forwarded call with observability on by the median of the rounds\' ratios, where a run has it', () => {
    const observability = (ratio?: number) => ({ bff: { on: 800, off: 1_000, ratio }, page: { on: 1, off: 1 }, scrape: { p99Ms: 10, p50Ms: 5, scrapes: 1, failed: 0 } });
    expect(find({ observability: observability(0.85) }, 'observability.bff')).toMatchObject({ ratio: 0.85, met: true });
    expect(find({ observability: observability(0.84) }, 'observability.bff')).toMatchObject({ ratio: 0.84, met: false });
    expect(find({ observability: observability() }, 'observability.bff')).toMatchObject({ ratio: 0.8, met: false });
  });
});

describe('the figures the tables show', () => {
  it('takes the share of edge hits from the statuses nginx logged, none when it cached nothing', () => {
    expect(edgeHits({ HIT: 3, MISS: 1 })).toEqual({ percent: 75, counts: [['HIT', 3], ['MISS', 1]] });
    expect(edgeHits({ STALE: 2, '-': 2 })).toEqual({ percent: 0, counts: [['STALE', 2], ['-', 2]] });
    expect(edgeHits({ '-': 5 })).toBeNull();
    expect(edgeHits({})).toBeNull();
    expect(edgeHits()).toBeNull();
  });

  it('sets on against off by the rounds\' median ratio where a run has one, else by the means', () => {
    expect(onOffRatio({ on: 90, off: 100, ratio: 0.95 })).toBe(0.95);
    expect(onOffRatio({ on: 90, off: 100 })).toBe(0.9);
  });
});
