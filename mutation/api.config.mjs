// StrykerJS over the API's authorization code: auth/ and every module's policy.ts (issue 26 §5).
// Run from the repository's root by `npm run mutation` (scripts/mutation.mjs), never by `npm test`.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  // related: false: vitest's related mode follows static imports, and the app imports its modules
  // when it registers them (modules/index.ts); testFiles and the per-test coverage narrow the runs.
  vitest: { configFile: 'apps/api/vitest.config.ts', dir: 'apps/api', related: false },
  mutate: ['apps/api/src/auth/**/*.ts', '!apps/api/src/auth/**/*.test.ts', 'apps/api/src/modules/*/policy.ts'],
  // The tests that can kill them; each mutant then runs only the tests that reached it (perTest).
  testFiles: ['apps/api/src/**/*.test.ts'],
  coverageAnalysis: 'perTest',
  // A mutant reached only while a file loads would need the whole suite again, per mutant.
  ignoreStatic: true,
  // Two cores shared: one test runner unless STRYKER_CONCURRENCY says otherwise (scripts/mutation.mjs).
  concurrency: 1,
  timeoutMS: 10_000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/api.html' },
  jsonReporter: { fileName: 'reports/mutation/api.json' },
  clearTextReporter: { allowColor: true, logTests: false, maxTestsToLog: 0, reportScoreTable: true, reportMutants: true },
  thresholds: { high: 80, low: 60, break: null },
};
