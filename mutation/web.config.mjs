// StrykerJS over the web's form-action core (sign-in forms' send, error mapping) (issue 26 §5).
// Run from the repository's root by `npm run mutation` (scripts/mutation.mjs), never by `npm test`.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'apps/web/vitest.config.ts', dir: 'apps/web' },
  mutate: ['apps/web/src/lib/form-action-core.ts'],
  testFiles: ['apps/web/src/lib/form-action-core.test.ts', 'apps/web/src/lib/use-form-action.test.tsx'],
  coverageAnalysis: 'perTest',
  ignoreStatic: true,
  concurrency: 1,
  timeoutMS: 10_000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/web.html' },
  jsonReporter: { fileName: 'reports/mutation/web.json' },
  clearTextReporter: { allowColor: true, logTests: false, maxTestsToLog: 0, reportScoreTable: true, reportMutants: true },
  thresholds: { high: 80, low: 60, break: null },
};
