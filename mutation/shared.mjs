// What both sides' StrykerJS runs share (mutation/api.config.mjs, mutation/web.config.mjs): the
// vitest runner, per-test coverage, one runner at a time, the reports under reports/mutation/.
/** @returns {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export function strykerOptions(side) {
  return {
    testRunner: 'vitest',
    plugins: ['@stryker-mutator/vitest-runner'],
    // Each mutant runs only the tests that reached it.
    coverageAnalysis: 'perTest',
    // A mutant reached only while a file loads would need the whole suite again, per mutant.
    ignoreStatic: true,
    // Two cores shared: one test runner unless STRYKER_CONCURRENCY says otherwise (scripts/mutation.mjs).
    concurrency: 1,
    timeoutMS: 10_000,
    tempDirName: '.stryker-tmp',
    cleanTempDir: 'always',
    reporters: ['clear-text', 'progress', 'html', 'json'],
    htmlReporter: { fileName: `reports/mutation/${side}.html` },
    jsonReporter: { fileName: `reports/mutation/${side}.json` },
    clearTextReporter: { allowColor: true, logTests: false, maxTestsToLog: 0, reportScoreTable: true, reportMutants: true },
    thresholds: { high: 80, low: 60, break: null },
  };
}
