import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** StrykerJS's test runners (npm run mutation) set this. */
const underStryker = process.env.STRYKER_MUTATOR_WORKER !== undefined;

export default defineConfig({
  // Its own folder whatever the working directory (the mutation runs start vitest from the root).
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Two instances behind nginx: their own run (vitest.cluster.config.ts, `npm run test:cluster`).
    exclude: ['**/node_modules/**', 'test/cluster/**'],
    // Migrates and seeds the template (kept between runs, test/template-cache.ts); each test file opens a copy of it.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // PGlite is WASM and memory hungry: a few files at a time on a 2-core machine.
    maxWorkers: 2,
    // A worker runs its files one after the other in the same module graph, so the app's modules
    // and PGlite's WASM are loaded and warmed once per worker, not once per file (about a third of
    // the suite's time). Every file still has its own database and app; a file that changes
    // something global (fake timers, env, spies) restores it in its own afterAll/afterEach.
    // Under StrykerJS (npm run mutation), which runs the same files again for each mutant in one
    // worker, each run imports them afresh: a module already run would register no test.
    isolate: underStryker,
    // Transformed modules kept in node_modules/.experimental-vitest-cache between runs (keyed by
    // each file's content, path and the config): a run no longer spends 1 to 2 s transforming the
    // app. Not under Stryker, whose sandboxes' new paths would only fill it.
    experimental: { fsModuleCache: !underStryker },
  },
});
