// What seeing the topology costs (docs/observability.md): the same build through the edge with
// each instance's metrics and its access lines on (LOG_LEVEL info, written to a file as a
// container's stdout would be; tracing exporter unset), against the same with both off, for a BFF
// call forwarded to the upstream and a page from the edge's cache; and how long one scrape of an
// instance's metrics takes while the mixed load runs. The machine is shared: the two settings
// alternate (off, on, off, on) and each figure is the mean of its runs.
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

/** The two targets of the budget, through one topology. */
async function measureTargets(topology, log, label) {
  const url = topology.loopbackUrl;
  const token = await xsrfToken(url);
  const doorBody = await doorInfrastructureBody(topology.sandbox);
  const options = { duration: 10, connections: 50, warmupSeconds: 2, accessLog: topology.accessLog };
  const bff = await measure({ url: `${url}/api/v1${INFRASTRUCTURE_PATH}`, method: 'POST', headers: bffHeaders(token), body: doorBody }, options);
  const page = await measure({ url: `${url}/`, headers: documentHeaders }, options);
  log(`  ${label}: BFF (a door's infrastructure, forwarded) ${bff.requestsPerSecond.toFixed(0)} req/s p99 ${bff.latencyP99Ms} ms; cached / ${page.requestsPerSecond.toFixed(0)} req/s p99 ${page.latencyP99Ms} ms`);
  return { bff, page };
}

const meanRate = (runs, key) => runs.reduce((sum, run) => sum + run[key].requestsPerSecond, 0) / runs.length;

/** Off and on in turn, `rounds` times; the scrape under the mixed load in the last "on". */
export async function measureObservabilityCost({ distName, log, rounds = 2, loadSeconds = 30 }) {
  const runs = { off: [], on: [] };
  let scrape;
  for (let round = 1; round <= rounds; round++) {
    for (const mode of ['off', 'on']) {
      const topology = await startEdgeTopology(distName, { observability: mode, accessLogs: mode === 'on' });
      try {
        // A few views first, so first renders and caches are not what gets measured.
        for (let view = 0; view < 4; view++) await (await fetch(`${topology.loopbackUrl}/`, { headers: documentHeaders })).arrayBuffer();
        runs[mode].push(await measureTargets(topology, log, `${mode} (round ${round})`));
        if (mode === 'on' && round === rounds) {
          scrape = await scrapesUnderLoad(topology, { duration: loadSeconds, log });
          log(`  one scrape under the mixed load: p50 ${scrape.p50Ms} ms, p99 ${scrape.p99Ms} ms, max ${scrape.maxMs} ms (${scrape.scrapes} scrapes, ${scrape.failed} failed)`);
        }
      } finally {
        await topology.stop();
      }
    }
  }
  return {
    rounds,
    bff: { off: meanRate(runs.off, 'bff'), on: meanRate(runs.on, 'bff') },
    page: { off: meanRate(runs.off, 'page'), on: meanRate(runs.on, 'page') },
    scrape,
    runs,
  };
}
