import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { clientOf, loadPgliteCopy, serializeSnapshot, takeSnapshot } from './pglite-pool.js';
import { withAdmin } from './template.js';
import {
  buildFiles,
  cachedTemplate,
  fingerprintOf,
  isComplete,
  postgresTemplateName,
  type TarballManifest,
  TEMPLATE_INPUTS,
  templateKey,
  writeAtomically,
} from './template-cache.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const seedFiles = ['apps/api/src/db/seed/reference.ts', 'apps/api/src/db/seed/reference-jobs-results.ts'];
const covered = (file: string) => TEMPLATE_INPUTS.some((input) => file === input || file.startsWith(`${input}/`));

describe('the key of the kept test template', () => {
  it('covers every file the reference seed reads', () => {
    for (const seed of seedFiles) {
      expect(covered(seed), seed).toBe(true);
      const source = readFileSync(join(repoRoot, seed), 'utf8');
      for (const [, specifier] of source.matchAll(/from '([^']+)'/g)) {
        if (specifier === 'drizzle-orm') continue;
        // The contracts' constants only: `@reseau/contracts` would bring the schemas in, unhashed.
        if (specifier!.startsWith('@reseau/contracts')) {
          expect(specifier, seed).toBe('@reseau/contracts/constants');
          continue;
        }
        const target = relative(repoRoot, resolve(dirname(join(repoRoot, seed)), specifier!.replace(/\.js$/, '.ts')));
        const folder = target.endsWith('/index.ts') ? dirname(target) : target;
        expect(covered(folder), `${seed} imports ${specifier}`).toBe(true);
      }
    }
  });

  it('is the same while nothing changes', () => {
    expect(templateKey()).toMatch(/^[0-9a-f]{16}$/);
    expect(templateKey()).toBe(templateKey());
  });
});

describe('a kept PGlite template', () => {
  const dir = mkdtempSync(join(tmpdir(), 'reseau-template-cache-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const key = '0123456789abcdef';
  const build = 'a1b2c3d4e5f6';
  const files = buildFiles(dir, key, build);
  const tarball = new Uint8Array([1, 2, 3, 4, 5]);
  const snapshot = '{"rows":[]}';
  const keep = (manifest: Partial<TarballManifest> = {}) => {
    writeAtomically(files.tarball, tarball);
    writeAtomically(files.snapshot, snapshot);
    const whole: TarballManifest = {
      key,
      build,
      tarball: fingerprintOf(tarball),
      snapshot: fingerprintOf(snapshot),
      ...manifest,
    };
    writeAtomically(join(dir, `${key}.json`), JSON.stringify(whole));
  };

  it('is used when its manifest vouches for both files of its build', () => {
    keep();
    expect(cachedTemplate(dir, key)).toEqual(files);
  });

  it('is rebuilt when anything about it is doubtful', () => {
    keep();
    writeFileSync(files.tarball, new Uint8Array([1, 2, 3, 4, 6]));
    expect(cachedTemplate(dir, key)).toBeNull();
    keep();
    writeFileSync(files.snapshot, '{"rows":[1]}');
    expect(cachedTemplate(dir, key)).toBeNull();
    keep({ key: 'fedcba9876543210' });
    expect(cachedTemplate(dir, key)).toBeNull();
    // Another build's manifest: its files are not these.
    keep({ build: 'ffffffffffff' });
    expect(cachedTemplate(dir, key)).toBeNull();
    keep({ build: '../../etc' });
    expect(cachedTemplate(dir, key)).toBeNull();
    keep();
    rmSync(join(dir, `${key}.json`));
    expect(cachedTemplate(dir, key)).toBeNull();
    keep();
    writeFileSync(join(dir, `${key}.json`), '{"key":');
    expect(cachedTemplate(dir, key)).toBeNull();
    expect(cachedTemplate(dir, 'ffffffffffffffff')).toBeNull();
  });
});

const { pgliteTarball, pgliteSnapshot, postgresTemplate } = inject('testTemplate');

// A run has one template, PGlite's or PostgreSQL's: the one it has is checked (nothing is skipped).
const describeThisRunsTemplate = pgliteTarball
  ? () =>
      describe("this run's PGlite template", () => {
        it('comes with the snapshot of its own rows', async () => {
          const copy = await loadPgliteCopy(pgliteTarball!);
          try {
            expect(JSON.parse(await serializeSnapshot(await takeSnapshot(clientOf(copy))))).toEqual(
              JSON.parse(readFileSync(pgliteSnapshot!, 'utf8')),
            );
          } finally {
            await copy.close();
          }
        });
      })
  : () =>
      describe("this run's PostgreSQL template", () => {
        it('is the complete one of the current key', async () => {
          expect(postgresTemplate).toBe(postgresTemplateName(templateKey()));
          const baseUrl = process.env.TEST_DATABASE_URL!;
          const [row] = await withAdmin(baseUrl, async (c) => {
            const { rows } = await c.query<{ datname: string; comment: string | null }>(
              `select datname, shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
              [postgresTemplate],
            );
            return rows;
          });
          expect(isComplete(row, templateKey())).toBe(true);
          // Nobody is left connected to it: PostgreSQL would refuse to copy it.
          const sessions = await withAdmin(baseUrl, async (c) => {
            const { rows } = await c.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [
              postgresTemplate,
            ]);
            return rows[0]!.n;
          });
          expect(sessions).toBe(0);
        });
      });
describeThisRunsTemplate();
