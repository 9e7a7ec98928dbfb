// @ts-check
import { defineConfig } from 'vitest/config';
import { mutatedFolders } from './stryker.config.mjs';
import base from './vitest.config';

/**
 * Vitest as Stryker runs it (stryker.config.mjs): the project's config, restricted to the unit tests
 * inside the mutated folders, so a rule is held by the tests beside it. (Stryker's own `testFiles`
 * option would do the same, but with it Stryker 10 activates module-level mutants too late and
 * reports them as survivors: stryker-mutator/stryker-js#6144.) An .mjs file, so that it can share
 * stryker.config.mjs's list of folders; Vitest bundles it, the import of the TypeScript config included.
 */
export default defineConfig({
  ...base,
  test: { ...base.test, include: mutatedFolders.map((folder) => `${folder}/**/*.test.ts`) },
});
