import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** The committed list of Mantine's style sheets the app uses, imported by src/app/providers.tsx. */
export const MANTINE_STYLES_FILE = 'src/app/mantine-styles.css';
/** Mantine's global sheets, needed whatever the components (its "global styles" page). */
const GLOBAL_SHEETS = ['baseline', 'default-css-variables', 'global'];

const stylesDir = () => join(dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')), 'styles');

/**
 * The sheets `components` need, in the order of Mantine's own `styles.css` (which is these files
 * one after the other: later sheets override earlier ones, so the order is kept).
 */
function sheetsFor(components: Set<string>): string[] {
  const dir = stylesDir();
  const all = readFileSync(join(dir, '../styles.css'), 'utf8');
  const names = [...GLOBAL_SHEETS, ...[...components].filter((name) => existsSync(join(dir, `${name}.css`)))];
  const at = (name: string) =>
    all.indexOf(
      readFileSync(join(dir, `${name}.css`), 'utf8')
        .trim()
        .slice(0, 300),
    );
  return names.sort((a, b) => at(a) - at(b));
}

const fileText = (sheets: string[]) =>
  [
    '/* Written by build/mantine-styles.ts: the style sheets of the Mantine components the app bundles,',
    '   in the order of @mantine/core/styles.css. The build fails when this list is out of date;',
    '   `MANTINE_STYLES_WRITE=1 npx vite build` (in apps/web) writes it again. */',
    ...sheets.map((name) => `@import "@mantine/core/styles/${name}.css";`),
    '',
  ].join('\n');

/**
 * Only the style sheets of the Mantine components the app uses, instead of all of
 * `@mantine/core/styles.css`: that sheet holds about a hundred components for our sixty, and as
 * the entry's style sheet it is fetched before anything is painted (about 10 KB gzip less on every
 * first load). The list is a committed file, checked against the bundle at each build: a component
 * newly used without its sheet fails the build (it would show unstyled), and so does one no longer used.
 */
export function mantineStyles(root: string): Plugin {
  return {
    name: 'reseau:mantine-styles',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (process.env.RESEAU_CHUNK_FIRST_PASS) return;
      const components = new Set<string>();
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        for (const id of file.moduleIds) {
          const match = /@mantine[\\/]core[\\/]esm[\\/]components[\\/]([^\\/]+)[\\/]/.exec(id);
          if (match?.[1]) components.add(match[1]);
        }
      }
      const expected = fileText(sheetsFor(components));
      const path = join(root, MANTINE_STYLES_FILE);
      const current = existsSync(path) ? readFileSync(path, 'utf8') : '';
      if (current === expected) return;
      if (process.env.MANTINE_STYLES_WRITE) {
        writeFileSync(path, expected);
        this.warn(`${MANTINE_STYLES_FILE} written: build again to bundle it`);
        return;
      }
      const listed = new Set([...current.matchAll(/styles\/([\w-]+)\.css/g)].map((m) => m[1]));
      const wanted = new Set([...expected.matchAll(/styles\/([\w-]+)\.css/g)].map((m) => m[1]));
      const missing = [...wanted].filter((name) => !listed.has(name));
      const unused = [...listed].filter((name) => name && !wanted.has(name));
      this.error(
        `${MANTINE_STYLES_FILE} is out of date (missing: ${missing.join(', ') || 'none'}; unused: ${unused.join(', ') || 'none'}; or out of order). Run \`MANTINE_STYLES_WRITE=1 npx vite build\` in apps/web.`,
      );
    },
  };
}

/** For a test: every sheet the committed list names exists in the installed Mantine. */
export function listedSheetsExist(root: string): string[] {
  const dir = stylesDir();
  const text = readFileSync(join(root, MANTINE_STYLES_FILE), 'utf8');
  const names = [...text.matchAll(/styles\/([\w-]+)\.css/g)].map((m) => m[1] ?? '');
  return names.filter((name) => !readdirSync(dir).includes(`${name}.css`));
}
