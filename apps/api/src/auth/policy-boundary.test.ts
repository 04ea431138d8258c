import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Who may do what is decided in one place per domain (issue 26 §1): a module's `policy.ts`, the
 * guards and the principal (`auth/`). A permission test anywhere else in a module is a rule the
 * policy does not know; the files listed here are policy tables of their own.
 */
const POLICY_TABLES = ['modules/files/holders-table.ts', 'modules/searchables/scope.ts'];

const root = join(import.meta.dirname, '..');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });

describe('policy boundary', () => {
  it('tests permissions only in policy.ts files and the listed policy tables', () => {
    const offenders = sources(join(root, 'modules'))
      .map((path) => relative(root, path))
      .filter((path) => !path.endsWith('/policy.ts') && !POLICY_TABLES.includes(path))
      .filter((path) => /\.permissions\.(has|some|every)\(/.test(readFileSync(join(root, path), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('leaves no route handler or service to refuse a caller by its own check', () => {
    const offenders = sources(join(root, 'modules'))
      .map((path) => relative(root, path))
      .filter((path) => !path.endsWith('/policy.ts'))
      .filter((path) => /if \(!may[A-Z]\w*\([^)]*\)\) throw errors\.forbidden\(\)/.test(readFileSync(join(root, path), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
