#!/usr/bin/env node
// `npm run test:api [-- <module>… | <vitest args>…]`: the API's tests on PGlite (or PostgreSQL
// when TEST_DATABASE_URL is set). A bare name that is a folder of apps/api/src/modules runs that
// module's tests (`npm run test:api -- invoices`); anything else goes to vitest as given (a path,
// a filter, `-t 'name'`, `--reporter=verbose`). Without arguments, the whole API suite.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const api = join(dirname(fileURLToPath(import.meta.url)), '../apps/api');
const isModule = (arg) =>
  /^[a-z][a-z0-9-]*$/.test(arg) &&
  existsSync(join(api, 'src/modules', arg)) &&
  statSync(join(api, 'src/modules', arg)).isDirectory();
const args = process.argv.slice(2).map((arg) => (isModule(arg) ? `src/modules/${arg}/` : arg));
const vitest = join(api, '../../node_modules/vitest/vitest.mjs');
const res = spawnSync(process.execPath, [vitest, 'run', ...args], { cwd: api, stdio: 'inherit' });
process.exit(res.status ?? 1);
