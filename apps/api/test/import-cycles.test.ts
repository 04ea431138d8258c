import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No import cycle in the API, the web app or the contracts (issue 26 §6): two files that need
 * each other are one piece split in two, and the shared part goes into a file of its own
 * (`db/backup/manifest.ts`' MigrationState, `esign-notifications/envelope-kind.ts`,
 * `imports/chunk.ts`, `components/rich-text/editor-props.ts`). Every relative import counts,
 * `import type` and `import()` included, as `npx madge --circular` counts them; this reads the
 * files itself so that it costs well under a second.
 */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const ROOTS = ['apps/api/src', 'apps/web/src', 'packages/contracts/src'];
const CODE = /\.(ts|tsx)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return CODE.test(entry.name) ? [path] : [];
  });
}

/** The file a relative specifier names (`./x.js` is `./x.ts` in source), or null (CSS, JSON, a package). */
function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (CODE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const IMPORT = /(?:from\s*|import\s*\(\s*|import\s+)'(\.{1,2}\/[^']*)'/g;

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of ROOTS.flatMap((root) => sourceFiles(join(repoRoot, root)))) {
    const source = readFileSync(file, 'utf8');
    const targets = [...source.matchAll(IMPORT)].map(([, specifier]) => resolveImport(file, specifier!));
    graph.set(file, [...new Set(targets.filter((t): t is string => t !== null))]);
  }
  return graph;
}

/** The strongly connected components of more than one file, or of a file importing itself (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('imports', () => {
  it('form no cycle in the API, the web app or the contracts', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(500);
    expect(cycles(graph).map((component) => component.map((file) => relative(repoRoot, file)))).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a', 'd']],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c'], ['d']]);
  });
});
