import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The import rules of the web app (docs/recipes.md §4), read from the import statements of every
 * file (static, re-exports and `import()`):
 * - a feature (`features/<area>/<feature>/`, or `features/auth/`, `features/common/`) imports no
 *   other feature; what several features of an area share lives in that area's kit
 *   (`features/<area>/kit/`), which imports no feature;
 * - `lib/` imports none of `api/`, `components/`, `features/`, `app/`;
 * - `components/` imports none of `features/`, `app/`, and of `api/` only the file store that every
 *   area's files go through (`COMPONENTS_MAY_USE`);
 * - the API (`apps/api`) never imports the web app;
 * - a feature never refreshes the query cache itself: the api/ call that writes does.
 * Tests of `lib/` and `components/` may build the app around the piece they test (providers, query
 * client); a feature's tests follow the feature rule.
 */

const WEB_SRC = resolve(import.meta.dirname);
const API_SRC = resolve(import.meta.dirname, '../../api/src');

/** The file store: a protected image, the dropzone and the editor's images read and send files through it. */
const COMPONENTS_MAY_USE = ['api/files', 'api/file-types', 'api/upload'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts)$/.test(entry.name) ? [path] : [];
  });
}

/** Every module a file names in an import, an export … from or an `import()`. */
function importsOf(file: string): string[] {
  return ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((imported) => imported.fileName);
}

/** `a/b/c` for a path under `root`, without the extension. */
function modulePath(root: string, path: string) {
  return relative(root, path)
    .split(sep)
    .join('/')
    .replace(/\.(tsx?|mts|css)$/, '');
}

type Edge = { from: string; to: string };

/** The web app's imports between its own files, as paths under src/. */
function webEdges(): Edge[] {
  return sourceFiles(WEB_SRC).flatMap((file) =>
    importsOf(file)
      .filter((name) => name.startsWith('.'))
      .map((name) => ({ from: modulePath(WEB_SRC, file), to: modulePath(WEB_SRC, resolve(dirname(file), name)) })),
  );
}

const AREAS_WITH_FEATURES = new Set(['extranet', 'intranet']);

/** The feature a path belongs to (`features/extranet/quotes`), its area's kit, or null outside features/. */
function featureOf(path: string): string | null {
  const parts = path.split('/');
  if (parts[0] !== 'features') return null;
  if (!AREAS_WITH_FEATURES.has(parts[1] ?? '') || parts.length === 3) return parts.slice(0, 2).join('/');
  return parts.slice(0, 3).join('/');
}

const isKit = (feature: string) => feature.endsWith('/kit');
const isTest = (path: string) => /\.test$/.test(path) || path.startsWith('test/');
const layerOf = (path: string) => path.split('/')[0] ?? '';

function featureViolation({ from, to }: Edge): string | null {
  const source = featureOf(from);
  const target = featureOf(to);
  if (!source || !target || source === target) return null;
  const area = from.split('/')[1] ?? '';
  if (target === `features/${area}/kit` && !isKit(source)) return null;
  if (isKit(source)) return `${from} imports ${to}: a kit imports no feature`;
  return `${from} imports ${to}: a feature never imports another feature; move what they share to features/${area}/kit/`;
}

const FORBIDDEN_LAYERS: Record<string, string[]> = {
  lib: ['api', 'components', 'features', 'app'],
  components: ['features', 'app', 'api'],
};

function layerViolation({ from, to }: Edge): string | null {
  if (isTest(from)) return null;
  const forbidden = FORBIDDEN_LAYERS[layerOf(from)];
  if (!forbidden?.includes(layerOf(to))) return null;
  if (layerOf(from) === 'components' && COMPONENTS_MAY_USE.includes(to)) return null;
  return `${from} imports ${to}: ${layerOf(from)}/ never imports ${layerOf(to)}/`;
}

describe('import boundaries of the web app', () => {
  const edges = webEdges();

  it('reads the imports (the parser sees static, type, re-export and dynamic imports)', () => {
    expect(edges.length).toBeGreaterThan(1000);
    expect(edges).toContainEqual({ from: 'app/routes', to: 'features/auth/LoginPage' });
    expect(featureOf('features/extranet/contract/QuotesTab')).toBe('features/extranet/contract');
    expect(featureOf('features/auth/LoginPage')).toBe('features/auth');
  });

  it('features import no other feature, only their area kit', () => {
    expect(edges.map(featureViolation).filter(Boolean)).toEqual([]);
  });

  it('lib/ and components/ import no feature, no screen frame and no API call', () => {
    expect(edges.map(layerViolation).filter(Boolean)).toEqual([]);
  });

  it('features leave cache refreshes to the api/ call that writes (no invalidateQueries in a feature)', () => {
    const refreshing = sourceFiles(join(WEB_SRC, 'features'))
      .filter((file) => !/\.test\.tsx?$/.test(file) && readFileSync(file, 'utf8').includes('invalidateQueries('))
      .map(
        (file) => `${modulePath(WEB_SRC, file)} calls invalidateQueries: the write in api/<domain>.ts refreshes what it changed`,
      );
    expect(refreshing).toEqual([]);
  });

  it("Mantine's floating components come from components/overlays (their code after the first paint)", () => {
    const overlays = /import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g;
    const direct = sourceFiles(WEB_SRC)
      .filter((file) => !/\.test\.tsx?$/.test(file) && !modulePath(WEB_SRC, file).startsWith('components/overlays/'))
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(overlays)].flatMap((match) =>
          (match[1] ?? '')
            .split(',')
            .map((name) => name.trim())
            .filter((name) => ['Modal', 'Select', 'MultiSelect', 'Tooltip'].includes(name))
            .map((name) => `${modulePath(WEB_SRC, file)} imports ${name} from @mantine/core: take it from components/overlays`),
        ),
      );
    expect(direct).toEqual([]);
  });

  it('the API never imports the web app', () => {
    const webRoot = resolve(WEB_SRC, '..');
    const intoWeb = sourceFiles(API_SRC).flatMap((file) =>
      importsOf(file)
        .filter(
          (name) =>
            /^@reseau\/web(\/|$)/.test(name) || (name.startsWith('.') && resolve(dirname(file), name).startsWith(webRoot)),
        )
        .map((name) => `apps/api/src/${modulePath(API_SRC, file)} imports ${name}: the API never imports the web app`),
    );
    expect(intoWeb).toEqual([]);
  });
});
