import { createHash, randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { databaseUrl, withAdmin } from './template.js';

/**
 * The migrated and seeded template the test files clone, kept between runs while what makes it
 * has not changed: migrating it cost 2 to 5 s of every run (PGlite's `initdb` most of it), more
 * than the tests of one module. Its key is a hash of everything that shapes its content (below);
 * a change to any of them builds a new one. Anything doubtful (a missing or partial file, a
 * checksum or a marker that does not match) is rebuilt, never used. `TEST_TEMPLATE_REBUILD=1`
 * forces a rebuild.
 */

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * What the template's content depends on, from the repository's root: folders are read whole.
 * The seed reads `@reseau/contracts/constants` only; test/template-cache.test.ts fails when a
 * file the seed imports is missing here.
 */
export const TEMPLATE_INPUTS = [
  'apps/api/src/db/migrations',
  'apps/api/src/db/schema',
  'apps/api/src/db/seed/reference.ts',
  'apps/api/src/db/seed/reference-jobs-results.ts',
  'apps/api/src/db/client.ts',
  'apps/api/src/db/pglite-drizzle-client.ts',
  'packages/contracts/src/constants',
  'apps/api/test/template-cache.ts',
  'apps/api/test/pglite-pool.ts',
];
/** The packages whose version changes the template (the engine, the migrator, the driver). */
const TEMPLATE_PACKAGES = ['@electric-sql/pglite', 'drizzle-orm', 'pg'];

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => !entry.name.endsWith('.test.ts'))
    .flatMap((entry) => filesUnder(join(path, entry.name)));
}

/** The template's key: 16 hex digits of a hash over TEMPLATE_INPUTS and TEMPLATE_PACKAGES. */
export function templateKey(): string {
  const hash = createHash('sha256');
  const files = TEMPLATE_INPUTS.flatMap((input) => filesUnder(join(repoRoot, input))).sort();
  for (const file of files) {
    hash.update(`file ${relative(repoRoot, file)}\0`);
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  for (const name of TEMPLATE_PACKAGES) {
    const manifest = join(repoRoot, 'node_modules', name, 'package.json');
    const version = existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version : 'absent';
    hash.update(`package ${name}@${version}\0`);
  }
  return hash.digest('hex').slice(0, 16);
}

/** What builds a template, loaded only when one is built: a run that reuses one starts a second sooner. */
async function builders() {
  const [{ openDatabase }, { seedReference }, { serializeSnapshot, takeSnapshot }] = await Promise.all([
    import('../src/db/client.js'),
    import('../src/db/seed/reference.js'),
    import('./pglite-pool.js'),
  ]);
  return { openDatabase, seedReference, serializeSnapshot, takeSnapshot };
}

const rebuildAsked = () => process.env.TEST_TEMPLATE_REBUILD === '1';

// ───── PGlite: a tarball in node_modules/.cache ─────

export const pgliteCacheDir = () => join(repoRoot, 'node_modules/.cache/reseau-test-template');

export interface TarballManifest {
  key: string;
  /** The build whose files these are: each build writes files of its own, never another's. */
  build: string;
  tarball: { sha256: string; size: number };
  snapshot: { sha256: string; size: number };
}

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');
export const fingerprintOf = (bytes: Uint8Array | string) => ({ sha256: sha256(bytes), size: Buffer.byteLength(bytes) });
const sameFile = (a: { sha256: string; size: number }, b: { sha256: string; size: number }) =>
  a.size === b.size && a.sha256 === b.sha256;

export interface PgliteTemplateFiles {
  /** A `dumpDataDir` of the migrated and seeded database. */
  tarball: string;
  /** Its rows, tables and sequences (test/pglite-pool.ts `serializeSnapshot`). */
  snapshot: string;
}

export const buildFiles = (dir: string, key: string, build: string): PgliteTemplateFiles => ({
  tarball: join(dir, `${key}.${build}.tar`),
  snapshot: join(dir, `${key}.${build}.snapshot.json`),
});
const manifestOf = (dir: string, key: string) => join(dir, `${key}.json`);

/** The cached files of `key` when they are whole (the manifest's sizes and checksums match), else null. */
export function cachedTemplate(dir: string, key: string): PgliteTemplateFiles | null {
  try {
    const manifest = JSON.parse(readFileSync(manifestOf(dir, key), 'utf8')) as TarballManifest;
    if (manifest.key !== key || !/^[0-9a-f]{8,}$/.test(manifest.build)) return null;
    const files = buildFiles(dir, key, manifest.build);
    if (!sameFile(manifest.tarball, fingerprintOf(readFileSync(files.tarball)))) return null;
    if (!sameFile(manifest.snapshot, fingerprintOf(readFileSync(files.snapshot)))) return null;
    // Their last use, for the pruning below.
    const now = new Date();
    for (const path of [files.tarball, files.snapshot, manifestOf(dir, key)]) utimesSync(path, now, now);
    return files;
  } catch {
    return null;
  }
}

/** Writes `bytes` to `path` through a temporary name in the same folder: a reader sees all of it or nothing. */
export function writeAtomically(path: string, bytes: Uint8Array | string) {
  const temporary = `${path}.${process.pid}-${randomUUID().slice(0, 8)}.tmp`;
  try {
    writeFileSync(temporary, bytes);
    renameSync(temporary, path);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** Migrates and seeds a new in-memory PGlite: its data directory as an uncompressed tarball, and its snapshot. */
async function buildPgliteTemplate(): Promise<{ tarball: Uint8Array; snapshot: string }> {
  const { openDatabase, seedReference, serializeSnapshot, takeSnapshot } = await builders();
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await database.migrate();
    await seedReference(database.db);
    // drizzle keeps the PGlite client it was given; the tarball is uncompressed, which loads faster.
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const snapshot = await serializeSnapshot(await takeSnapshot(client));
    const tarball = await client.dumpDataDir('none');
    return { tarball: new Uint8Array(await tarball.arrayBuffer()), snapshot };
  } finally {
    await database.close();
  }
}

/** Templates of other keys unused for this long are deleted (another worktree's branch, an old migration). */
const STALE_AFTER_MS = 3 * 86_400_000;

/**
 * The PGlite template's files for the current key: the cached ones, or new ones built and
 * cached. Runs side by side never see a partial or mixed template: a build writes files named
 * by its own id (each through a rename), then the manifest that names them, last; a run keeps
 * using the files it was given even if another run's manifest replaced its own meanwhile.
 */
export async function pgliteTemplate(dir = pgliteCacheDir()): Promise<PgliteTemplateFiles & { reused: boolean }> {
  const key = templateKey();
  mkdirSync(dir, { recursive: true });
  const cached = rebuildAsked() ? null : cachedTemplate(dir, key);
  if (cached) return { ...cached, reused: true };
  const built = await buildPgliteTemplate();
  const build = randomUUID().replaceAll('-', '').slice(0, 12);
  const files = buildFiles(dir, key, build);
  writeAtomically(files.tarball, built.tarball);
  writeAtomically(files.snapshot, built.snapshot);
  const manifest: TarballManifest = {
    key,
    build,
    tarball: fingerprintOf(built.tarball),
    snapshot: fingerprintOf(built.snapshot),
  };
  writeAtomically(manifestOf(dir, key), JSON.stringify(manifest));
  pruneTarballs(dir, key, build);
  return { ...files, reused: false };
}

/**
 * Removes other keys' files unused for STALE_AFTER_MS, and this key's older builds and temporary
 * files after an hour (a run started on one of them may still be reading it).
 */
function pruneTarballs(dir: string, key: string, build: string) {
  const now = Date.now();
  for (const name of readdirSync(dir)) {
    if (name === `${key}.json` || name.startsWith(`${key}.${build}.`)) continue;
    const path = join(dir, name);
    const ownKey = name.startsWith(`${key}.`);
    try {
      const age = now - statSync(path).mtimeMs;
      if (age > (ownKey || name.endsWith('.tmp') ? 3_600_000 : STALE_AFTER_MS)) rmSync(path, { force: true });
    } catch {
      // Removed by another run meanwhile.
    }
  }
}

// ───── PostgreSQL: a template database named by the key ─────

export const postgresTemplateName = (key: string) => `t_tpl_${key}`;
/** Set on the template database once it is complete, as its comment: the proof it may be cloned. */
export const completeMarker = (key: string, at: Date) => `reseau test template ${key} complete ${at.toISOString()}`;
const MARKER = /^reseau test template ([0-9a-f]{16}) complete (\S+)$/;

interface TemplateRow {
  datname: string;
  comment: string | null;
}

async function templateRows(baseUrl: string): Promise<TemplateRow[]> {
  return withAdmin(baseUrl, async (c) => {
    const { rows } = await c.query<TemplateRow>(
      `select datname, shobj_description(oid, 'pg_database') as comment from pg_database where starts_with(datname, 't_tpl')`,
    );
    return rows;
  });
}

export const isComplete = (row: TemplateRow | undefined, key: string) => MARKER.exec(row?.comment ?? '')?.[1] === key;

/**
 * The name of the PostgreSQL template database for the current key on the server of `baseUrl`:
 * the existing one when its marker says it is complete, or a new one built under a name of this
 * run and renamed once complete (a concurrent run that renamed first wins; this one's copy is
 * dropped). A database of that name without the marker is dropped and rebuilt.
 */
export async function postgresTemplate(baseUrl: string, runId: string): Promise<{ name: string; reused: boolean }> {
  const key = templateKey();
  const name = postgresTemplateName(key);
  const rows = await templateRows(baseUrl);
  const existing = rows.find((r) => r.datname === name);
  if (existing && isComplete(existing, key) && !rebuildAsked()) return { name, reused: true };
  await pruneTemplates(baseUrl, rows, key);

  // The build's start in its name: one a crashed run left behind is dropped an hour later.
  const building = `t_tplb_${key}_${runId}_${Math.floor(Date.now() / 1000)}`;
  await withAdmin(baseUrl, (c) => c.query(`create database ${building}`));
  try {
    // Closed before it is renamed and cloned: PostgreSQL refuses a template with a connection open.
    const { openDatabase, seedReference } = await builders();
    const database = await openDatabase({ url: databaseUrl(baseUrl, building), dataDir: '' });
    try {
      await database.migrate();
      await seedReference(database.db);
    } finally {
      await database.close();
    }
    await withAdmin(baseUrl, async (c) => {
      await c.query(`comment on database ${building} is '${completeMarker(key, new Date())}'`);
      // A doubtful one (no marker, or a rebuild asked): replaced.
      if (existing) await c.query(`drop database if exists ${name} with (force)`);
      await renameWhenFree(c, building, name);
    });
    return { name, reused: false };
  } catch (err) {
    await withAdmin(baseUrl, (c) => c.query(`drop database if exists ${building} with (force)`));
    // Another run finished the same template first: use it.
    const winner = (await templateRows(baseUrl)).find((r) => r.datname === name);
    if (isComplete(winner, key)) return { name, reused: true };
    throw err;
  }
}

/** ALTER DATABASE … RENAME, retried while the pool's last connection is still going away. */
async function renameWhenFree(c: import('pg').Client, from: string, to: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      await c.query(`alter database ${from} rename to ${to}`);
      return;
    } catch (err) {
      // 55006: object_in_use (a connection still open on it).
      if ((err as { code?: string }).code !== '55006' || attempt >= 20) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/**
 * Drops the templates of other keys made more than STALE_AFTER_MS ago, and the builds (of any
 * key) started more than an hour ago: a crashed run's leftovers.
 */
async function pruneTemplates(baseUrl: string, rows: TemplateRow[], key: string) {
  const now = Date.now();
  const stale = rows.filter((r) => {
    const build = /^t_tplb_[0-9a-f]{16}_[0-9a-f]+_(\d+)$/.exec(r.datname);
    if (build) return now - Number(build[1]) * 1000 > 3_600_000;
    if (r.datname === postgresTemplateName(key)) return false;
    const at = Date.parse(MARKER.exec(r.comment ?? '')?.[2] ?? '');
    return !Number.isNaN(at) && now - at > STALE_AFTER_MS;
  });
  if (stale.length === 0) return;
  await withAdmin(baseUrl, async (c) => {
    // Without force: a template another run is cloning right now stays.
    for (const { datname } of stale) await c.query(`drop database if exists ${datname}`).catch(() => {});
  });
}
