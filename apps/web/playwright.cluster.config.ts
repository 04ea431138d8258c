import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const here = dirname(fileURLToPath(import.meta.url));
// The list of failed journeys (`--last-failed`) apart from the normal run's, outside test-results
// (as playwright.config.ts does).
process.env.PLAYWRIGHT_LAST_RUN_OUTPUT_FILE ??= join(here, 'node_modules', '.cache', 'playwright-cluster-last-run.json');

/**
 * The browser journeys on the cluster (issue 31 §2): e2e-cluster/global-setup.ts starts two API
 * instances behind nginx (scripts/cluster/topology.ts) on TEST_DATABASE_URL's server, and each
 * journey opens its pages on one instance or the other. `npm run e2e:cluster -w apps/web`; the
 * web app must be built (the topology builds it only when apps/web/dist is missing). Apart from
 * playwright.config.ts: its testDir (./e2e) never reaches these files.
 */
export default defineConfig({
  testDir: './e2e-cluster',
  testMatch: '**/*.cluster.spec.ts',
  outputDir: './test-results/cluster',
  globalSetup: './e2e-cluster/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    launchOptions: {
      // Never a browser download: the system's Chromium (as playwright.config.ts).
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
