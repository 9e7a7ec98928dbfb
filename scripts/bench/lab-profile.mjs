// Where a page's main-thread time goes under the lab vitals' conditions: one load with the same
// device, link and 4× slower CPU (scripts/bench/lab-vitals.mjs), this time with V8's sampling CPU
// profiler on (never in the measured loads: profiling slows the page). Writes the .cpuprofile (open
// it in Chromium's DevTools, Performance panel) and prints the busiest stretches of the main thread
// and what ran in them.
//   node scripts/bench/lab-profile.mjs [url] [out.cpuprofile]
// Without a url it starts the bench's edge topology from the .next-bench build (`npm run bench`
// makes it) and profiles `/`.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser, load, openPage, probeScript } from './lab-vitals.mjs';
import { stopAll } from './processes.mjs';
import { startEdgeTopology, workDir } from './servers.mjs';
import { ensureBenchTools } from './tools.mjs';

/** A sample's frame as a reader finds it: the function, its file and line. */
const frameName = ({ functionName, url, lineNumber }) => `${functionName || '(anonymous)'} ${url ? `${path.basename(new URL(url, 'http://x').pathname)}:${lineNumber + 1}` : ''}`.trim();
const scriptOf = ({ url, functionName }) => (url ? path.basename(new URL(url, 'http://x').pathname) : functionName);

/**
 * The profile's busy stretches (samples in a row that are not `(idle)`), longest first, each with
 * its self time by script and by function; and the same over the whole load.
 */
export function summarize(profile, { stretches = 5, functions = 8 } = {}) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const stretchList = [];
  let current = null;
  let clock = 0;
  const tally = (map, key, µs) => map.set(key, (map.get(key) ?? 0) + µs);
  const whole = { byScript: new Map(), byFunction: new Map(), busyUs: 0 };
  profile.samples.forEach((id, index) => {
    const µs = profile.timeDeltas[index + 1] ?? 0;
    clock += profile.timeDeltas[index];
    const frame = nodes.get(id).callFrame;
    if (frame.functionName === '(idle)') {
      current = null;
      return;
    }
    if (!current) stretchList.push((current = { startMs: clock / 1000, busyUs: 0, byScript: new Map(), byFunction: new Map() }));
    for (const into of [current, whole]) {
      into.busyUs += µs;
      tally(into.byScript, scriptOf(frame), µs);
      tally(into.byFunction, frameName(frame), µs);
    }
  });
  const top = (map, n) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, n).map(([name, µs]) => ({ name, ms: Math.round(µs / 100) / 10 }));
  const shape = (item) => ({ busyMs: Math.round(item.busyUs / 100) / 10, byScript: top(item.byScript, 5), byFunction: top(item.byFunction, functions) });
  return {
    whole: shape(whole),
    longest: stretchList
      .sort((a, b) => b.busyUs - a.busyUs)
      .slice(0, stretches)
      .map((item) => ({ atMs: Math.round(item.startMs), ...shape(item) })),
  };
}

async function profileOnce(url, outFile) {
  const browser = await launchBrowser();
  try {
    const { context, page, cdp, traffic } = await openPage(browser, probeScript());
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const figures = await load(page, traffic, url);
    const { profile } = await cdp.send('Profiler.stop');
    await context.close();
    writeFileSync(outFile, JSON.stringify(profile));
    return { figures, summary: summarize(profile) };
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  mkdirSync(workDir, { recursive: true });
  const outFile = process.argv[3] ?? path.join(workDir, 'lab-profile.cpuprofile');
  let exitCode = 0;
  try {
    await ensureBenchTools();
    const url = process.argv[2] ?? `${(await startEdgeTopology('.next-bench')).url}/`;
    // A first view fills the edge's cache, so the profile is of the page, not of its first render.
    await (await fetch(url)).arrayBuffer();
    const { figures, summary } = await profileOnce(url, outFile);
    console.log(`${url}: LCP ${Math.round(figures.lcpMs)} ms, TBT ${Math.round(figures.tbtMs)} ms (profiled: slower than measured), ${figures.longTasks} long tasks; profile in ${outFile}`);
    const list = (items) => items.map((item) => `${item.name} ${item.ms} ms`).join('; ');
    console.log(`main thread busy ${summary.whole.busyMs} ms in all\n  by script: ${list(summary.whole.byScript)}\n  by function (self): ${list(summary.whole.byFunction)}`);
    for (const stretch of summary.longest) {
      console.log(`busy ${stretch.busyMs} ms from ${stretch.atMs} ms\n  by script: ${list(stretch.byScript)}\n  by function (self): ${list(stretch.byFunction)}`);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.stack : String(error));
    exitCode = 1;
  } finally {
    await stopAll();
  }
  process.exit(exitCode);
}
