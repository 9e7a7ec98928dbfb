// What seeing the topology costs (docs/observability.md): the same build through the edge with
// each instance's metrics and its access lines on (LOG_LEVEL info, written to a file as a
// container's stdout would be; tracing exporter unset), against the same with both off, for a BFF
// call forwarded to the upstream and a page from the edge's cache; and how long one scrape of an
// instance's metrics takes while the mixed load runs. The machine is shared: both settings run at
// once, measured in short runs that alternate, and each figure is the mean of its runs.
import { spawn } from 'node:child_process';
import { runMixedLoad } from './load.mjs';
import { bffHeaders, documentHeaders, doorInfrastructureBody, measure, xsrfToken } from './server-cost.mjs';
import { startEdgeTopology } from './servers.mjs';

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
 * Both settings at once, each a topology of its own (idle while the other is measured): for each
 * target, `rounds` pairs of short runs, off then on and on then off in turn, so the machine's
 * other work weighs on both alike. The scrape is measured at the end, under the mixed load.
 */
export async function measureObservabilityCost({ distName, log, rounds = 3, seconds = 6, loadSeconds = 30 }) {
  const topologies = {
    off: await startEdgeTopology(distName, { observability: 'off', accessLogs: false, name: 'off' }),
    on: await startEdgeTopology(distName, { observability: 'on', accessLogs: true, name: 'on' }),
  };
  try {
    const targets = {};
    for (const [mode, topology] of Object.entries(topologies)) {
      // A few views first, so first renders and caches are not what gets measured.
      for (let view = 0; view < 4; view++) await (await fetch(`${topology.loopbackUrl}/`, { headers: documentHeaders })).arrayBuffer();
      targets[mode] = await targetsOf(topology);
    }
    const runs = { bff: { off: [], on: [] }, page: { off: [], on: [] } };
    for (let round = 0; round < rounds; round++) {
      for (const target of ['bff', 'page']) {
        for (const mode of round % 2 === 0 ? ['off', 'on'] : ['on', 'off']) {
          const figures = await measure(targets[mode][target], { duration: seconds, connections: 50, warmupSeconds: 1, accessLog: topologies[mode].accessLog });
          runs[target][mode].push(figures.requestsPerSecond);
          log(`  ${target} ${mode} (round ${round + 1}): ${figures.requestsPerSecond.toFixed(0)} req/s, p99 ${figures.latencyP99Ms} ms, errors ${figures.errors}, non-2xx ${figures.non2xx}`);
        }
      }
    }
    await topologies.off.stop();
    const scrape = await scrapesUnderLoad(topologies.on, { duration: loadSeconds, log });
    log(`  one scrape under the mixed load: p50 ${scrape.p50Ms} ms, p99 ${scrape.p99Ms} ms, max ${scrape.maxMs} ms (${scrape.scrapes} scrapes, ${scrape.failed} failed)`);
    return {
      rounds,
      seconds,
      bff: { off: mean(runs.bff.off), on: mean(runs.bff.on) },
      page: { off: mean(runs.page.off), on: mean(runs.page.on) },
      scrape,
      runs,
    };
  } finally {
    await Promise.all(Object.values(topologies).map((topology) => topology.stop()));
  }
}
