// StrykerJS over the API's authorization code: auth/ and every module's policy.ts (issue 26 §5).
// Run from the repository's root by `npm run mutation` (scripts/mutation.mjs), never by `npm test`.
import { strykerOptions } from './shared.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...strykerOptions('api'),
  // related: false: vitest's related mode follows static imports, and the app imports its modules
  // when it registers them (modules/index.ts); testFiles and the per-test coverage narrow the runs.
  vitest: { configFile: 'apps/api/vitest.config.ts', dir: 'apps/api', related: false },
  mutate: ['apps/api/src/auth/**/*.ts', '!apps/api/src/auth/**/*.test.ts', 'apps/api/src/modules/*/policy.ts'],
  // The tests that can kill them.
  testFiles: ['apps/api/src/**/*.test.ts'],
};
