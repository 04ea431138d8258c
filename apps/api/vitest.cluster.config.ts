import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The cluster's tests (issue 31 §1): each file starts two API instances behind nginx on
 * PostgreSQL, Redis and s3rver (test/cluster/use-cluster.ts). One file at a time: two instances,
 * nginx and PostgreSQL already fill a 2-core machine, and two clusters would share Redis's keys.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    include: ['test/cluster/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
