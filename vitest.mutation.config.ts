import { defineConfig } from 'vitest/config';
import base from './vitest.config';

/**
 * Vitest as Stryker runs it (stryker.config.mjs): the project's config, restricted to the unit tests
 * of the mutated folders. The sandbox's tests load better-sqlite3, built for the system's Node 20,
 * while Stryker runs under Node 24. (Stryker's own `testFiles` option would do the same, but with it
 * Stryker 10 activates module-level mutants too late and reports them as survivors:
 * stryker-mutator/stryker-js#6144.)
 */
export default defineConfig({
  ...base,
  test: { ...base.test, include: ['lib/validation/**/*.test.ts', 'lib/domain/**/*.test.ts'] },
});
