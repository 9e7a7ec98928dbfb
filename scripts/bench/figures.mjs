// The arithmetic of the bench's report: every budget with its figure, baseline, ratio and verdict,
// and which budgets bench/misses.json explains. Pure functions of the run's figures and the fixed
// baselines of bench/baselines.json; render.mjs turns them into Markdown.
import { labBudgets } from './lab-report.mjs';
import { fixed, kib, mib, ms, msFine, ratio } from './stats.mjs';

/** What the field-vitals loader may add to the first load of `/`. */
export const VITALS_LOADER_ALLOWANCE_BYTES = 1024;

const anonymousPages = [
  ['page', '`/`'],
  ['pageHowTo', '`/nasil-yapilir`'],
  ['pageEn', '`/en`'],
];

export const pageNames = { home: '`/`', howTo: '`/nasil-yapilir`', en: '`/en`', notFound: '404 (`/bu-sayfa-yok`)', floor: 'floor (bare Next.js page)', floorStyled: 'the floor with `/`\'s stylesheets' };

/** On against off, measured alternately: the median of the rounds' ratios where a run has it, else the ratio of the means (older runs). */
export const onOffRatio = ({ on, off, ratio: paired }) => paired ?? ratio(on, off);

/**
 * The share of answers nginx's access log marks HIT, in %, and every status with its count; null
 * when the log marked none (a target the edge does not cache, or an older run without the log).
 */
export function edgeHits(cacheStatuses = {}) {
  const counts = Object.entries(cacheStatuses);
  const total = counts.reduce((sum, [, n]) => sum + n, 0);
  const cached = ['HIT', 'MISS', 'STALE', 'UPDATING', 'EXPIRED', 'BYPASS'].some((status) => cacheStatuses[status]);
  return total && cached ? { percent: ((cacheStatuses.HIT ?? 0) / total) * 100, counts } : null;
}

/**
 * Every budget with its figure, baseline and ratio. `met: null` is reported, not enforced.
 * `baselines`: bench/baselines.json, the figures of past runs some budgets are held against.
 */
export function budgets(results, baselines) {
  const list = [];
  const { lighthouse, firstLoad, edgeCost, originCost, load, optionFilter, observability } = results;
  if (results.labVitals) list.push(...labBudgets(results.labVitals, pageNames));
  if (lighthouse) {
    const floor = lighthouse.floor;
    for (const key of ['home', 'howTo', 'en']) {
      const page = lighthouse[key];
      // Lighthouse's trace screenshots hold back Chromium's first frames: the lab vitals hold the budgets.
      list.push({
        id: `lighthouse.${key}.performance`,
        what: `Lighthouse Performance and TBT, ${pageNames[key]}`,
        figure: `${page.performance}, ${Math.round(page.tbtMs)} ms`,
        baseline: `${floor.performance}, ${Math.round(floor.tbtMs)} ms`,
        ratio: ratio(page.performance, floor.performance),
        limit: 'reported',
        met: null,
      });
      const others = [page.accessibility, page.bestPractices, page.seo];
      list.push({
        id: `lighthouse.${key}.others`,
        what: `Lighthouse Accessibility / Best Practices / SEO, ${pageNames[key]}`,
        figure: others.join(' / '),
        baseline: [floor.accessibility, floor.bestPractices, floor.seo].join(' / '),
        ratio: ratio(Math.min(...others), Math.min(floor.accessibility, floor.bestPractices, floor.seo)),
        limit: '100 each',
        met: others.every((score) => score === 100),
      });
    }
  }
  if (firstLoad) {
    const floor = firstLoad.pages.floor.firstLoad.wireBytes;
    const home = firstLoad.pages.home.firstLoad.wireBytes;
    const record = baselines.firstLoadRecord;
    list.push({ id: 'firstLoad.home', what: 'First-load JavaScript of `/` through the edge (bytes on the wire) against the floor', figure: kib(home), baseline: kib(floor), ratio: ratio(home, floor), limit: '≤ 1.05 × floor', met: home <= 1.05 * floor });
    list.push({
      id: 'firstLoad.homeRecord',
      what: `First-load JavaScript of \`/\` through the edge (bytes on the wire) against the last record of the old serving layer (${record.date})`,
      figure: `${kib(home)} (${home.toLocaleString('en')} B)`,
      baseline: kib(record.bytes),
      ratio: ratio(home, record.bytes),
      limit: `≤ the record (${record.bytes.toLocaleString('en')} B)`,
      met: home <= record.bytes,
    });
    const wizard = firstLoad.wizard;
    list.push({
      id: 'firstLoad.wizard',
      what: 'New-application wizard chunks kept out of the first load of `/`',
      figure: `${kib(wizard.wireBytes)} in ${wizard.chunks.length} chunk(s)`,
      baseline: kib(home),
      ratio: ratio(wizard.wireBytes, home),
      limit: 'not in first load',
      met: wizard.chunks.length > 0 && !wizard.inHomeFirstLoad,
    });
  }
  if (edgeCost) {
    const { staticFile } = edgeCost;
    for (const [key, name] of anonymousPages) {
      const figures = edgeCost[key];
      list.push({
        id: `edgeCost.${key}`,
        what: `Anonymous GET ${name} through the edge (its page cache) against a static file nginx sends: throughput, p50 (medians of ${edgeCost.rounds ?? 1} runs)`,
        figure: `${figures.requestsPerSecond.toFixed(0)} req/s, p50 ${msFine(figures.latencyP50Ms)}`,
        baseline: `${staticFile.requestsPerSecond.toFixed(0)} req/s, p50 ${msFine(staticFile.latencyP50Ms)}`,
        ratio: ratio(figures.requestsPerSecond, staticFile.requestsPerSecond),
        limit: '≥ 0.85 × throughput, p50 ≤ 1.5 ×',
        met: figures.requestsPerSecond >= 0.85 * staticFile.requestsPerSecond && figures.latencyP50Ms <= 1.5 * staticFile.latencyP50Ms && figures.errors === 0 && figures.non2xx === 0,
      });
    }
    const { pageCustomer: customer, floorPerRequest: floor } = edgeCost;
    if (customer && floor) {
      list.push({
        id: 'edgeCost.pageCustomer',
        what: 'A logged-in customer’s GET `/` through the edge against a bare Next.js page rendered per request (`connection()`) behind the same nginx: throughput, p50',
        figure: `${customer.requestsPerSecond.toFixed(0)} req/s, p50 ${msFine(customer.latencyP50Ms)}`,
        baseline: `${floor.requestsPerSecond.toFixed(0)} req/s, p50 ${msFine(floor.latencyP50Ms)}`,
        ratio: ratio(customer.requestsPerSecond, floor.requestsPerSecond),
        limit: '≥ 0.5 × throughput, p50 ≤ 2 ×',
        met: customer.requestsPerSecond >= 0.5 * floor.requestsPerSecond && customer.latencyP50Ms <= 2 * floor.latencyP50Ms && customer.errors === 0 && customer.non2xx === 0,
      });
    }
    const againstSandbox = (id, what, figures, baseline) =>
      list.push({
        id,
        what,
        figure: `${figures.requestsPerSecond.toFixed(0)} req/s, ${figures.errors} errors, ${figures.non2xx} non-2xx`,
        baseline: `${baseline.requestsPerSecond.toFixed(0)} req/s`,
        ratio: ratio(figures.requestsPerSecond, baseline.requestsPerSecond),
        // A route handler against a bare Node.js server: what the BFF is held to is the handler below.
        limit: 'reported',
        met: null,
      });
    againstSandbox('edgeCost.bff', 'POST an address list through the edge and the BFF against the sandbox directly, throughput', edgeCost.bff, edgeCost.direct);
    againstSandbox('edgeCost.bffForwarded', 'POST a door’s infrastructure (forwarded every time) through the edge and the BFF against the sandbox directly, throughput', edgeCost.bffForwarded, edgeCost.directForwarded);
    // Against the BFF's floor: a route handler through the same edge that forwards the same body
    // to the same upstream with undici, and nothing else (the upstream's round trip in both).
    const againstFloor = (id, what, figures, floor, least) =>
      list.push({
        id,
        what,
        figure: `${figures.requestsPerSecond.toFixed(0)} req/s, p99 ${ms(figures.latencyP99Ms)}`,
        baseline: `${floor.requestsPerSecond.toFixed(0)} req/s, p99 ${ms(floor.latencyP99Ms)}`,
        ratio: ratio(figures.requestsPerSecond, floor.requestsPerSecond),
        limit: least ? `≥ ${least} × throughput` : 'reported',
        met: least ? figures.requestsPerSecond >= least * floor.requestsPerSecond && figures.errors === 0 && figures.non2xx === 0 : null,
      });
    if (edgeCost.floor) {
      againstFloor('edgeCost.bffFloor', 'POST an address list through the edge and the BFF against the floor, a handler forwarding the same body with undici', edgeCost.bff, edgeCost.floor, 0.8);
      againstFloor('edgeCost.bffForwardedFloor', 'POST a door’s infrastructure (forwarded) through the edge and the BFF against the floor forwarding it', edgeCost.bffForwarded, edgeCost.floorForwarded, 0.75);
    }
    // Against a route handler that forwards nothing (the liveness check): reported, it cannot tell our cost from the upstream's round trip.
    if (edgeCost.route) {
      const both = `${ratio(edgeCost.bff.requestsPerSecond, edgeCost.route.requestsPerSecond).toFixed(2)} and ${ratio(edgeCost.bffForwarded.requestsPerSecond, edgeCost.route.requestsPerSecond).toFixed(2)}`;
      list.push({ id: 'edgeCost.bffRoute', what: 'The same two against `/api/health/live`, a route handler forwarding nothing', figure: both, baseline: `${edgeCost.route.requestsPerSecond.toFixed(0)} req/s`, ratio: ratio(edgeCost.bffForwarded.requestsPerSecond, edgeCost.route.requestsPerSecond), limit: 'reported', met: null });
    }
  }
  if (originCost) {
    const { staticFile } = originCost;
    for (const [key, name] of anonymousPages) {
      const figures = originCost[key];
      list.push({
        id: `originCost.${key}`,
        what: `Anonymous GET ${name} at the origin alone (Next.js's cache) against a static file Next.js sends: throughput`,
        figure: `${figures.requestsPerSecond.toFixed(0)} req/s, p50 ${msFine(figures.latencyP50Ms)}`,
        baseline: `${staticFile.requestsPerSecond.toFixed(0)} req/s, p50 ${msFine(staticFile.latencyP50Ms)}`,
        ratio: ratio(figures.requestsPerSecond, staticFile.requestsPerSecond),
        limit: '≥ 0.3 × throughput',
        met: figures.requestsPerSecond >= 0.3 * staticFile.requestsPerSecond && figures.errors === 0 && figures.non2xx === 0,
      });
    }
  }
  if (load) {
    const unexpected = load.unexpected.reduce((total, item) => total + item.count, 0);
    list.push({
      id: 'load.errors',
      what: `Mixed load through the edge, ${load.duration} s at ${load.connections} connections: errors other than the intended 429s`,
      figure: `${unexpected + load.socketErrors} (${load.codeRequests429} intended 429s)`,
      baseline: `${load.requests} requests`,
      ratio: ratio(unexpected + load.socketErrors, load.requests),
      limit: '0',
      met: unexpected === 0 && load.socketErrors === 0,
    });
    list.push({
      id: 'load.memory',
      what: 'Next.js memory (RSS of the two instances) after the mixed load against before',
      figure: mib(load.rssAfterBytes),
      baseline: mib(load.rssBeforeBytes),
      ratio: ratio(load.rssAfterBytes, load.rssBeforeBytes),
      limit: 'reported',
      met: null,
    });
  }
  if (firstLoad) {
    const home = firstLoad.pages.home.firstLoad.wireBytes;
    const before = baselines.firstLoadBeforeVitals;
    list.push({
      id: 'firstLoad.vitals',
      what: `First-load JavaScript of \`/\` through the edge with the field-vitals loader against the same page before it (${before.commit})`,
      figure: `${home.toLocaleString('en')} B`,
      baseline: `${before.bytes.toLocaleString('en')} B`,
      ratio: ratio(home, before.bytes),
      limit: `≤ + ${VITALS_LOADER_ALLOWANCE_BYTES.toLocaleString('en')} B`,
      met: home <= before.bytes + VITALS_LOADER_ALLOWANCE_BYTES,
    });
  }
  if (observability) {
    const { bff, page, scrape, before } = observability;
    // The same build measured with them on and off, alternately: the median of each round's on ÷ off (older runs: the ratio of the means).
    const onAgainstOff = (id, what, figures, least) => {
      const onOff = onOffRatio(figures);
      list.push({ id, what, figure: `${figures.on.toFixed(0)} req/s`, baseline: `${figures.off.toFixed(0)} req/s`, ratio: onOff, limit: `≥ ${least}`, met: onOff >= least });
    };
    onAgainstOff('observability.bff', 'POST a door’s infrastructure (forwarded) through the edge, metrics and access lines on, against the same build with them off: throughput', bff, 0.85);
    onAgainstOff('observability.page', 'Anonymous GET `/` from the edge’s cache, metrics and access lines on, against them off: throughput', page, 0.97);
    if (before?.bff) {
      list.push({ id: 'observability.bffBefore', what: `The same, the build before (${before.label}), measured alternately`, figure: `${before.bff.on.toFixed(0)} req/s`, baseline: `${before.bff.off.toFixed(0)} req/s`, ratio: onOffRatio(before.bff), limit: 'reported', met: null });
    }
    list.push({
      id: 'observability.scrape',
      what: 'One scrape of an instance’s metrics under the mixed load: p99',
      figure: `${scrape.p99Ms} ms (p50 ${scrape.p50Ms} ms, ${scrape.scrapes} scrapes, ${scrape.failed} failed)`,
      baseline: '50 ms',
      ratio: ratio(scrape.p99Ms, 50),
      limit: '≤ 50 ms',
      met: scrape.p99Ms <= 50 && scrape.failed === 0,
    });
  }
  if (optionFilter) {
    list.push({
      id: 'optionFilter.keystroke',
      what: `Turkish-aware filter, ${optionFilter.options.toLocaleString('en')} options, time per keystroke`,
      figure: `${fixed(optionFilter.turkish.medianMs * 1000, 1)} µs`,
      baseline: `${fixed(optionFilter.baseline.medianMs * 1000, 1)} µs`,
      ratio: ratio(optionFilter.turkish.medianMs, optionFilter.baseline.medianMs),
      limit: 'reported (< 1 ms keeps a keystroke far inside one frame)',
      met: optionFilter.turkish.medianMs < 1 ? null : false,
    });
  }
  return list;
}

/**
 * Which budgets bench/misses.json explains: the misses no entry names (`unexplained`), and for each
 * entry the budgets it names as this run measured them, missed and met, and the ids this run did
 * not measure (`unknown`). An entry with nothing missed or unknown `mayGo`.
 */
export function misses(budgetList, entries) {
  const byId = new Map(budgetList.map((budget) => [budget.id, budget]));
  const explained = new Set(entries.flatMap((entry) => entry.budgets));
  const unexplained = budgetList.filter((budget) => budget.met === false && !explained.has(budget.id));
  const explanations = entries.map((entry) => {
    const measured = entry.budgets.map((id) => byId.get(id)).filter(Boolean);
    return {
      entry,
      missed: measured.filter((budget) => budget.met === false),
      met: measured.filter((budget) => budget.met !== false),
      unknown: entry.budgets.filter((id) => !byId.has(id)),
    };
  });
  const standing = explanations.filter(({ missed, unknown }) => missed.length || unknown.length);
  const mayGo = explanations.filter((item) => !standing.includes(item)).map(({ entry }) => entry.title);
  return { unexplained, standing, mayGo };
}
