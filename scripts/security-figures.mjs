// `node scripts/security-figures.mjs`: writes the attack suite's figures into SECURITY.md, between
// its figures markers, from what the suite itself measured: test-results/attack-figures.json, which
// e2e/attack.spec.ts writes after a run (`npx playwright test e2e/attack.spec.ts`). So the figures
// in SECURITY.md are never typed by hand; the table says when they were measured and on what code.
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const FIGURES_START = '<!-- figures: written by scripts/security-figures.mjs from the attack suite; do not edit by hand -->';
export const FIGURES_END = '<!-- /figures -->';

const count = (value) => (typeof value === 'number' ? value.toLocaleString('en') : '—');

/** The rows of the figures table, one per attack the suite ran; an attack it did not run is left out. */
export function figureRows(figures) {
  const rows = [];
  const { enumeration: e, networkRotation: n, smsFlood: s, codeGuessing: g, uploadFlood: u, slowUploads: w, fuzz: f, redis: r, logoutThroughOutage: l } = figures;
  if (e) rows.push(['scripted enumeration: 1,000 valid TC numbers (the 3 customers among them) from one address, 10 at a time', count(e.sent), count(e.refused), `learned ${e.learned} numbers' status, ${e.registeredFound} of the 3 customers found; ${e.seconds} s`]);
  if (n) rows.push([`rotating through ${n.addresses} addresses of one ${n.network}, 2 TC numbers each (auth-start)`, count(n.sent), count(n.sent - n.learned), `the ${n.network} learned ${n.learned} numbers' status (its budget; each address stayed within its own)`]);
  if (s) rows.push([`SMS flood: login codes for one customer from ${s.addresses} addresses, 10 at a time`, count(s.sent), count(s.refused), `**${s.smsThatWentOut} SMS went out**; the owner's browser ${s.ownerLoggedIn ? 'logged in' : 'could not log in'} afterwards`]);
  if (g) rows.push([`guessing one login code from ${g.sent} addresses`, count(g.sent), count(g.refused), `${g.checked} checks reached the upstream (which voids the code after 3)`]);
  if (u) rows.push([`upload flood: ${u.concurrent} uploads of ${(u.bytesEach / 1e6).toFixed(1)} MB at once, the sandbox answering in 1.5 s`, count(u.concurrent), `${count(u.busy503)} (503)`, `${u.accepted} accepted, ${u.refused409} refused by the sandbox; **memory peak +${u.workerRssPeakOverBaselineMb} MB** over the server's ${u.workerRssBaselineMb} MB; the stored photo has no GPS`]);
  if (w) rows.push([`slow bodies: ${w.slowBodies} signed-in accounts announce an upload and send a byte every half second, 2 slots, a 3 s deadline`, count(w.slowBodies), count(w.cutOffAt408 + w.refused503), `${w.cutOffAt408} cut off with 408 at the deadline, ${w.refused503} refused with 503; a customer's upload went through ${(w.customerWaitedMs / 1000).toFixed(1)} s after it was first refused`]);
  if (f) rows.push(['fast-check: random bodies, cookies and headers on every described call, the uploads and the session routes', count(f.requests), 'all 4xx or 200', `${f.fiveHundreds} answers 5xx; no invalid body reached the upstream`]);
  if (r) rows.push([`${r.instances} instances on one Redis, one restarted, then Redis stopped: contact messages from one address`, `${r.sentAcrossBoth} + 1 + ${r.sentAcrossBoth}`, '—', `${r.sharedAllowed} allowed across both, the next one after the restart answered ${r.afterRestart}, ${r.withoutRedisAllowed} allowed per instance without Redis, ${r.logLines} log line`]);
  if (l) rows.push(['a logged-out cookie while Redis is down, once it is back, and after an instance restarted during the outage', '—', '—', `${l.revivedDuringOutage + l.revivedAfterRestartAndReturn} sessions revived`]);
  return rows;
}

/** The figures section: when and on what they were measured, then the table. */
export function figuresSection(figures, { measuredAt, commit }) {
  return [
    FIGURES_START,
    `Measured by \`e2e/attack.spec.ts\` in the run that ended ${measuredAt}${commit ? `, on ${commit}` : ''} (\`test-results/attack-figures.json\`).`,
    '',
    '| attack | requests | refused | outcome |',
    '|---|---|---|---|',
    ...figureRows(figures).map((cells) => `| ${cells.join(' | ')} |`),
    FIGURES_END,
  ].join('\n');
}

function commitOf(root) {
  const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  const head = git('rev-parse', '--short', 'HEAD');
  if (head.status !== 0) return undefined;
  return `${head.stdout.trim()}${git('diff', '--quiet', 'HEAD', '--', 'app', 'components', 'lib', 'proxy.ts', 'next.config.ts', 'e2e').status === 0 ? '' : ' with uncommitted changes'}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(import.meta.dirname, '..');
  const source = path.join(root, 'test-results', 'attack-figures.json');
  const figures = JSON.parse(readFileSync(source, 'utf8'));
  const file = path.join(root, 'SECURITY.md');
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(FIGURES_START);
  const end = text.indexOf(FIGURES_END);
  if (start === -1 || end === -1) throw new Error('SECURITY.md has no figures markers');
  const section = figuresSection(figures, { measuredAt: statSync(source).mtime.toISOString().slice(0, 16).replace('T', ' ') + ' UTC', commit: commitOf(root) });
  writeFileSync(file, text.slice(0, start) + section + text.slice(end + FIGURES_END.length));
  console.log(`wrote ${figureRows(figures).length} rows of attack figures into SECURITY.md`);
}
