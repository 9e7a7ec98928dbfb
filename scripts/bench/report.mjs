// The bench's three outputs: bench/results.json, BENCHMARKS.md and bench/profiles.md, written whole
// by every run. The budgets are figures.mjs's arithmetic over the run and bench/baselines.json; the
// Markdown is render.mjs's; why a budget misses comes from bench/misses.json, the one hand-written
// source (history stays in the commits and docs/decisions/).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { budgets as budgetsAgainst } from './figures.mjs';
import { markdown, profilesMarkdown } from './render.mjs';

const benchDir = path.resolve(import.meta.dirname, '..', '..', 'bench');
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** Every budget of a run, held against the fixed baselines of bench/baselines.json where one is. */
export const budgets = (results) => budgetsAgainst(results, readJson(path.join(benchDir, 'baselines.json')));

export function writeReports(root, results) {
  mkdirSync(path.join(root, 'bench'), { recursive: true });
  writeFileSync(path.join(root, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  const { entries } = readJson(path.join(root, 'bench', 'misses.json'));
  writeFileSync(path.join(root, 'BENCHMARKS.md'), markdown(results, entries));
  writeFileSync(path.join(root, 'bench', 'profiles.md'), profilesMarkdown(results));
}
