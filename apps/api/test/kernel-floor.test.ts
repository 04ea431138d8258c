import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The shared kernel (issue 26 §6: audit, notify, attached files, rich-text images, uploads and
 * downloads) is a floor of its own under the domains: `src/kernel/` is used by the modules and
 * never imports one, so that no domain's rule reaches another through it. What a domain must tell
 * the kernel (who may read the files its rows hold) it registers (`registerFileHolders` in app.ts).
 * Every relative import counts, `import type` and `import()` included, as in import-cycles.test.ts.
 */
const src = resolve(dirname(fileURLToPath(import.meta.url)), '../src');
const kernel = join(src, 'kernel');
const modules = join(src, 'modules');
const IMPORT = /(?:from\s*|import\s*\(\s*|import\s+)'(\.{1,2}\/[^']*)'/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `file imports target` for each relative import of a kernel file that lands under `src/modules/`. */
function moduleImports(files: readonly { path: string; source: string }[]): string[] {
  return files.flatMap(({ path, source }) =>
    [...source.matchAll(IMPORT)]
      .map(([, specifier]) => resolve(dirname(path), specifier!))
      .filter((target) => target === modules || target.startsWith(`${modules}/`))
      .map((target) => `${relative(src, path)} imports ${relative(src, target)}`),
  );
}

describe('the kernel floor', () => {
  it('imports nothing from src/modules/', () => {
    const files = sourceFiles(kernel).map((path) => ({ path, source: readFileSync(path, 'utf8') }));
    expect(files.length).toBeGreaterThan(10);
    expect(moduleImports(files)).toEqual([]);
  });

  it('finds a kernel file that imports a module', () => {
    const found = moduleImports([
      { path: join(kernel, 'files/holders.ts'), source: "import { readableThreads } from '../../modules/forums/policy.js';" },
      { path: join(kernel, 'audit.ts'), source: "const m = await import('../modules/roles/catalog.js');" },
      { path: join(kernel, 'notify.ts'), source: "import type { DbOrTx } from '../db/client.js';" },
    ]);
    expect(found).toEqual([
      'kernel/files/holders.ts imports modules/forums/policy.js',
      'kernel/audit.ts imports modules/roles/catalog.js',
    ]);
  });
});
