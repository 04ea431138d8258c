import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Migrates one template database per run; each test file opens a copy of it.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // PGlite is WASM and memory hungry: a few files at a time on a 2-core machine.
    maxWorkers: 2,
  },
});
