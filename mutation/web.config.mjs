// StrykerJS over the web's form-action core (sign-in forms' send, error mapping) (issue 26 §5).
// Run from the repository's root by `npm run mutation` (scripts/mutation.mjs), never by `npm test`.
import { strykerOptions } from './shared.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...strykerOptions('web'),
  vitest: { configFile: 'apps/web/vitest.config.ts', dir: 'apps/web' },
  mutate: ['apps/web/src/lib/form-action-core.ts'],
  testFiles: ['apps/web/src/lib/form-action-core.test.ts', 'apps/web/src/lib/use-form-action.test.tsx'],
};
