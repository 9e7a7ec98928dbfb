// What seeing the topology costs (docs/observability.md): the same build through the edge with
// each instance's metrics and its access lines on (LOG_LEVEL info, written to a file as a
// container's stdout would be; tracing exporter unset), against the same with both off, for a BFF
// call forwarded to the upstream and a page from the edge's cache; and how long one scrape of an
// instance's metrics takes while the mixed load runs. The machine is shared: both settings run at
// once, measured in short runs that alternate, and the ratio is the median of the rounds' ratios.
// Part by part (the spans, the metrics, the lines) it is profiled by profile.mjs's
// profileObservability.
import { spawn } from 'node:child_process';
import { runMixedLoad } from './load.mjs';
import { processTree } from './processes.mjs';
import { bffHeaders, documentHeaders, doorInfrastructureBody, measure, xsrfToken } from './server-cost.mjs';
import { startEdgeTopology } from './servers.mjs';
import { median } from './stats.mjs';

const INFRASTRUCTURE_PATH = '/util/infrastructure-inquiry/infrastructure';

/** One scrape by a process of its own (curl), as Prometheus's would be: seconds to the last byte. */
function scrapeSeconds(url) {
  return new Promise((resolve) => {
    const child = spawn('curl', ['-s', '-o', '/dev/null', '-w', '%{http_code} %{time_total}', '--max-time', '5', url], { stdio: ['ignore', 'pipe', 'ignore'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('close', () => {
      const [status, seconds] = output.trim().split(' ');
      resolve(status === '200' ? Number(seconds) : Number.NaN);
    });
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Scrapes every instance every `everyMs` while the mixed load runs. */
async function scrapesUnderLoad(topology, { duration, everyMs = 250, log }) {
  const times = [];
  let failed = 0;
  let running = true;
  const scraper = (async () => {
    while (running) {
      const round = Promise.all(topology.metricsUrls.map(scrapeSeconds));
      const [answers] = await Promise.all([round, new Promise((resolve) => setTimeout(resolve, everyMs))]);
      for (const seconds of answers) {
        if (Number.isFinite(seconds)) times.push(seconds * 1000);
        else failed += 1;
      }
    }
  })();
  const load = await runMixedLoad({ topology, duration, log });
  running = false;
  await scraper;
  const sorted = times.sort((a, b) => a - b);
  const round = (value) => Math.round(value * 100) / 100;
  return { scrapes: sorted.length, failed, p50Ms: round(percentile(sorted, 50)), p99Ms: round(percentile(sorted, 99)), maxMs: round(sorted.at(-1)), loadRequests: load.requests };
}

/** The budget's two targets through one topology: a forwarded BFF call and a page from the edge's cache. */
async function targetsOf(topology) {
  const url = topology.loopbackUrl;
  const token = await xsrfToken(url);
  const doorBody = await doorInfrastructureBody(topology.sandbox);
  return {
    bff: { url: `${url}/api/v1${INFRASTRUCTURE_PATH}`, method: 'POST', headers: bffHeaders(token), body: doorBody },
    page: { url: `${url}/`, headers: documentHeaders },
  };
}

const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * Both settings at once, each a topology of its own (idle while another is measured): for each
 * target, `rounds` pairs of short runs, off then on and on then off in turn, so the machine's
 * other work weighs on both alike; the ratio is the median of the rounds' on ÷ off, each pair a
 * few seconds apart (a busy minute of the shared machine moves one round, not the figure). With
 * `against` (another build's dist dir: the code before a change) its forwarded call is measured
 * the same way, its pairs alternating with this build's, so before and after are one run's
 * figures. The instances' CPU per answer is read beside each run. The scrape is measured at the
 * end, under the mixed load.
 */
export async function measureObservabilityCost({ distName, against, log, rounds = 5, seconds = 6, loadSeconds = 30 }) {
  const builds = { this: distName, ...(against ? { before: against } : {}) };
  const topologies = {};
  try {
    for (const [build, dist] of Object.entries(builds)) {
      topologies[build] = {
        off: await startEdgeTopology(dist, { observability: 'off', accessLogs: false, name: `${build}-off` }),
        on: await startEdgeTopology(dist, { observability: 'on', accessLogs: true, name: `${build}-on` }),
      };
    }
    const targets = {};
    for (const [build, modes] of Object.entries(topologies)) {
      targets[build] = {};
      for (const [mode, topology] of Object.entries(modes)) {
        // A few views first, so first renders and caches are not what gets measured.
        for (let view = 0; view < 4; view++) await (await fetch(`${topology.loopbackUrl}/`, { headers: documentHeaders })).arrayBuffer();
        targets[build][mode] = await targetsOf(topology);
      }
    }
    const empty = () => ({ off: [], on: [], offCpu: [], onCpu: [] });
    const runs = { bff: empty(), page: empty(), ...(against ? { bffBefore: empty() } : {}) };
    // The page from the edge's cache never reaches the instances' code: this build's alone.
    const plan = [['bff', 'this', 'bff'], ...(against ? [['bffBefore', 'before', 'bff']] : []), ['page', 'this', 'page']];
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? plan : [...plan.slice(0, -1).reverse(), plan.at(-1)];
      for (const [key, build, target] of order) {
        for (const mode of round % 2 === 0 ? ['off', 'on'] : ['on', 'off']) {
          const topology = topologies[build][mode];
          const cpu = { instances: async () => (await Promise.all(topology.instancePids().map(processTree))).flat() };
          const figures = await measure(targets[build][mode][target], { duration: seconds, connections: 50, warmupSeconds: 1, accessLog: topology.accessLog, cpu });
          runs[key][mode].push(figures.requestsPerSecond);
          runs[key][`${mode}Cpu`].push(figures.cpuMsPerAnswer.instances);
          log(`  ${key} ${mode} (round ${round + 1}): ${figures.requestsPerSecond.toFixed(0)} req/s, p99 ${figures.latencyP99Ms} ms, ${figures.cpuMsPerAnswer.instances} ms CPU per answer, errors ${figures.errors}, non-2xx ${figures.non2xx}`);
        }
      }
    }
    for (const modes of Object.values(topologies)) await modes.off.stop();
    if (against) await topologies.before.on.stop();
    const scrape = await scrapesUnderLoad(topologies.this.on, { duration: loadSeconds, log });
    log(`  one scrape under the mixed load: p50 ${scrape.p50Ms} ms, p99 ${scrape.p99Ms} ms, max ${scrape.maxMs} ms (${scrape.scrapes} scrapes, ${scrape.failed} failed)`);
    const summary = ({ off, on, offCpu, onCpu }) => ({
      off: mean(off),
      on: mean(on),
      ratio: median(on.map((value, round) => value / off[round])),
      offCpuMs: median(offCpu),
      onCpuMs: median(onCpu),
    });
    const result = { rounds, seconds, bff: summary(runs.bff), page: summary(runs.page), scrape, runs };
    if (against) result.before = { label: against, bff: summary(runs.bffBefore) };
    log(`  forwarded call, on ÷ off: ${result.bff.ratio.toFixed(2)} (median of ${rounds} rounds)${against ? `; the build before (${against}): ${result.before.bff.ratio.toFixed(2)}` : ''}`);
    return result;
  } finally {
    await Promise.all(Object.values(topologies).flatMap((modes) => Object.values(modes)).map((topology) => topology.stop()));
  }
}
