import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const here = dirname(fileURLToPath(import.meta.url));
// E2E_PORT lets two runs (a developer and a CI check) share a machine.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = process.env.E2E_BASE_URL ?? `http://localhost:${PORT}`;

// A throwaway embedded database and file store per run: the journeys add customers. The
// runner makes it once and hands it through the environment to the processes it starts (workers
// load this file too); e2e/global-teardown.ts removes it at the end.
process.env.E2E_RUN_DIR ??= mkdtempSync(join(tmpdir(), 'reseau-e2e-'));
const runDir = process.env.E2E_RUN_DIR;
// Playwright writes the list of failed journeys (for `--last-failed`) after the teardown; kept
// outside test-results so that folder only exists when a journey left a trace to look at.
process.env.PLAYWRIGHT_LAST_RUN_OUTPUT_FILE ??= join(here, 'node_modules', '.cache', 'playwright-last-run.json');

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  globalTeardown: './e2e/global-teardown.ts',
  // Each journey makes its own customer (e2e/accounts.ts) and reads only its own mails, so none
  // depends on another or on their order (`--workers=2` passes); one at a time by default, as
  // the server, the build and Chromium already fill a small machine.
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    launchOptions: {
      // Never a browser download: the system's Chromium.
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        // The built platform: the API serving apps/web/dist (run `npm run build -w apps/web` first;
        // `npm run e2e -w apps/web` does).
        command: 'node --import tsx ../api/src/server.ts',
        cwd: here,
        url: `http://localhost:${PORT}/api/health`,
        timeout: 120_000,
        // A fresh database each run; set E2E_REUSE_SERVER=1 to run against a server already
        // listening on the port (in demo mode: the journeys make their customers through /dev/fixtures).
        reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          // The journeys use the demo's conveniences: sandboxes, /dev/mailbox, the built-in secret.
          DEMO_MODE: 'true',
          PORT: String(PORT),
          PUBLIC_URL: `http://localhost:${PORT}`,
          PGLITE_DIR: join(runDir, 'pglite'),
          FILES_DIR: join(runDir, 'files'),
          WEB_DIST_DIR: resolve(here, 'dist'),
          LOG_LEVEL: 'warn',
          // Every journey signs in: keep the sign-in rate limit out of the way.
          RATE_LIMIT_AUTH_PER_MINUTE: '1000',
        },
      },
});
