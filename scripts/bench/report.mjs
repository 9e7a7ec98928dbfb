// Budgets and the two outputs: bench/results.json and BENCHMARKS.md. The hand-written notes of
// BENCHMARKS.md (between the notes markers) are kept from one run to the next.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fixed, kib, mib, ratio } from './stats.mjs';

export const NOTES_START = '<!-- notes: kept by npm run bench; edit freely between these markers -->';
export const NOTES_END = '<!-- /notes -->';

const pageNames = { home: '`/`', howTo: '`/nasil-yapilir`', en: '`/en`', notFound: '404 (`/bu-sayfa-yok`)', floor: 'floor (bare Next.js page)' };

/** Every budget of issue 9 with its figure, baseline and ratio. `met: null` is reported, not enforced. */
export function budgets(results) {
  const list = [];
  const { lighthouse, firstLoad, serverCost, load, optionFilter } = results;
  if (lighthouse) {
    const floor = lighthouse.floor;
    for (const key of ['home', 'howTo', 'en']) {
      const page = lighthouse[key];
      list.push({
        id: `lighthouse.${key}.performance`,
        what: `Lighthouse Performance, ${pageNames[key]}`,
        figure: page.performance,
        baseline: floor.performance,
        ratio: ratio(page.performance, floor.performance),
        // The floor itself scores 97-100 on this machine from run to run: at least its score in the same run.
        limit: '≥ floor',
        met: page.performance >= floor.performance,
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
    list.push({ id: 'firstLoad.home', what: 'First-load JavaScript of `/` (bytes on the wire) against the floor', figure: kib(home), baseline: kib(floor), ratio: ratio(home, floor), limit: '≤ 1.3 × floor', met: home <= 1.3 * floor });
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
  if (serverCost) {
    const { staticFile, bff, direct } = serverCost;
    const anonymous = [
      ['page', '`/`'],
      ['pageHowTo', '`/nasil-yapilir`'],
      ['pageEn', '`/en`'],
    ].filter(([key]) => serverCost[key]);
    for (const [key, name] of anonymous) {
      const figures = serverCost[key];
      list.push({
        id: `serverCost.${key}`,
        what: `Anonymous GET ${name} (cached page) against a static file: throughput, p50`,
        figure: `${figures.requestsPerSecond.toFixed(0)} req/s, p50 ${ms(figures.latencyP50Ms)}`,
        baseline: `${staticFile.requestsPerSecond.toFixed(0)} req/s, p50 ${ms(staticFile.latencyP50Ms)}`,
        ratio: ratio(figures.requestsPerSecond, staticFile.requestsPerSecond),
        limit: '≥ 0.3 × throughput, p50 ≤ 2 ×',
        met: figures.requestsPerSecond >= 0.3 * staticFile.requestsPerSecond && figures.latencyP50Ms <= 2 * Math.max(staticFile.latencyP50Ms, 1),
      });
    }
    if (serverCost.pageCustomer) {
      list.push({
        id: 'serverCost.pageCustomer',
        what: 'A logged-in customer’s GET `/` (rendered per request, name in the first HTML) against a static file',
        figure: `${serverCost.pageCustomer.requestsPerSecond.toFixed(0)} req/s, p50 ${ms(serverCost.pageCustomer.latencyP50Ms)}`,
        baseline: `${staticFile.requestsPerSecond.toFixed(0)} req/s`,
        ratio: ratio(serverCost.pageCustomer.requestsPerSecond, staticFile.requestsPerSecond),
        limit: 'no slower than before the page cache (notes)',
        met: null,
      });
    }
    const bffBudget = (id, what, figures, baseline) =>
      list.push({
        id,
        what,
        figure: `${figures.requestsPerSecond.toFixed(0)} req/s, ${figures.errors} errors, ${figures.non2xx} non-2xx`,
        baseline: `${baseline.requestsPerSecond.toFixed(0)} req/s`,
        ratio: ratio(figures.requestsPerSecond, baseline.requestsPerSecond),
        limit: '≥ 0.6, 0 errors, 0 non-2xx',
        met: figures.requestsPerSecond >= 0.6 * baseline.requestsPerSecond && figures.errors === 0 && figures.non2xx === 0,
      });
    bffBudget('serverCost.bff', 'POST an address list through the backend-for-frontend against the sandbox directly, throughput', bff, direct);
    if (serverCost.bffForwarded) {
      bffBudget(
        'serverCost.bffForwarded',
        'POST a door’s infrastructure (forwarded every time) through the backend-for-frontend against the sandbox directly, throughput',
        serverCost.bffForwarded,
        serverCost.directForwarded,
      );
    }
  }
  if (load) {
    const unexpected = load.unexpected.reduce((total, item) => total + item.count, 0);
    list.push({
      id: 'load.errors',
      what: `Mixed load, ${load.duration} s at ${load.connections} connections: errors other than the intended 429s`,
      figure: `${unexpected + load.socketErrors} (${load.codeRequests429} intended 429s)`,
      baseline: `${load.requests} requests`,
      ratio: ratio(unexpected + load.socketErrors, load.requests),
      limit: '0',
      met: unexpected === 0 && load.socketErrors === 0,
    });
    list.push({
      id: 'load.memory',
      what: 'Next.js server memory (RSS, cluster primary and workers) after the load against before',
      figure: mib(load.rssAfterBytes),
      baseline: mib(load.rssBeforeBytes),
      ratio: ratio(load.rssAfterBytes, load.rssBeforeBytes),
      limit: 'reported',
      met: null,
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

const verdict = (met) => (met === null ? 'reported' : met ? '**met**' : '**MISSED**');
const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');

function markdown(results, notes) {
  const { machine, versions, lighthouse, firstLoad, serverCost, load, optionFilter } = results;
  const lines = [];
  const add = (...more) => lines.push(...more);
  add(
    '# Benchmarks',
    '',
    `Written by \`npm run bench\` (scripts/bench/) on ${results.date}; the run took ${Math.round(results.durationSeconds)} s. The same figures are in \`bench/results.json\`.`,
    '',
    `Machine: ${machine.cores} cores (${machine.cpuModel}), ${(machine.memoryBytes / 1024 ** 3).toFixed(1)} GiB memory, load average ${machine.loadAverage.map((value) => value.toFixed(2)).join(' / ')} at the start. ` +
      `Node ${versions.node}, Next.js ${versions.next}, React ${versions.react}, Lighthouse ${versions.lighthouse}, ${versions.chromium}, autocannon ${versions.autocannon}. ` +
      `The site runs as in production: the standalone build under scripts/cluster.cjs${results.settings?.webConcurrency ? ` with ${results.settings.webConcurrency} worker(s)` : ''}; the sandbox and the floor are single Node.js processes.`,
    '',
    'The machine is shared and small, so absolute times move from run to run: every figure is set against a baseline measured in the same run, and the budgets hold on those ratios (or on Lighthouse scores, which simulate a mid-range phone on a slow 4G link).',
    '',
    '## Budgets',
    '',
    '| budget | figure | baseline | ratio | limit | |',
    '|---|---|---|---|---|---|',
    ...results.budgets.map((budget) => `| ${budget.what} | ${budget.figure} | ${budget.baseline} | ${fixed(budget.ratio)} | ${budget.limit} | ${verdict(budget.met)} |`),
    '',
  );
  if (lighthouse) {
    add(
      `## Lighthouse (mobile preset, median of ${results.settings.lighthouseRuns} runs)`,
      '',
      'Baseline: the floor, a bare one-page Next.js app of the same version built during the run.',
      '',
      '| page | Performance | Accessibility | Best Practices | SEO | LCP | CLS | TBT | FCP | Performance ÷ floor | LCP ÷ floor | TBT ÷ floor |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|',
      ...['floor', 'home', 'howTo', 'en'].map((key) => {
        const page = lighthouse[key];
        const floor = lighthouse.floor;
        return `| ${pageNames[key]} | ${page.performance} | ${page.accessibility} | ${page.bestPractices} | ${page.seo} | ${ms(page.lcpMs)} | ${fixed(page.cls, 3)} | ${ms(page.tbtMs)} | ${ms(page.fcpMs)} | ${fixed(ratio(page.performance, floor.performance))} | ${fixed(ratio(page.lcpMs, floor.lcpMs))} | ${fixed(ratio(page.tbtMs, floor.tbtMs))} |`;
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
      'From the browser\'s network log (Playwright, Debian\'s chromium, a fresh context per page): bytes on the wire as the server sent them: the site answers brotli to a browser that accepts it (build assets compressed at build time, scripts/static-assets.cjs; pages by scripts/page-replay.cjs), the floor gzip, as a bare Next.js server does. ' +
        '*First load* is the scripts the server\'s HTML names (script tags and script preloads); *after load* is what the page fetched later until the network was idle (lazy chunks).',
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
      '| wizard chunk | wire | decoded |',
      '|---|---|---|',
      ...firstLoad.wizard.chunks.map((chunk) => `| \`${chunk.url}\` | ${kib(chunk.wireBytes)} | ${kib(chunk.decodedBytes)} |`),
      '',
    );
  }
  if (serverCost) {
    const row = (name, figures, baseline) =>
      `| ${name} | ${figures.requestsPerSecond.toFixed(0)} | ${figures.latencyP50Ms} ms | ${figures.latencyP99Ms} ms | ${figures.requests} | ${figures.errors} | ${figures.non2xx} | ${baseline ? fixed(ratio(figures.requestsPerSecond, baseline.requestsPerSecond)) : '1 (baseline)'} |`;
    add(
      `## Server cost (autocannon, loopback, ${serverCost.duration} s each at ${serverCost.connections} connections, after a short warm-up)`,
      '',
      'The load generator runs on the same two cores as the servers, for the baselines as for the figures.',
      '',
      '| target | req/s | p50 | p99 | requests | errors | non-2xx | throughput ratio |',
      '|---|---|---|---|---|---|---|---|',
      row(`static file \`${serverCost.staticPath}\``, serverCost.staticFile),
      row('anonymous GET `/` (cached page)', serverCost.page, serverCost.staticFile),
      ...(serverCost.pageHowTo ? [row('anonymous GET `/nasil-yapilir` (cached page)', serverCost.pageHowTo, serverCost.staticFile)] : []),
      ...(serverCost.pageEn ? [row('anonymous GET `/en` (cached page)', serverCost.pageEn, serverCost.staticFile)] : []),
      ...(serverCost.pageCustomer ? [row('a logged-in customer’s GET `/` (rendered per request)', serverCost.pageCustomer, serverCost.staticFile)] : []),
      row('POST sandbox directly, an address list (`city` 34)', serverCost.direct),
      row('POST through the BFF, the same address list (answered from memory after the first)', serverCost.bff, serverCost.direct),
      ...(serverCost.bffForwarded
        ? [
            row('POST sandbox directly, a door’s infrastructure (`apartment`)', serverCost.directForwarded),
            row('POST through the BFF, the same door (forwarded every time)', serverCost.bffForwarded, serverCost.directForwarded),
          ]
        : []),
      ...(serverCost.route ? [row('GET `/robots.txt` (a minimal Next.js route handler; not a budget)', serverCost.route, serverCost.direct)] : []),
      '',
      `Latency: GET \`/\` p50 is ${fixed(ratio(serverCost.page.latencyP50Ms, serverCost.staticFile.latencyP50Ms), 1)} × the static file's; the BFF's p50 is ${fixed(ratio(serverCost.bff.latencyP50Ms, serverCost.direct.latencyP50Ms), 1)} × the direct call's.` +
        (serverCost.route
          ? ` Against the minimal route handler (itself ${fixed(ratio(serverCost.route.requestsPerSecond, serverCost.direct.requestsPerSecond))} × the sandbox's throughput), the BFF reaches ${fixed(ratio(serverCost.bff.requestsPerSecond, serverCost.route.requestsPerSecond))} × with an address list${serverCost.bffForwarded ? ` and ${fixed(ratio(serverCost.bffForwarded.requestsPerSecond, serverCost.route.requestsPerSecond))} × with a forwarded call` : ''}: the gap to the direct call is mostly the framework's fixed cost per request, not the BFF's checks.`
          : ''),
      '',
    );
  }
  if (load) {
    const statuses = (kind) =>
      Object.entries(load.statuses[kind])
        .map(([status, count]) => `${status}: ${count}`)
        .join(', ');
    add(
      `## Mixed load (${load.duration} s, ${load.connections} connections, through the BFF)`,
      '',
      `Each connection plays visitors one after another: a page view (\`/\`, \`/nasil-yapilir\`, \`/en\`, \`/en/how-to\`), two address-list calls (districts of a province, townships of a district) and a login-code request (auth-start) for a random valid TC kimlik no, which the sandbox does not know (404). ` +
        `Visitors come from ${load.clientAddresses} client addresses (X-Forwarded-For), so each address runs out of code requests and gets the intended 429. The connections open in ${load.rampSeconds + 1} groups a second apart (all ${load.connections} from the ${load.rampSeconds}th second on); a request unanswered after ${load.timeoutSeconds} s counts as an error.`,
      '',
      `- ${load.requests} requests (${load.requestsPerSecond.toFixed(0)}/s), ${load.visits} visits; latency p50 ${load.latencyP50Ms} ms, p99 ${load.latencyP99Ms} ms, max ${load.latencyMaxMs} ms`,
      `- page views: ${statuses('page')}; address lists: ${statuses('addresses')}; code requests: ${statuses('code')}`,
      `- socket errors ${load.socketErrors}, timeouts ${load.timeouts}${load.unanswered ? ` (unanswered when the run ended, in-flight ones included: ${Object.entries(load.unanswered).map(([kind, n]) => `${kind} ${n}`).join(', ')})` : ''}; unexpected answers: ${load.unexpected.length ? load.unexpected.map((item) => `${item.count} × ${item.status} on ${item.kind}`).join(', ') : 'none'}`,
      `- upstream calls that failed in the server (the BFF answers those 502): ${
        Object.keys(load.upstreamErrors ?? {}).length
          ? Object.entries(load.upstreamErrors)
              .map(([cause, count]) => `${count} × ${cause}`)
              .join('; ')
          : 'none'
      }`,
      `- Next.js server memory (RSS of the cluster primary and its workers): ${mib(load.rssBeforeBytes)} before, ${mib(load.rssPeakBytes)} at the peak, ${mib(load.rssAfterBytes)} right after (${fixed(ratio(load.rssAfterBytes, load.rssBeforeBytes))} × before), ${mib(load.rssSettledBytes)} five seconds later`,
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
  add('## Notes', '', NOTES_START, notes.trim(), NOTES_END, '');
  return lines.join('\n');
}

function keptNotes(file) {
  if (!existsSync(file)) return '';
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(NOTES_START);
  const end = text.indexOf(NOTES_END);
  return start === -1 || end === -1 ? '' : text.slice(start + NOTES_START.length, end);
}

export function writeReports(root, results) {
  mkdirSync(path.join(root, 'bench'), { recursive: true });
  writeFileSync(path.join(root, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  const file = path.join(root, 'BENCHMARKS.md');
  writeFileSync(file, markdown(results, keptNotes(file)));
}
