import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the bench, without types
import { missesSection } from './render.mjs';

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
});

