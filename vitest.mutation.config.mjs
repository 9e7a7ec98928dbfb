// @ts-check
import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer } from 'vitest/node';
import { mutatedFiles, mutatedFolders } from './stryker.config.mjs';
import base from './vitest.config';

/**
 * The order of the test files in a mutant's run. Stryker stops the run at the first failing test,
 * and most mutants fail one, so the cheapest files go first: a mutant that a small file kills never
 * waits for the slow ones. (Vitest's own order, longest first, suits a whole suite on many workers;
 * Stryker runs one file at a time.) A file that failed the last run still goes first, as in Vitest's
 * order: the next mutant is often beside the last one. A file's cost is its longest run seen, which is
 * its whole run in Stryker's first pass, before runs filtered to a few tests shorten it.
 */
class CheapestFirst extends BaseSequencer {
  /** @type {Map<string, number>} */
  longest = new Map();

  /** @param {import('vitest/node').TestSpecification[]} files */
  async sort(files) {
    const ranked = files.map((file) => {
      const last = this.ctx.cache.getFileTestResults(`${file.project.name}:${relative(this.ctx.config.root, file.moduleId)}`);
      const cost = Math.max(this.longest.get(file.moduleId) ?? 0, last?.duration ?? 0);
      this.longest.set(file.moduleId, cost);
      return { file, failedFirst: last?.failed ? 0 : 1, cost };
    });
    return ranked.sort((a, b) => a.failedFirst - b.failedFirst || a.cost - b.cost).map(({ file }) => file);
  }
}

/**
 * Vitest as Stryker runs it (stryker.config.mjs): the project's config, restricted to the unit tests
 * inside the mutated folders and beside the mutated files, so a rule is held by the tests beside it. (Stryker's own `testFiles`
 * option would do the same, but with it Stryker 10 activates module-level mutants too late and
 * reports them as survivors: stryker-mutator/stryker-js#6144.) An .mjs file, so that it can share
 * stryker.config.mjs's list of folders; Vitest bundles it, the import of the TypeScript config included.
 *
 * Each mutant's run is a fresh worker either way, so a module-level mutant is always evaluated anew.
 * Inside one run, the pure rules' tests share that worker and its loaded modules; lib/bff's tests
 * and lib/server's set the environment, stand up upstreams and mock modules before importing, so each
 * of their files keeps a worker of its own.
 */
const ownWorker = ['lib/bff/**/*.test.ts', ...mutatedFiles.map((file) => file.replace(/\.ts$/, '.test.ts'))];

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    // Each project below names its own files; the whole suite's list would be added to both.
    include: [],
    sequence: { sequencer: CheapestFirst },
    // A mutant that leaves a promise unsettled (an upload that never ends) fails its test at this
    // timeout, and each such mutant cost the default's 5 s: 44 of them, 222 s of a whole run. The
    // slowest test takes about 350 ms in a mutant's run (the 4 MB uploads, the upstream timeouts).
    testTimeout: 2_000,
    projects: [
      { extends: true, test: { name: 'shared', include: mutatedFolders.map((folder) => `${folder}/**/*.test.ts`), exclude: ownWorker, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ownWorker } },
    ],
  },
});
