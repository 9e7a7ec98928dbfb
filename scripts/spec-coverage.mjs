// `npm run spec:coverage`: lists the rules and messages of the product specification (kept in
// e2e/spec-rules.json) that no test names, and exits non-zero when one is missing.
//
// A rule a user meets is covered by a Playwright test under e2e/ whose title carries the rule's id
// (several ids in one title are separated by '; '); the titles come from `playwright test --list`,
// so titles built in loops count as they run. Rules of the generic validator and of the patterns no
// form uses name unit-test fragments instead ('unit'), found in the titles of lib/**/*.test.ts and
// sandbox/**/*.test.ts. A rule with 'na' says why no test applies; it is listed, not counted missing.
// A '§…' segment of an e2e title that names no rule of the list fails too, so the list and the
// titles cannot drift apart.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const { rules } = JSON.parse(readFileSync(path.join(root, 'e2e', 'spec-rules.json'), 'utf8'));

/** Every test title of the Playwright suite, as "describe › … › test", each project's once. */
function e2eTitles() {
  const result = spawnSync(path.join(root, 'node_modules', '.bin', 'playwright'), ['test', '--list', '--reporter=json'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  let report;
  try {
    report = JSON.parse(result.stdout);
  } catch {
    throw new Error(`playwright test --list gave no report (exit ${result.status}):\n${result.stderr}`);
  }
  if (report.errors?.length) throw new Error(`playwright could not list the tests:\n${report.errors.map((error) => error.message).join('\n')}`);
  const titles = new Set();
  const walk = (suite, parents) => {
    for (const spec of suite.specs ?? []) titles.add([...parents, spec.title].join(' › '));
    for (const child of suite.suites ?? []) walk(child, [...parents, child.title]);
  };
  // The top-level suites are the files: their names are no part of a title.
  for (const file of report.suites ?? []) walk(file, []);
  return [...titles];
}

/** Titles of unit and contract tests (`it`, `test`, `describe` with a literal title). */
function unitTitles() {
  const titles = [];
  const pattern = /\b(?:it|test|describe)(?:\.\w+)*\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (entry.name.endsWith('.test.ts')) {
        for (const match of readFileSync(file, 'utf8').matchAll(pattern)) titles.push(match[2]);
      }
    }
  };
  visit(path.join(root, 'lib'));
  visit(path.join(root, 'sandbox'));
  return titles;
}

const e2e = e2eTitles();
const unit = unitTitles();
const ids = rules.map((rule) => rule.id);

const missing = [];
const notApplicable = [];
let byE2e = 0;
let byUnit = 0;
for (const rule of rules) {
  if (rule.na) {
    notApplicable.push(rule);
    continue;
  }
  if (e2e.some((title) => title.includes(rule.id))) {
    byE2e++;
    continue;
  }
  if (rule.unit && rule.unit.every((fragment) => unit.some((title) => title.includes(fragment)))) {
    byUnit++;
    continue;
  }
  missing.push(rule);
}

// '§4 …', 'DESIGN §5 …', 'README limits: …' segments that start with no id of the list.
const unknown = new Set();
for (const title of e2e) {
  for (const segment of title.split(' › ').flatMap((part) => part.split('; '))) {
    if (!/^(§\d|DESIGN §|README limits:)/.test(segment)) continue;
    if (!ids.some((id) => segment.startsWith(id))) unknown.add(segment);
  }
}

console.log(`${rules.length} spec rules: ${byE2e} named by e2e tests, ${byUnit} by unit or contract tests, ${notApplicable.length} not applicable.`);
for (const rule of notApplicable) console.log(`  n/a  ${rule.id}: ${rule.na}`);
if (missing.length) {
  console.log(`\n${missing.length} rule(s) no test names:`);
  for (const rule of missing) console.log(`  missing  ${rule.id}${rule.unit ? `  (unit titles: ${rule.unit.join(' | ')})` : ''}`);
}
if (unknown.size) {
  console.log(`\n${unknown.size} test title segment(s) name no rule of e2e/spec-rules.json:`);
  for (const segment of unknown) console.log(`  unknown  ${segment}`);
}
process.exit(missing.length || unknown.size ? 1 : 0);
