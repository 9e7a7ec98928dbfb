// The Markdown of BENCHMARKS.md and bench/profiles.md from a run's figures (bench/results.json, whose
// budgets figures.mjs computes) and bench/misses.json. Formatting only: no verdict is decided here.
import path from 'node:path';
import { labSection } from './lab-report.mjs';
import { customerProfileSection, observabilityParts, observabilityProfileSection, profileSection } from './profile-summary.mjs';
import { edgeHits, misses, onOffRatio, pageNames } from './figures.mjs';
import { fixed, kib, mib, ms, msFine, ratio } from './stats.mjs';

/** The load generator of a server-cost run: wrk since 2026-11-27, autocannon in older results. */
const generatorOf = (cost) =>
  cost.generator === 'wrk'
    ? { name: 'wrk', where: 'wrk, one thread, a process of its own' }
    : { name: 'autocannon', where: "autocannon, in the bench's own Node.js process" };

const verdict = (met) => (met === null ? 'reported' : met ? '**met**' : '**MISSED**');

/** Markdown links from BENCHMARKS.md (at the root) to the paths an entry names. */
const links = (paths) => paths.map((file) => `[${path.basename(file, '.md')}](${file})`).join(', ');

/**
 * The section on what misses and why: each entry of bench/misses.json with the budgets it explains
 * as this run measured them. An entry whose budgets all met may go; a missed budget that no entry
 * names, and an entry naming a budget this run did not measure, are said so.
 */
export function missesSection(budgetList, entries) {
  const { unexplained, standing, mayGo } = misses(budgetList, entries);
  const lines = [
    '## Current misses and decisions',
    '',
    'From `bench/misses.json` (why a budget misses, what was decided, the records) and this run\'s figures.',
    '',
  ];
  if (unexplained.length) {
    lines.push(`**Missed with no entry in \`bench/misses.json\`:** ${unexplained.map((budget) => `${budget.what} (${budget.figure}; ${budget.limit})`).join('; ')}. Explain each there, or fix it.`, '');
  }
  for (const { entry, missed, met, unknown } of standing) {
    lines.push(`### ${entry.title}`, '');
    for (const budget of missed) lines.push(`- **missed**: ${budget.what}: ${fixed(budget.ratio)} (${budget.limit})`);
    if (met.length) lines.push(`- met: ${met.map((budget) => `${budget.what}: ${fixed(budget.ratio)}`).join('; ')}`);
    if (unknown.length) lines.push(`- names no budget of this run: ${unknown.map((id) => `\`${id}\``).join(', ')}`);
    lines.push('', `${entry.why}`, '', `Status: ${entry.status}.${entry.records?.length ? ` See ${links(entry.records)}.` : ''}`, '');
  }
  if (mayGo.length) lines.push(`Met in this run, so their entries in \`bench/misses.json\` may go once they hold: ${mayGo.map((title) => `*${title}*`).join(', ')}.`, '');
  return lines;
}

/** How to read the tables: what a baseline is and why ratios, not milliseconds. */
const howToRead = [
  '## How to read these figures',
  '',
  '- Every figure stands beside a baseline measured in the same run, and the budgets hold on the ratio: the machine is shared and small, so absolute times move from run to run ([decision 0009](docs/decisions/0009-bench-floors-and-wrk.md)).',
  '- The *floor* is a bare one-page Next.js app of the same version, built and served during the run; the *styled floor* is the same page linking the stylesheets `/` links, to tell what a render-blocking stylesheet costs from what our code costs.',
  '- Page speed: lab vitals, medians of fifteen loads interleaved with both floors; Lighthouse (nine runs) for Accessibility, Best Practices and SEO.',
  '- Server cost: wrk drives loopback connections through the edge (nginx, two instances, Redis) and at one instance alone; a page from a cache is set against a static file of about its size sent by the same server. CPU per answer is read from `/proc`.',
  '- A **MISSED** budget does not fail the run (`BENCH_STRICT=1` makes it exit 2); why it misses is in the section after the budgets. Compare ratios across runs, not milliseconds.',
  '',
];

/** BENCHMARKS.md, whole, from a run's results (their budgets computed) and bench/misses.json's entries. */
export function markdown(results, missEntries) {
  const { machine, versions, lighthouse, firstLoad, edgeCost, originCost, load, optionFilter } = results;
  const lines = [];
  const add = (...more) => lines.push(...more);
  add(
    '# Benchmarks',
    '',
    `Written by \`npm run bench\` (scripts/bench/) on ${results.date}${results.commit ? ` at commit ${results.commit}` : ''}; the run took ${Math.round(results.durationSeconds)} s. The same figures are in \`bench/results.json\`.`,
    '',
    `Machine: ${machine.cores} cores (${machine.cpuModel}), ${(machine.memoryBytes / 1024 ** 3).toFixed(1)} GiB memory, load average ${machine.loadAverage.map((value) => value.toFixed(2)).join(' / ')} at the start` +
      `${machine.loadAverageAtEnd ? ` and ${machine.loadAverageAtEnd.map((value) => value.toFixed(2)).join(' / ')} at the end` : ''}. ` +
      `Node ${versions.node}, Next.js ${versions.next}, React ${versions.react}, Lighthouse ${versions.lighthouse}, ${versions.chromium}, autocannon ${versions.autocannon}${versions.wrk ? `, ${versions.wrk}` : ''}${versions.nginx ? `, ${versions.nginx}, ${versions.redis}` : ''}. ` +
      `The site runs as in production (\`scripts/edge.mjs\`): nginx in front of ${results.settings?.instances ?? 2} standalone instances of \`${results.settings?.distDir ?? '.next-bench'}\` sharing one redis-server, the sandbox as their upstream; the origin alone is one more instance as \`npm start\` runs it (no Redis, no edge).`,
    '',
    ...howToRead,
    '## Budgets',
    '',
    '| budget | figure | baseline | ratio | limit | |',
    '|---|---|---|---|---|---|',
    ...results.budgets.map((budget) => `| ${budget.what} | ${budget.figure} | ${budget.baseline} | ${fixed(budget.ratio)} | ${budget.limit} | ${verdict(budget.met)} |`),
    '',
    ...missesSection(results.budgets, missEntries),
  );
  if (results.labVitals) add(...labSection(results.labVitals, pageNames));
  if (lighthouse) {
    add(
      `## Lighthouse (mobile preset, median of ${results.settings.lighthouseRuns} runs)`,
      '',
      'Our pages through the edge, the floors from `next start`.',
      '',
      '| page | Performance | Accessibility | Best Practices | SEO | LCP | CLS | TBT | FCP |',
      '|---|---|---|---|---|---|---|---|---|',
      ...['floor', 'floorStyled', 'home', 'howTo', 'en'].filter((key) => lighthouse[key]).map((key) => {
        const page = lighthouse[key];
        return `| ${pageNames[key]} | ${page.performance} | ${page.accessibility} | ${page.bestPractices} | ${page.seo} | ${ms(page.lcpMs)} | ${fixed(page.cls, 3)} | ${ms(page.tbtMs)} | ${ms(page.fcpMs)} |`;
      }),
      '',
    );
    const failing = ['home', 'howTo', 'en'].filter((key) => lighthouse[key].failedAudits.length);
    if (failing.length) {
      add('Audits below full marks (accessibility, best practices, SEO) in any run:', '');
      for (const key of failing) add(`- ${pageNames[key]}: ${lighthouse[key].failedAudits.join(', ')}`);
      add('');
    }
  }
  if (firstLoad) {
    const floor = firstLoad.pages.floor.firstLoad.wireBytes;
    add(
      '## JavaScript on first load',
      '',
      'Bytes on the wire from the browser\'s network log (a fresh context per page), through the edge: nginx sends scripts and pages in brotli, the floor\'s server gzip. ' +
        '*First load* is the scripts the HTML names; *after load* what the page fetched later until the network was idle.',
      '',
      '| page | status | first load (wire) | ÷ floor | decoded | files | after load (wire) | HTML (wire, encoding) |',
      '|---|---|---|---|---|---|---|---|',
      ...['floor', 'home', 'howTo', 'notFound'].map((key) => {
        const page = firstLoad.pages[key];
        return `| ${pageNames[key]} | ${page.status} | ${kib(page.firstLoad.wireBytes)} | ${fixed(ratio(page.firstLoad.wireBytes, floor))} | ${kib(page.firstLoad.decodedBytes)} | ${page.firstLoad.files} | ${kib(page.afterLoad.wireBytes)} (${page.afterLoad.files}) | ${kib(page.htmlWireBytes)}, ${page.htmlEncoding ?? 'gzip'} |`;
      }),
      '',
      `New-application wizard (\`${firstLoad.wizard.url}\`): ${kib(firstLoad.wizard.wireBytes)} on the wire (${kib(firstLoad.wizard.decodedBytes)} decoded) in the chunks home's first load does not have; ` +
        `${firstLoad.wizard.inHomeFirstLoad ? '**some are in home\'s first load**' : 'none of them is in home\'s first load'}` +
        `${firstLoad.wizard.fetchedByHomeAfterLoad.length ? `; ${firstLoad.wizard.fetchedByHomeAfterLoad.length} of them home fetches after load (shared with the lazy login form)` : ''}.`,
      '',
    );
  }
  if (edgeCost) {
    const { chunk } = edgeCost;
    const cpu = (figures, name) => (Number.isFinite(figures.cpuMsPerAnswer?.[name]) ? `${fixed(figures.cpuMsPerAnswer[name] * 1000, 0)} µs` : '–');
    const cache = (figures) => {
      const hits = edgeHits(figures.cacheStatuses);
      return hits ? `${fixed(hits.percent, 2)} % (${hits.counts.map(([status, n]) => `${status} ${n}`).join(', ')})` : '–';
    };
    const row = (name, figures, baseline) =>
      `| ${name} | ${figures.requestsPerSecond.toFixed(0)} | ${msFine(figures.latencyP50Ms)} | ${msFine(figures.latencyP99Ms)} | ${figures.requests} | ${figures.errors} | ${figures.non2xx} | ${fixed(figures.bytesPerAnswer / 1024, 1)} KiB | ${cache(figures)} | ${cpu(figures, 'nginx')} | ${cpu(figures, 'instances')} | ${fixed(figures.generatorCores)} | ${baseline ? fixed(ratio(figures.requestsPerSecond, baseline.requestsPerSecond)) : '1 (baseline)'} |`;
    const generator = generatorOf(edgeCost);
    add(
      `## Through the edge (${generator.name}, loopback, ${edgeCost.duration} s each at ${edgeCost.connections} connections, after a short warm-up)`,
      '',
      `Every request goes to nginx with a browser\'s headers. The static file is \`${chunk.path}\`, the script of \`/\`'s first load nearest in size to the page (${fixed(chunk.wireBytes / 1024, 1)} KiB in brotli from disk, the page ${fixed(chunk.pageWireBytes / 1024, 1)} KiB ${chunk.pageEncoding}); ` +
        `every row is the median of ${edgeCost.rounds ?? 1} runs, the targets in turn (the static file opens and closes each round). ` +
        `*Edge hits*: the share nginx's access log marks HIT (a page is kept 10 s; an expired one goes out STALE or UPDATING while one request refreshes it). CPU per answer is read from \`/proc\`; *generator* is the cores the load generator (${generator.where}) kept busy.`,
      '',
      '| target | req/s | p50 | p99 | requests | errors | non-2xx | bytes per answer | edge hits | nginx CPU | instances CPU | generator (cores) | throughput ratio |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
      row(`static file \`${chunk.path}\` (nginx, brotli)`, edgeCost.staticFile),
      row('anonymous GET `/` (edge cache)', edgeCost.page, edgeCost.staticFile),
      row('anonymous GET `/nasil-yapilir` (edge cache)', edgeCost.pageHowTo, edgeCost.staticFile),
      row('anonymous GET `/en` (edge cache)', edgeCost.pageEn, edgeCost.staticFile),
      ...(edgeCost.floorPerRequest ? [row('floor: a bare Next.js page rendered per request, behind the same nginx', edgeCost.floorPerRequest)] : []),
      row('a logged-in customer’s GET `/` (past the cache: the customers\' template filled in)', edgeCost.pageCustomer, edgeCost.floorPerRequest ?? edgeCost.staticFile),
      row('POST sandbox directly, an address list (`city` 34)', edgeCost.direct),
      ...(edgeCost.floor ? [row('POST through the edge, the floor (a handler forwarding it with undici), the same list', edgeCost.floor, edgeCost.direct)] : []),
      row('POST through the edge and the BFF, the same address list (answered from memory after the first)', edgeCost.bff, edgeCost.floor ?? edgeCost.direct),
      row('POST sandbox directly, a door’s infrastructure (`apartment`)', edgeCost.directForwarded),
      ...(edgeCost.floorForwarded ? [row('POST through the edge, the floor forwarding the same door', edgeCost.floorForwarded, edgeCost.directForwarded)] : []),
      row('POST through the edge and the BFF, the same door (forwarded every time)', edgeCost.bffForwarded, edgeCost.floorForwarded ?? edgeCost.directForwarded),
      row('GET `/api/health/live` through the edge (a route handler forwarding nothing)', edgeCost.route, edgeCost.direct),
      '',
      `${edgeCost.floor ? `The BFF's rows are set against the floor's (app/api/bench, the bench's build only). ` : ''}Against \`/api/health/live\` the BFF reaches ${fixed(ratio(edgeCost.bff.requestsPerSecond, edgeCost.route.requestsPerSecond))} × with an address list and ${fixed(ratio(edgeCost.bffForwarded.requestsPerSecond, edgeCost.route.requestsPerSecond))} × with a forwarded call. ` +
        `The instances log at \`warn\` here.`,
      '',
    );
  }
  if (originCost) {
    const cpu = (figures) => (Number.isFinite(figures.cpuMsPerAnswer?.origin) ? `${fixed(figures.cpuMsPerAnswer.origin * 1000, 0)} µs` : '–');
    const row = (name, figures, baseline) =>
      `| ${name} | ${figures.requestsPerSecond.toFixed(0)} | ${msFine(figures.latencyP50Ms)} | ${msFine(figures.latencyP99Ms)} | ${figures.requests} | ${figures.errors} | ${figures.non2xx} | ${fixed(figures.bytesPerAnswer / 1024, 1)} KiB | ${cpu(figures)} | ${fixed(figures.generatorCores)} | ${baseline ? fixed(ratio(figures.requestsPerSecond, baseline.requestsPerSecond)) : '1 (baseline)'} |`;
    add(
      `## The origin alone (${generatorOf(originCost).name}, loopback, ${originCost.duration} s each at ${originCost.connections} connections, after a short warm-up)`,
      '',
      'One instance as `npm start` runs it (no Redis: Next.js\'s cache in its memory), reached directly. ' +
        `The static file is the same script sent by Next.js (${originCost.chunk.originEncoding}, ${fixed(originCost.chunk.originWireBytes / 1024, 1)} KiB, compressed per request, as the pages are); every row is the median of ${originCost.rounds ?? 1} runs, the targets in turn.`,
      '',
      '| target | req/s | p50 | p99 | requests | errors | non-2xx | bytes per answer | origin CPU | generator (cores) | throughput ratio |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
      row(`static file \`${originCost.chunk.path}\` (Next.js)`, originCost.staticFile),
      row('anonymous GET `/` (Next.js\'s cache)', originCost.page, originCost.staticFile),
      row('anonymous GET `/nasil-yapilir` (Next.js\'s cache)', originCost.pageHowTo, originCost.staticFile),
      row('anonymous GET `/en` (Next.js\'s cache)', originCost.pageEn, originCost.staticFile),
      ...(originCost.pagePlain ? [row('`/` asked with no Accept-Encoding (sent as kept, not compressed; reported)', originCost.pagePlain, originCost.staticFile)] : []),
      ...(originCost.firstChunk ? [row(`the first script \`/\` names, \`${originCost.chunk.first.path}\` (${fixed(originCost.chunk.first.wireBytes / 1024, 1)} KiB brotli; reported)`, originCost.firstChunk, originCost.staticFile)] : []),
      '',
      ...(originCost.pagePlain && originCost.firstChunk
        ? [
            `Against the first script \`/\` names, \`/\` reaches ${fixed(ratio(originCost.page.requestsPerSecond, originCost.firstChunk.requestsPerSecond))} × (a small file is cheaper to compress and send), against the chunk of the page's size ${fixed(ratio(originCost.page.requestsPerSecond, originCost.staticFile.requestsPerSecond))} ×; without compression \`/\` reaches ${fixed(ratio(originCost.pagePlain.requestsPerSecond, originCost.staticFile.requestsPerSecond))} ×: the rest is Next.js's work per request (routing, the rewrite, the cache read).`,
            '',
          ]
        : []),
    );
  }
  if (load) {
    const statuses = (kind) =>
      Object.entries(load.statuses[kind])
        .map(([status, count]) => `${status}: ${count}`)
        .join(', ');
    add(
      `## Mixed load (${load.duration} s, ${load.connections} connections, through the edge)`,
      '',
      `Each connection plays visitors one after another: a public page from the edge's cache, the XSRF cookie from \`/api/xsrf\`, two address lists and a login-code request for a TC kimlik no the sandbox does not know (404), the last three through the backend-for-frontend, with the limits raised (\`RATE_LIMIT_FACTOR\`: every visitor is one loopback address). ` +
        `The connections open in ${load.rampSeconds + 1} groups a second apart; a request unanswered after ${load.timeoutSeconds} s counts as an error.`,
      '',
      `- ${load.requests} requests (${load.requestsPerSecond.toFixed(0)}/s), ${load.visits} visits; latency p50 ${load.latencyP50Ms} ms, p99 ${load.latencyP99Ms} ms, max ${load.latencyMaxMs} ms`,
      `- page views: ${statuses('page')}; /api/xsrf: ${load.statuses.xsrf ? statuses('xsrf') : 'n/a'}; address lists: ${statuses('addresses')}; code requests: ${statuses('code')}`,
      `- socket errors ${load.socketErrors}, timeouts ${load.timeouts}${load.unanswered ? ` (unanswered when the run ended, in-flight ones included: ${Object.entries(load.unanswered).map(([kind, n]) => `${kind} ${n}`).join(', ')})` : ''}; unexpected answers: ${load.unexpected.length ? load.unexpected.map((item) => `${item.count} × ${item.status} on ${item.kind}`).join(', ') : 'none'}`,
      `- upstream calls that failed in the server (the BFF answers those 502): ${
        Object.keys(load.upstreamErrors ?? {}).length
          ? Object.entries(load.upstreamErrors)
              .map(([cause, count]) => `${count} × ${cause}`)
              .join('; ')
          : 'none'
      }`,
      `- Next.js memory (RSS of the ${load.instances ?? 2} instances together): ${mib(load.rssBeforeBytes)} before, ${mib(load.rssPeakBytes)} at the peak, ${mib(load.rssAfterBytes)} right after (${fixed(ratio(load.rssAfterBytes, load.rssBeforeBytes))} × before), ${mib(load.rssSettledBytes)} five seconds later`,
      '',
    );
  }
  if (optionFilter) {
    const us = (value) => `${fixed(value * 1000, 1)} µs`;
    const row = (name, figures) => `| ${name} | ${us(figures.medianMs)} | ${us(figures.meanMs)} | ${us(figures.p99Ms)} | ${fixed(ratio(figures.medianMs, optionFilter.baseline.medianMs))} |`;
    add(
      `## Option filter (vitest bench, ${optionFilter.options.toLocaleString('en')} options, ${optionFilter.keystrokes} keystrokes per sample)`,
      '',
      '`lib/domain/turkish-search.ts` over 1,000 real neighbourhood names, the query typed one letter at a time (`çamlıca`, then `kocasinan`), against a plain `toLowerCase().includes` filter.',
      '',
      '| per keystroke | median | mean | p99 | ÷ baseline (median) |',
      '|---|---|---|---|---|',
      row('baseline: `toLowerCase().includes`', optionFilter.baseline),
      row('`createOptionFilter` (options folded once, as the combobox does)', optionFilter.turkish),
      row('`filterOptions` (folds all options on every keystroke)', optionFilter.oneOff),
      '',
      `Folding the 1,000 options once (\`createOptionFilter\`): ${fixed(optionFilter.foldOnce.medianMs, 2)} ms median.`,
      '',
    );
  }
  if (results.bffProfile || results.customerProfile) add(...profilesSummary(results));
  if (results.observability) {
    const { runs, scrape, seconds, bff, before } = results.observability;
    const list = (values) => values.map((value) => value.toFixed(0)).join(', ');
    const cpu = (figures) => Number.isFinite(figures?.onCpuMs);
    const shares = results.observabilityProfile && observabilityParts(results.observabilityProfile).shares;
    add(
      '## What seeing it costs (metrics and access lines)',
      '',
      `One build through the edge, metrics and access lines on and off (no tracing exporter), two topologies measured in turn, ${seconds} s wrk runs at 50 connections; the ratio is the median of the rounds' on ÷ off.`,
      '',
      '| target | off, req/s per run | on, req/s per run | on ÷ off |',
      '|---|---|---|---|',
      `| a door’s infrastructure, BFF | ${list(runs.bff.off)} | ${list(runs.bff.on)} | ${fixed(onOffRatio(bff))} |`,
      ...(before ? [`| the same, the build before (${before.label}) | ${list(runs.bffBefore.off)} | ${list(runs.bffBefore.on)} | ${fixed(before.bff.ratio)} |`] : []),
      `| \`/\`, edge cache | ${list(runs.page.off)} | ${list(runs.page.on)} | ${fixed(onOffRatio(results.observability.page))} |`,
      '',
      ...(cpu(bff) ? [`The forwarded call, instance CPU per answer (medians): ${fixed(bff.offCpuMs)} ms off, ${fixed(bff.onCpuMs)} ms on${before ? ` (the build before: ${fixed(before.bff.offCpuMs)}, ${fixed(before.bff.onCpuMs)})` : ''}.${shares ? ` Profiled with both on, share of an instance's main thread: spans ${fixed(shares.spans, 1)} %, lines ${fixed(shares.lines, 1)} %, metrics ${fixed(shares.metrics, 1)} %, lib/observability ${fixed(shares.ours, 1)} % (bench/profiles.md).` : ''}`, ''] : []),
      `A scrape (every 250 ms, under a mixed load of ${scrape.loadRequests} requests): p50 ${fixed(scrape.p50Ms, 0)} ms, p99 ${fixed(scrape.p99Ms, 0)} ms, max ${fixed(scrape.maxMs, 0)} ms, ${scrape.scrapes} scrapes.`,
      '',
    );
  }
  return lines.join('\n');
}

/** BENCHMARKS.md's few lines on the CPU profiles; their tables are in bench/profiles.md. */
function profilesSummary({ bffProfile, customerProfile }) {
  const lines = ['## Where the CPU goes (profiles)', ''];
  if (bffProfile) {
    const { targets } = bffProfile;
    lines.push(`- Per BFF call, V8's profiler in both instances (ms of main thread per answer, profiler on): the route handler ${targets.route.msPerCall}, an address list ${targets.bff.msPerCall}, a forwarded call ${targets.bffForwarded.msPerCall}.`);
  }
  if (customerProfile) {
    const { before, after } = customerProfile;
    lines.push(`- Per view of a logged-in customer's \`/\`: ${before ? `${before.msPerCall} ms before the customers' template, ` : ''}${after.msPerCall} ms${before ? ' after' : ''}.`);
  }
  lines.push('', 'By owner and area, and how they were taken: [bench/profiles.md](bench/profiles.md).', '');
  return lines;
}


/** bench/profiles.md, whole: the tables of the CPU profiles a run took. */
export function profilesMarkdown(results) {
  const lines = [
    '# CPU profiles of the bench',
    '',
    'Written by `npm run bench` (scripts/bench/profile.mjs, profile-summary.mjs) with BENCHMARKS.md; the figures of bench/results.json.',
    '',
    ...(results.bffProfile ? profileSection(results.bffProfile) : []),
    ...(results.customerProfile ? customerProfileSection(results.customerProfile) : []),
    ...(results.observabilityProfile ? observabilityProfileSection(results.observabilityProfile) : []),
  ];
  return `${lines.join('\n').trimEnd()}\n`;
}
