// Lighthouse (its CLI, default mobile preset) with the bench's Chromium (scripts/bench/tools.mjs): every page `runs` times,
// pages interleaved so a busy moment of the machine does not fall on one page only; medians.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromiumFlags } from '../chromium-flags.mjs';
import { runToEnd } from './processes.mjs';
import { root, workDir } from './servers.mjs';
import { median } from './stats.mjs';
import { chromePath } from './tools.mjs';

const chromeFlags = ['--headless=new', ...chromiumFlags];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

async function lighthouseOnce(url, outputPath) {
  await runToEnd(
    process.execPath,
    [
      path.join(root, 'node_modules', 'lighthouse', 'cli', 'index.js'),
      url,
      '--quiet',
      '--output=json',
      `--output-path=${outputPath}`,
      `--only-categories=${categories.join(',')}`,
      `--chrome-flags=${chromeFlags.join(' ')}`,
      '--max-wait-for-load=30000',
    ],
    // Lighthouse 13 wants a newer Node than 20 and says so; it runs all the same.
    { cwd: root, env: { ...process.env, CHROME_PATH: chromePath(), NODE_NO_WARNINGS: '1' }, timeoutMs: 120_000, logFile: path.join(workDir, 'lighthouse.log') },
  );
  const report = JSON.parse(readFileSync(outputPath, 'utf8'));
  if (report.runtimeError) throw new Error(`lighthouse ${url}: ${report.runtimeError.code} ${report.runtimeError.message}`);
  const score = (id) => Math.round((report.categories[id]?.score ?? NaN) * 100);
  const numeric = (id) => report.audits[id]?.numericValue ?? NaN;
  const failed = Object.values(report.categories)
    .filter((category) => category.id !== 'performance')
    .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => report.audits[ref.id]))
    .filter((audit) => audit && audit.score !== null && audit.score < 1)
    .map((audit) => audit.id);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    fcpMs: numeric('first-contentful-paint'),
    failedAudits: failed,
    warnings: report.runWarnings ?? [],
  };
}

/** `pages`: [{ key, url }]. Answers per key the median of every figure and the runs themselves. */
export async function runLighthouse(pages, runs, log) {
  const results = Object.fromEntries(pages.map(({ key }) => [key, []]));
  for (let run = 1; run <= runs; run++) {
    for (const { key, url } of pages) {
      const started = Date.now();
      const result = await lighthouseOnce(url, path.join(workDir, 'lighthouse', `${key}-${run}.json`));
      results[key].push(result);
      log(`  lighthouse ${key} run ${run}: performance ${result.performance}, LCP ${Math.round(result.lcpMs)} ms, TBT ${Math.round(result.tbtMs)} ms (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
  }
  return Object.fromEntries(
    Object.entries(results).map(([key, list]) => {
      const pick = (field) => median(list.map((result) => result[field]));
      return [
        key,
        {
          performance: pick('performance'),
          accessibility: pick('accessibility'),
          bestPractices: pick('bestPractices'),
          seo: pick('seo'),
          lcpMs: pick('lcpMs'),
          cls: pick('cls'),
          tbtMs: pick('tbtMs'),
          fcpMs: pick('fcpMs'),
          failedAudits: [...new Set(list.flatMap((result) => result.failedAudits))],
          runs: list.map(({ performance, accessibility, bestPractices, seo, lcpMs, cls, tbtMs, fcpMs }) => ({ performance, accessibility, bestPractices, seo, lcpMs, cls, tbtMs, fcpMs })),
        },
      ];
    }),
  );
}
