// `npm run bench`: builds the site into its own directory (.next-bench) and a bare Next.js app (the
// floor, in a temporary folder), starts on free loopback ports the production topology (nginx in
// front of two standalone instances, Redis, the sandbox: scripts/edge.mjs), one instance alone (the
// origin, as `npm start` runs it) and the floor, measures (Lighthouse, first-load JavaScript and lab
// vitals through the edge, server cost through the edge and at the origin alone, a mixed load
// through the edge, the option filter), stops everything it started and writes BENCHMARKS.md and
// bench/results.json.
// `--skip-build` reuses an existing .next-bench build; `--report-only` rewrites BENCHMARKS.md from
// bench/results.json (after editing bench/misses.json or the report's wording) and measures nothing;
// `--only=observability` measures only what seeing the topology costs (scripts/bench/
// observability.mjs, and part by part profile.mjs's profileObservability) and the first load of
// `/`, and keeps the other figures of bench/results.json (with `--against=<dist dir>`, another
// build's forwarded call on and off too, alternately: before and after a change);
// `--only=lab` likewise measures only the lab vitals (scripts/bench/lab-vitals.mjs) and their floors.
// `--only=profile-bff` profiles an instance's CPU per BFF call against its floor and the minimal route handler
// (scripts/bench/profile.mjs) into the same file, `--only=profile-customer` per view of a logged-in
// customer's page (with `--against=<dist dir>`, another build's too); `--only=bff` measures the BFF against its
// floor and the route handler through the edge in a few minutes (scripts/bench/bff-cost.mjs), and with
// `--against=<dist dir>` another build beside this one, alternately (a change before and after).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureBffCost } from './bff-cost.mjs';
import { measureFirstLoad } from './first-load.mjs';
import { LAB_LOADS, measureLabVitals } from './lab-vitals.mjs';
import { runLighthouse } from './lighthouse.mjs';
import { runMixedLoad } from './load.mjs';
import { measureObservabilityCost } from './observability.mjs';
import { measureOptionFilter } from './option-filter.mjs';
import { customerTargets, profileBff, profileObservability, profileTargets } from './profile.mjs';
import { onStopAll, stopAll } from './processes.mjs';
import { budgets, writeReports } from './report.mjs';
import { documentHeaders, measureEdgeCost, measureOriginCost, pickStaticChunk } from './server-cost.mjs';
import { buildFloor, buildSite, removeFloor, root, startEdgeTopology, startFloor, startFloorEdge, startOrigin, workDir } from './servers.mjs';
import { chromePath, ensureBenchTools, wrkPath } from './tools.mjs';

const DIST = '.next-bench';
/** Lighthouse's scores are reported (the lab vitals hold the speed budgets); Accessibility, Best Practices and SEO do not move between runs. */
const LIGHTHOUSE_RUNS = 3;
/** Hard stop: the bench must never run on unattended (it takes about 25 minutes). */
const WATCHDOG_MS = 40 * 60_000;
const skipBuild = process.argv.includes('--skip-build');

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s`;
const log = (message) => console.log(`[bench ${elapsed()}] ${message}`);

function versionOf(name) {
  return JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
}

/** The commit measured, marked when the working tree differs from it. */
function measuredCommit() {
  const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  const head = git('rev-parse', '--short', 'HEAD');
  if (head.status !== 0) return undefined;
  return `${head.stdout.trim()}${git('diff', '--quiet', 'HEAD').status === 0 ? '' : ' with uncommitted changes'}`;
}

function commandVersion(command, args, pattern) {
  // nginx -v answers on stderr, the others on stdout.
  const { stdout = '', stderr = '', error } = spawnSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 20_000 });
  const output = `${stdout}\n${stderr}`;
  return error ? `${path.basename(command)} (version unknown)` : (pattern.exec(output)?.[0] ?? output.trim());
}

/** A few views of every page as a browser asks for them, so first renders and caches are not what gets measured. */
async function warmUp(url, paths, headers = documentHeaders) {
  for (const pathname of paths) {
    for (let view = 0; view < 4; view++) {
      const response = await fetch(`${url}${pathname}`, { headers, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
    }
  }
}

function printBudgets(list) {
  for (const budget of list) {
    const mark = budget.met === null ? 'reported' : budget.met ? 'met' : 'MISSED';
    console.log(`  ${mark.padEnd(8)} ${budget.what}: ${budget.figure} vs ${budget.baseline} (${Number.isFinite(budget.ratio) ? budget.ratio.toFixed(2) : 'n/a'}; ${budget.limit})`);
  }
}

/** Temporary folders to remove at the end, whatever happens (Ctrl-C too: stopAll runs then). */
const floorDirs = [];
onStopAll(async () => {
  for (const dir of floorDirs) removeFloor(dir);
});

/** The floor again, linking the stylesheets `/` links, tells the stylesheets' cost from our code's. */
async function startStyledFloor(topology) {
  const homeHtml = await (await fetch(`${topology.loopbackUrl}/`)).text();
  // A release's deployment id follows the path (`?dpl=`): the file is the path.
  const stylesheets = [...homeHtml.matchAll(/<link rel="stylesheet" href="\/_next\/static\/([^"?]+)(?:\?[^"]*)?"/g)].map((match) => path.join(root, DIST, 'static', match[1]));
  // Without them the styled floor is the bare one, and the LCP budget would hold against the wrong page.
  if (!stylesheets.length) throw new Error('`/` links no stylesheet this parser finds: the styled floor would be bare');
  log(`building the floor with the ${stylesheets.length} stylesheets \`/\` links`);
  const styledFloorDir = await buildFloor({ stylesheets, logName: 'floor-styled-build.log' });
  floorDirs.push(styledFloorDir);
  const styledFloor = await startFloor(styledFloorDir);
  await warmUp(styledFloor.url, ['/']);
  return styledFloor;
}

/** Lab vitals of our pages through the edge, interleaved with both floors, and the first tap on `/`. */
async function measureLab({ floor, styledFloor, edgeUrl }) {
  log(`lab vitals: ${LAB_LOADS} loads of each page through the edge and of both floors, interleaved; each load of / goes on to a tap on "Yeni Başvuru"`);
  const started = Date.now();
  const lab = await measureLabVitals({
    pages: [
      { key: 'floor', url: `${floor.url}/` },
      { key: 'floorStyled', url: `${styledFloor.url}/` },
      { key: 'home', url: `${edgeUrl}/` },
      { key: 'howTo', url: `${edgeUrl}/nasil-yapilir` },
      { key: 'en', url: `${edgeUrl}/en` },
    ],
    interaction: { key: 'home', link: 'Yeni Başvuru', field: 'İl' },
    log,
  });
  return { ...lab, seconds: (Date.now() - started) / 1000 };
}

async function main() {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(path.join(workDir, 'lighthouse'), { recursive: true });
  const results = {
    date: new Date().toISOString(),
    commit: measuredCommit(),
    machine: { cores: os.cpus().length, cpuModel: os.cpus()[0]?.model?.trim() ?? 'unknown', memoryBytes: os.totalmem(), loadAverage: os.loadavg() },
    versions: {
      node: process.version,
      next: versionOf('next'),
      react: versionOf('react'),
      lighthouse: versionOf('lighthouse'),
      webVitals: versionOf('web-vitals'),
      autocannon: versionOf('autocannon'),
      wrk: commandVersion(wrkPath, ['-v'], /wrk \S+/),
      chromium: `${commandVersion(chromePath(), ['--version'], /Chromium [\d.]+/)} (${path.basename(chromePath())})`,
      nginx: commandVersion('/usr/sbin/nginx', ['-v'], /nginx\/[\d.]+/),
      redis: commandVersion('/usr/bin/redis-server', ['--version'], /v=[\d.]+/).replace('v=', 'Redis '),
    },
    settings: { lighthouseRuns: LIGHTHOUSE_RUNS, labLoads: LAB_LOADS, distDir: DIST, instances: 2 },
  };

  if (skipBuild && existsSync(path.join(root, DIST, 'standalone', 'server.js'))) {
    log(`reusing the build in ${DIST} (--skip-build)`);
  } else {
    log(`building the site into ${DIST} (npm run build)`);
    await buildSite(DIST);
  }
  log('building the floor (a bare one-page Next.js app) in a temporary folder, and the same page rendered per request');
  const floorDir = await buildFloor();
  floorDirs.push(floorDir);
  const perRequestFloorDir = await buildFloor({ perRequest: true, logName: 'floor-per-request-build.log' });
  floorDirs.push(perRequestFloorDir);

  log('option filter (vitest bench)');
  results.optionFilter = await measureOptionFilter();

  log('starting the edge (nginx, two instances, redis-server, the sandbox), the origin alone and the floor on free loopback ports');
  const topology = await startEdgeTopology(DIST);
  const origin = await startOrigin(DIST, topology.sandbox);
  const floor = await startFloor(floorDir);
  const edgeUrl = topology.url;
  log(`  edge ${edgeUrl} (instances ${topology.edge.instances.map((instance) => instance.url).join(', ')}), sandbox ${topology.sandbox.url}, origin ${origin.url}, floor ${floor.url}`);
  await warmUp(topology.loopbackUrl, ['/', '/nasil-yapilir', '/en', '/bu-sayfa-yok', '/?basvuru=yeni']);
  await warmUp(origin.url, ['/', '/nasil-yapilir', '/en']);
  await warmUp(floor.url, ['/']);

  const styledFloor = await startStyledFloor(topology);

  log(`Lighthouse through the edge, ${LIGHTHOUSE_RUNS} runs of each page`);
  results.lighthouse = await runLighthouse(
    [
      { key: 'floor', url: `${floor.url}/` },
      { key: 'floorStyled', url: `${styledFloor.url}/` },
      { key: 'home', url: `${edgeUrl}/` },
      { key: 'howTo', url: `${edgeUrl}/nasil-yapilir` },
      { key: 'en', url: `${edgeUrl}/en` },
    ],
    LIGHTHOUSE_RUNS,
    log,
  );

  log('first-load JavaScript through the edge (network log)');
  results.firstLoad = await measureFirstLoad({
    pages: [
      { key: 'floor', url: `${floor.url}/`, expectStatus: 200 },
      { key: 'home', url: `${edgeUrl}/`, expectStatus: 200 },
      { key: 'howTo', url: `${edgeUrl}/nasil-yapilir`, expectStatus: 200 },
      { key: 'notFound', url: `${edgeUrl}/bu-sayfa-yok`, expectStatus: 404 },
    ],
    wizardUrl: `${edgeUrl}/?basvuru=yeni`,
  });
  log(`  home ${results.firstLoad.pages.home.firstLoad.wireBytes} B on the wire, floor ${results.firstLoad.pages.floor.firstLoad.wireBytes} B, wizard ${results.firstLoad.wizard.wireBytes} B`);

  results.labVitals = await measureLab({ floor, styledFloor, edgeUrl });

  const chunk = await pickStaticChunk(topology.loopbackUrl);
  log(`server cost through the edge (wrk); static file ${chunk.path} (${chunk.wireBytes} B brotli, ${chunk.decodedBytes} B decoded; the page ${chunk.pageWireBytes} B ${chunk.pageEncoding})`);
  const floorEdge = await startFloorEdge(perRequestFloorDir);
  log(`  the floor rendered per request behind the same nginx configuration: ${floorEdge.url}`);
  results.edgeCost = await measureEdgeCost({ topology, floorEdge, chunk, log });
  await floorEdge.stop();

  log('server cost of the origin alone (wrk)');
  results.originCost = await measureOriginCost({ origin, chunk, log });

  log('mixed load through the edge');
  results.load = await runMixedLoad({ topology, log });
  await topology.stop();

  log('what seeing the topology costs: metrics and access lines on against off (alternating runs), a scrape under the mixed load');
  results.observability = await measureObservabilityCost({ distName: DIST, log });

  log('CPU profiles of the instances: per BFF call against its floor, per view of a customer\'s /, per forwarded call with each part of observability on');
  results.bffProfile = { date: new Date().toISOString(), commit: results.commit, ...(await profileBff({ distName: DIST, log })) };
  results.observabilityProfile = { date: new Date().toISOString(), commit: results.commit, ...(await profileObservability({ distName: DIST, log })) };
  const customerProfile = await profileTargets({ distName: DIST, targetsOf: customerTargets, log });
  results.customerProfile = { ...previousCustomerProfile(), date: new Date().toISOString(), commit: results.commit, after: { distDir: DIST, ...customerProfile.targets.pageCustomer } };

  results.machine.loadAverageAtEnd = os.loadavg();
  results.durationSeconds = (Date.now() - started) / 1000;
  results.budgets = budgets(results);
  writeReports(root, results);
  log('wrote BENCHMARKS.md and bench/results.json');
  printBudgets(results.budgets);
  return results.budgets.some((budget) => budget.met === false) ? 'missed' : 'met';
}

/** The last run's profile of a customer's view before the customers' template, kept beside each new one. */
function previousCustomerProfile() {
  try {
    const { before } = JSON.parse(readFileSync(path.join(root, 'bench', 'results.json'), 'utf8')).customerProfile ?? {};
    return before ? { before } : {};
  } catch {
    return {};
  }
}

/** A part measured alone: the last run's figures to add to, an empty work folder and the build (unless --skip-build finds one). */
async function lastRunAndBuild() {
  const results = JSON.parse(readFileSync(path.join(root, 'bench', 'results.json'), 'utf8'));
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  if (!(skipBuild && existsSync(path.join(root, DIST, 'standalone', 'server.js')))) {
    log(`building the site into ${DIST} (npm run build)`);
    await buildSite(DIST);
  }
  return results;
}

/** `--only=observability`: that part and the first load of `/`, into the figures of the last run. */
async function onlyObservability() {
  const results = await lastRunAndBuild();
  const topology = await startEdgeTopology(DIST);
  await warmUp(topology.loopbackUrl, ['/', '/?basvuru=yeni']);
  log('first-load JavaScript of / through the edge (network log)');
  const firstLoad = await measureFirstLoad({ pages: [{ key: 'home', url: `${topology.url}/`, expectStatus: 200 }], wizardUrl: `${topology.url}/?basvuru=yeni` });
  results.firstLoad = { ...results.firstLoad, pages: { ...results.firstLoad.pages, home: firstLoad.pages.home }, wizard: firstLoad.wizard };
  log(`  home ${firstLoad.pages.home.firstLoad.wireBytes} B on the wire`);
  await topology.stop();
  const against = process.argv.find((arg) => arg.startsWith('--against='))?.slice('--against='.length);
  log(`what seeing the topology costs: metrics and access lines on against off (alternating runs${against ? `, ${against} beside this build` : ''}), a scrape under the mixed load`);
  results.observability = await measureObservabilityCost({ distName: DIST, against, log });
  results.observabilityDate = new Date().toISOString();
  results.observabilityCommit = measuredCommit();
  log('what seeing it costs a forwarded call, part by part: profiled with nothing, the metrics, the lines and both on');
  results.observabilityProfile = { date: new Date().toISOString(), commit: measuredCommit(), ...(await profileObservability({ distName: DIST, log })) };
  results.budgets = budgets(results);
  writeReports(root, results);
  printBudgets(results.budgets.filter(({ id }) => id.startsWith('observability.') || id.startsWith('firstLoad.')));
  return results.budgets.some((budget) => budget.met === false && budget.id.startsWith('observability.')) ? 'missed' : 'met';
}

/** `--only=lab`: the lab vitals and their floors, into the figures of the last run. */
async function onlyLab() {
  const results = await lastRunAndBuild();
  log('building the floor (a bare one-page Next.js app) in a temporary folder');
  const floorDir = await buildFloor();
  floorDirs.push(floorDir);
  const topology = await startEdgeTopology(DIST);
  const floor = await startFloor(floorDir);
  await warmUp(topology.loopbackUrl, ['/', '/nasil-yapilir', '/en', '/?basvuru=yeni']);
  await warmUp(floor.url, ['/']);
  const styledFloor = await startStyledFloor(topology);
  results.labVitals = { ...(await measureLab({ floor, styledFloor, edgeUrl: topology.url })), date: new Date().toISOString(), commit: measuredCommit() };
  results.versions = { ...results.versions, webVitals: versionOf('web-vitals') };
  results.budgets = budgets(results);
  writeReports(root, results);
  const lab = results.budgets.filter(({ id }) => id.startsWith('lab.'));
  printBudgets(lab);
  return lab.some((budget) => budget.met === false) ? 'missed' : 'met';
}

/** `--only=profile-bff`: where an instance's CPU goes per BFF call, into the figures of the last run. */
async function onlyProfileBff() {
  const results = await lastRunAndBuild();
  log('CPU profile of the instances per BFF call, per call of its floor and per minimal route handler call, through the edge');
  results.bffProfile = { date: new Date().toISOString(), commit: measuredCommit(), ...(await profileBff({ distName: DIST, log })) };
  results.budgets = budgets(results);
  writeReports(root, results);
  return 'met';
}

/**
 * `--only=profile-customer`: where an instance's CPU goes per view of a logged-in customer's `/`;
 * with `--against=<dist dir>` the same for another build (the one before a change), one after the other.
 */
async function onlyProfileCustomer() {
  const results = await lastRunAndBuild();
  const against = process.argv.find((arg) => arg.startsWith('--against='))?.slice('--against='.length);
  const profile = async (distName) => {
    log(`CPU profile of the instances per view of a customer's / (${distName}), through the edge`);
    return (await profileTargets({ distName, targetsOf: customerTargets, log })).targets.pageCustomer;
  };
  results.customerProfile = {
    date: new Date().toISOString(),
    commit: measuredCommit(),
    ...(against ? { before: { distDir: against, ...(await profile(against)) } } : {}),
    after: { distDir: DIST, ...(await profile(DIST)) },
  };
  results.budgets = budgets(results);
  writeReports(root, results);
  return 'met';
}

/**
 * `--only=bff`: the address list, the forwarded call, their floor and the route handler through the edge,
 * medians of three rounds, into edgeCost; `--against=<dist dir>` measures that build alternately
 * with this one (bench/results.json's bffComparison), and edgeCost keeps this one's.
 */
async function onlyBff() {
  const results = await lastRunAndBuild();
  const against = process.argv.find((arg) => arg.startsWith('--against='))?.slice('--against='.length);
  log(`the BFF against its floor and the route handler through the edge${against ? `, ${DIST} and ${against} alternately` : ''}`);
  const measured = await measureBffCost({ builds: { this: DIST, ...(against ? { against } : {}) }, log });
  const { route, bff, bffForwarded, floor, floorForwarded } = measured.builds.this;
  results.edgeCost = { ...results.edgeCost, route, bff, bffForwarded, floor, floorForwarded, bffDate: new Date().toISOString(), bffCommit: measuredCommit() };
  if (against) results.bffComparison = { date: new Date().toISOString(), commit: measuredCommit(), ...measured };
  results.budgets = budgets(results);
  writeReports(root, results);
  const ours = results.budgets.filter(({ id }) => id.endsWith('Floor') || id.endsWith('Route'));
  printBudgets(ours);
  return ours.some((budget) => budget.met === false) ? 'missed' : 'met';
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
  const onlyArg = process.argv.find((arg) => arg.startsWith('--only='));
  const only = { '--only=observability': onlyObservability, '--only=lab': onlyLab, '--only=profile-bff': onlyProfileBff, '--only=profile-customer': onlyProfileCustomer, '--only=bff': onlyBff }[onlyArg ?? ''];
  if (onlyArg && !only) throw new Error(`${onlyArg}: not a part the bench measures alone (observability, lab, profile-bff, profile-customer, bff)`);
  // Its browser and tools first, installed where missing as the tests' are: a fresh machine stops here, not minutes in.
  const browser = await ensureBenchTools();
  log(`Chromium from ${browser.source} (${browser.executablePath}); wrk ${wrkPath}`);
  const outcome = await (only ?? main)();
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
