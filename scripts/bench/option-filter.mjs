// Runs option-filter.bench.ts with `vitest bench` and reads its JSON report.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runToEnd } from './processes.mjs';
import { root, workDir } from './servers.mjs';

/** Letters typed per task in option-filter.bench.ts ('çamlıca' + 'kocasinan'). */
const KEYSTROKES = 16;
const OPTION_COUNT = 1_000;

export async function measureOptionFilter() {
  const output = path.join(workDir, 'option-filter.json');
  await runToEnd(
    process.execPath,
    [path.join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'bench', '--run', 'scripts/bench/option-filter.bench.ts', '--outputJson', output],
    { cwd: root, env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' }, timeoutMs: 120_000, logFile: path.join(workDir, 'option-filter.log') },
  );
  const report = JSON.parse(readFileSync(output, 'utf8'));
  const tasks = report.files.flatMap((file) => file.groups.flatMap((group) => group.benchmarks));
  const find = (prefix) => {
    const task = tasks.find((candidate) => candidate.name.startsWith(prefix));
    if (!task) throw new Error(`option-filter bench: no task "${prefix}"`);
    return task;
  };
  // Medians: on a shared machine the mean follows whoever else is busy.
  const perKeystroke = (task) => ({ medianMs: task.median / KEYSTROKES, meanMs: task.mean / KEYSTROKES, p99Ms: task.p99 / KEYSTROKES, samples: task.sampleCount });
  return {
    options: OPTION_COUNT,
    keystrokes: KEYSTROKES,
    turkish: perKeystroke(find('turkish: createOptionFilter, every')),
    baseline: perKeystroke(find('baseline:')),
    oneOff: perKeystroke(find('turkish: filterOptions')),
    foldOnce: { medianMs: find('turkish: createOptionFilter, folding').median, meanMs: find('turkish: createOptionFilter, folding').mean },
  };
}
