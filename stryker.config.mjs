// @ts-check
/**
 * The folders whose rules are mutated, each measured by the unit tests inside it:
 * the zod schemas, the business rules, the backend-for-frontend's checks and budgets, and the
 * wizards' tables, reducer and submissions. A folder joins with one line here.
 */
export const mutatedFolders = ['lib/validation', 'lib/domain', 'lib/bff', 'lib/application'];

/** Rules outside those folders, each measured by its own test file: the request budgets and the Redis client, which lib/server holds. */
export const mutatedFiles = ['lib/server/limits.ts', 'lib/server/redis.ts'];

/**
 * Mutation testing of the portal's own rules. Run it with `npm run test:mutation`
 * (scripts/mutation.sh), which brings the Node 24 that Stryker 10 needs.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
const config = {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  // Only the unit tests of those folders: a rule should be held by its own tests.
  vitest: { configFile: 'vitest.mutation.config.mjs' },
  mutate: [...mutatedFolders.map((folder) => `${folder}/**/*.ts`), ...mutatedFiles, '!lib/**/*.test.ts'],
  coverageAnalysis: 'perTest',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // The budget is 80 % for each folder; scripts/mutation.sh checks the folders, this the total.
  thresholds: { high: 90, low: 80, break: 80 },
  ignorePatterns: ['/.next', '/.next-*', '/.data', '/bench/.work', '/test-results', '/playwright-report', '/blob-report'],
  cleanTempDir: 'always',
  // Stryker would rewrite tsconfig.json's `extends` and `references` for the sandbox with the
  // compiler API, which TypeScript 7 no longer has; ours has neither, so it is given no file to rewrite.
  tsconfigFile: 'no-tsconfig-rewrite.json',
};

export default config;
