// `npm run bench`: builds the site into its own directory (.next-bench) and a bare Next.js app (the
// floor, in a temporary folder), starts them and the sandbox API on free loopback ports, measures
// (Lighthouse, first-load JavaScript, server cost, a mixed load, the option filter), stops
// everything it started and writes BENCHMARKS.md and bench/results.json.
// `--skip-build` reuses an existing .next-bench build; `--report-only` rewrites BENCHMARKS.md from
// bench/results.json (after editing its notes or the report's wording) and measures nothing.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { measureFirstLoad } from './first-load.mjs';
import { chromePath, runLighthouse } from './lighthouse.mjs';
import { runMixedLoad } from './load.mjs';
import { measureOptionFilter } from './option-filter.mjs';
import { stopAll } from './processes.mjs';
import { budgets, writeReports } from './report.mjs';
import { measureServerCost } from './server-cost.mjs';
import { buildFloor, buildSite, removeFloor, root, startFloor, startSandbox, startSite, workDir } from './servers.mjs';

const DIST = '.next-bench';
const LIGHTHOUSE_RUNS = 3;
/** Hard stop: the bench must never run on unattended (it normally takes 6-8 minutes). */
const WATCHDOG_MS = 15 * 60_000;
const skipBuild = process.argv.includes('--skip-build');

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s`;
const log = (message) => console.log(`[bench ${elapsed()}] ${message}`);

function versionOf(name) {
  return JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
}

function chromiumVersion() {
  try {
    const output = execFileSync(chromePath, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 20_000 });
    return /Chromium [\d.]+/.exec(output)?.[0] ?? output.trim();
  } catch {
    return 'Chromium (version unknown)';
  }
}

/** The Accept-Encoding Chromium sends (also over plain HTTP to the loopback address). */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/** One request on a connection of its own, read to the end. */
function getOnce(url) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers: { Accept: 'text/html', 'Accept-Encoding': BROWSER_ENCODINGS }, timeout: 30_000 }, (response) => {
      response.resume();
      response.on('end', resolve);
    });
    request.on('timeout', () => request.destroy(new Error(`${url}: no answer in 30 s`)));
    request.on('error', reject);
  });
}

/**
 * A few views of every page, so the first compilations and caches are not what gets measured. As a
 * browser asks (the page cache and each worker's recorded pages are kept per encoding), each on a
 * connection of its own: the cluster hands connections to its workers in turn, so every worker sees
 * every page.
 */
async function warmUp(url, paths) {
  for (const pathname of paths) {
    for (let view = 0; view < 4; view++) await getOnce(`${url}${pathname}`);
  }
  // A recorded page is compressed again with brotli off the event loop (scripts/page-replay.cjs).
  await new Promise((resolve) => setTimeout(resolve, 500));
}

/** Temporary folders to remove at the end, whatever happens. */
const floorDirs = [];

async function main() {
  if (!existsSync(chromePath)) throw new Error(`no chromium at ${chromePath}: apt-get install -y chromium, or set CHROME_PATH`);
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(path.join(workDir, 'lighthouse'), { recursive: true });
  const results = {
    date: new Date().toISOString(),
    machine: { cores: os.cpus().length, cpuModel: os.cpus()[0]?.model?.trim() ?? 'unknown', memoryBytes: os.totalmem(), loadAverage: os.loadavg() },
    versions: {
      node: process.version,
      next: versionOf('next'),
      react: versionOf('react'),
      lighthouse: versionOf('lighthouse'),
      autocannon: versionOf('autocannon'),
      chromium: chromiumVersion(),
    },
    settings: { lighthouseRuns: LIGHTHOUSE_RUNS, distDir: DIST, webConcurrency: os.availableParallelism() },
  };

  if (skipBuild && existsSync(path.join(root, DIST, 'standalone', 'cluster.cjs'))) {
    log(`reusing the build in ${DIST} (--skip-build)`);
  } else {
    log(`building the site into ${DIST} (npm run build)`);
    await buildSite(DIST);
  }
  log('building the floor (a bare one-page Next.js app) in a temporary folder');
  const floorDir = await buildFloor();
  floorDirs.push(floorDir);

  log('option filter (vitest bench)');
  results.optionFilter = await measureOptionFilter();

  log('starting the sandbox, the site and the floor on free loopback ports');
  const sandbox = await startSandbox();
  const site = await startSite(DIST, sandbox);
  const floor = await startFloor(floorDir);
  log(`  sandbox ${sandbox.url}, site ${site.url}, floor ${floor.url}`);
  await warmUp(site.url, ['/', '/nasil-yapilir', '/en', '/bu-sayfa-yok', '/?basvuru=yeni']);
  await warmUp(floor.url, ['/']);

  log(`Lighthouse, ${LIGHTHOUSE_RUNS} runs of each page`);
  results.lighthouse = await runLighthouse(
    [
      { key: 'floor', url: `${floor.url}/` },
      { key: 'home', url: `${site.url}/` },
      { key: 'howTo', url: `${site.url}/nasil-yapilir` },
      { key: 'en', url: `${site.url}/en` },
    ],
    LIGHTHOUSE_RUNS,
    log,
  );

  log('first-load JavaScript (network log)');
  results.firstLoad = await measureFirstLoad({
    pages: [
      { key: 'floor', url: `${floor.url}/`, expectStatus: 200 },
      { key: 'home', url: `${site.url}/`, expectStatus: 200 },
      { key: 'howTo', url: `${site.url}/nasil-yapilir`, expectStatus: 200 },
      { key: 'notFound', url: `${site.url}/bu-sayfa-yok`, expectStatus: 404 },
    ],
    wizardUrl: `${site.url}/?basvuru=yeni`,
  });
  log(`  home ${results.firstLoad.pages.home.firstLoad.wireBytes} B on the wire, floor ${results.firstLoad.pages.floor.firstLoad.wireBytes} B, wizard ${results.firstLoad.wizard.wireBytes} B`);

  log('server cost (autocannon)');
  results.serverCost = await measureServerCost({ site, sandbox, staticPath: '/campaign/welcome.svg', log });

  log('mixed load through the backend-for-frontend');
  results.load = await runMixedLoad({ site, sandbox, log });

  results.durationSeconds = (Date.now() - started) / 1000;
  results.budgets = budgets(results);
  writeReports(root, results);
  log('wrote BENCHMARKS.md and bench/results.json');
  for (const budget of results.budgets) {
    const mark = budget.met === null ? 'reported' : budget.met ? 'met' : 'MISSED';
    console.log(`  ${mark.padEnd(8)} ${budget.what}: ${budget.figure} vs ${budget.baseline} (${Number.isFinite(budget.ratio) ? budget.ratio.toFixed(2) : 'n/a'}; ${budget.limit})`);
  }
  return results.budgets.some((budget) => budget.met === false) ? 'missed' : 'met';
}

if (process.argv.includes('--report-only')) {
  const results = JSON.parse(readFileSync(path.join(root, 'bench', 'results.json'), 'utf8'));
  results.budgets = budgets(results);
  writeReports(root, results);
  console.log('rewrote BENCHMARKS.md from bench/results.json');
  process.exit(0);
}

const watchdog = setTimeout(() => {
  console.error(`bench: still running after ${WATCHDOG_MS / 60_000} minutes; stopping`);
  stopAll().finally(() => {
    for (const dir of floorDirs) removeFloor(dir);
    process.exit(1);
  });
}, WATCHDOG_MS);
watchdog.unref();

let exitCode = 0;
try {
  const outcome = await main();
  // Budgets missed is a result, not a failure of the bench; BENCH_STRICT=1 makes it one.
  if (outcome === 'missed' && process.env.BENCH_STRICT === '1') exitCode = 2;
} catch (error) {
  console.error(`bench failed: ${error instanceof Error ? error.stack : String(error)}`);
  exitCode = 1;
} finally {
  log('stopping the servers');
  await stopAll();
  for (const dir of floorDirs) removeFloor(dir);
  clearTimeout(watchdog);
}
log('done');
process.exit(exitCode);
