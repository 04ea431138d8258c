import { type Dirent, readdirSync, rmdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Removes what a run leaves behind: the run's folder (embedded database and file store, about
 * 40 MB, see playwright.config.ts) and `test-results` when no journey left a trace in it. The
 * server still runs at this point but is idle; Playwright kills it right after.
 */
export default function globalTeardown() {
  const runDir = process.env.E2E_RUN_DIR;
  // Only the folder the config made, never a path someone put in the variable by hand.
  if (runDir && dirname(runDir) === tmpdir() && basename(runDir).startsWith('reseau-e2e-'))
    rmSync(runDir, { recursive: true, force: true });
  removeIfEmpty(join(here, '..', 'test-results'));
}

/** Removes a folder holding only empty folders; keeps it (and them) as soon as one file is there. */
function removeIfEmpty(dir: string): boolean {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return false;
  }
  const emptied = entries.map((e) => e.isDirectory() && removeIfEmpty(join(dir, e.name)));
  if (emptied.some((ok) => !ok)) return false;
  rmdirSync(dir);
  return true;
}
