import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the bench, without types
import { budgets, missesSection } from './report.mjs';

const root = path.resolve(__dirname, '..', '..');
const budget = (id: string, met: boolean | null) => ({ id, what: `budget ${id}`, figure: '1', baseline: '2', ratio: 0.5, limit: '≥ 0.9', met });

describe('the misses section of BENCHMARKS.md', () => {
  it('explains each miss from its entry, flags a miss no entry explains and names an entry that may go', () => {
    const lines: string[] = missesSection(
      [budget('a', false), budget('b', true), budget('c', false), budget('d', true)],
      [
        { title: 'A and B', budgets: ['a', 'b'], status: 'accepted', why: 'Because.', records: ['docs/decisions/0009-bench-floors-and-wrk.md'] },
        { title: 'D', budgets: ['d'], status: 'open', why: 'Met now.' },
        { title: 'Gone', budgets: ['z'], status: 'open', why: 'Renamed.' },
      ],
    );
    const text = lines.join('\n');
    expect(text).toContain('**Missed with no entry in `bench/misses.json`:** budget c');
    expect(text).toContain('### A and B\n\n- **missed**: budget a: 0.50 (≥ 0.9)\n- met: budget b: 0.50\n\nBecause.');
    expect(text).toContain('See [0009-bench-floors-and-wrk](docs/decisions/0009-bench-floors-and-wrk.md).');
    expect(text).toContain('names no budget of this run: `z`');
    expect(text).toContain('may go once they hold: *D*');
  });

  it('bench/misses.json explains every budget the last run missed', () => {
    const results = JSON.parse(readFileSync(path.join(root, 'bench', 'results.json'), 'utf8')) as { budgets: { id: string; met: boolean | null }[] };
    const { entries } = JSON.parse(readFileSync(path.join(root, 'bench', 'misses.json'), 'utf8')) as { entries: { budgets: string[] }[] };
    const explained = new Set(entries.flatMap((entry) => entry.budgets));
    expect(results.budgets.filter((item) => item.met === false && !explained.has(item.id)).map((item) => item.id)).toEqual([]);
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
  const verdict = (customer: ReturnType<typeof run>) =>
    (budgets({ edgeCost: edgeCost(customer) }) as { id: string; met: boolean | null }[]).find((item) => item.id === 'edgeCost.pageCustomer')?.met;

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
  const find = (results: object, id: string) => (budgets(results) as { id: string; met: boolean | null; ratio: number }[]).find((item) => item.id === id);

  it('holds the forwarded call to 0.8 × the floor forwarding the same body, and only reports the handler that forwards nothing', () => {
    expect(find({ edgeCost: edgeCost(800) }, 'edgeCost.bffForwardedFloor')?.met).toBe(true);
    expect(find({ edgeCost: edgeCost(799) }, 'edgeCost.bffForwardedFloor')?.met).toBe(false);
    expect(find({ edgeCost: edgeCost(100) }, 'edgeCost.bffRoute')?.met).toBeNull();
  });

  it('judges the forwarded call with observability on by the median of the rounds\' ratios, where a run has it', () => {
    const observability = (ratio?: number) => ({ bff: { on: 800, off: 1_000, ratio }, page: { on: 1, off: 1 }, scrape: { p99Ms: 10, p50Ms: 5, scrapes: 1, failed: 0 } });
    expect(find({ observability: observability(0.91) }, 'observability.bff')).toMatchObject({ ratio: 0.91, met: true });
    expect(find({ observability: observability() }, 'observability.bff')).toMatchObject({ ratio: 0.8, met: false });
  });
});
