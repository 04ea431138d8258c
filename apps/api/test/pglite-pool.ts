import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { type Database, openDatabase } from '../src/db/client.js';

/**
 * The PGlite databases of one test worker, reused from file to file. Loading the template's
 * tarball into a new PGlite (unpacking some 40 MB into its in-memory file system, then starting
 * the backend) cost 1 to 4 s per file, most of what made the PGlite suite slower than the
 * PostgreSQL one. A database a file has closed goes back here; the next file gets it back as
 * the template was: the tables emptied, the template's rows copied back, the sequences put back
 * and the session reset (transaction, settings, temporary tables, advisory locks). A database
 * whose schema a file changed without putting it back, or that a reset fails on, is closed and
 * replaced by a fresh copy of the template, so a file never sees another's leftovers. A file
 * that opens several apps gets a database each, as before.
 */

/**
 * What a fresh copy of the template holds: read from the file the global setup wrote beside the
 * cached template (test/template-cache.ts), or else taken once per worker from the first copy loaded.
 */
export interface Snapshot {
  fingerprint: string;
  tables: string[];
  rows: { table: string; blob: Blob }[];
  sequences: { name: string; lastValue: string | null }[];
}

// Kept per worker: the files of a worker share this module (vitest.config.ts, isolate: false).
let template: { tarball: string; blob: Blob; snapshot?: Snapshot } | undefined;
const idle: Database[] = [];
/** Idle databases kept for the next files; a file opening more than this loads the rest afresh. */
const MAX_IDLE = 4;

/** The PGlite client under a database this module made. */
export const clientOf = (database: Database) => (database.db as unknown as { $client: PGlite }).$client;
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The shape of everything a test could change and a data reset would not undo: the schemas,
 * and the tables, columns, constraints, indexes, triggers and functions in them.
 */
const FINGERPRINT_SQL = `
  select md5(string_agg(item, ',' order by item)) as fingerprint from (
    select format('n %s %s', n.oid, n.nspname) as item from pg_namespace n
    union all
    select format('c %s %s %s %s', c.oid, c.relname, c.relkind, c.relnatts)
      from pg_class c where c.relnamespace = 'public'::regnamespace
    union all
    select format('a %s %s %s %s %s %s', a.attrelid, a.attnum, a.attname, a.atttypid, a.attnotnull, a.attisdropped)
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      where c.relnamespace = 'public'::regnamespace and a.attnum > 0
    union all
    select format('k %s %s', k.oid, k.conname) from pg_constraint k where k.connamespace = 'public'::regnamespace
    union all
    select format('t %s %s %s', t.oid, t.tgname, t.tgenabled) from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where c.relnamespace = 'public'::regnamespace
    union all
    select format('p %s %s', p.oid, p.proname) from pg_proc p where p.pronamespace = 'public'::regnamespace
  ) items`;

async function fingerprint(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ fingerprint: string }>(FINGERPRINT_SQL);
  return rows[0]!.fingerprint;
}

export async function takeSnapshot(client: PGlite): Promise<Snapshot> {
  const tables = (
    await client.query<{ name: string }>(
      `select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') order by 1`,
    )
  ).rows.map((r) => r.name);
  const rows: Snapshot['rows'] = [];
  for (const table of tables) {
    const { rows: count } = await client.query<{ any: boolean }>(`select exists (select from public.${quote(table)}) as any`);
    if (!count[0]!.any) continue;
    const result = await client.query(`copy public.${quote(table)} to '/dev/blob'`);
    if (!result.blob) throw new Error(`PGlite gave no copy of ${table}`);
    rows.push({ table, blob: result.blob });
  }
  const sequences = (
    await client.query<{ name: string; lastValue: string | null }>(
      `select sequencename as name, last_value::text as "lastValue" from pg_sequences where schemaname = 'public'`,
    )
  ).rows;
  return { fingerprint: await fingerprint(client), tables, rows, sequences };
}

/** A snapshot as a file's text (JSON, the rows' COPY text in base64). */
export async function serializeSnapshot(snapshot: Snapshot): Promise<string> {
  const rows = await Promise.all(
    snapshot.rows.map(async ({ table, blob }) => ({ table, base64: Buffer.from(await blob.arrayBuffer()).toString('base64') })),
  );
  return JSON.stringify({ ...snapshot, rows });
}

function parseSnapshot(text: string): Snapshot {
  const parsed = JSON.parse(text) as Omit<Snapshot, 'rows'> & { rows: { table: string; base64: string }[] };
  return {
    ...parsed,
    rows: parsed.rows.map(({ table, base64 }) => ({ table, blob: new Blob([Buffer.from(base64, 'base64')]) })),
  };
}

/** The template's tarball (and its snapshot when the global setup wrote one), read once per worker. */
async function templateOf(tarball: string, snapshotFile?: string) {
  if (template?.tarball !== tarball) {
    // Another run's template (watch mode): what this worker kept belongs to the old one.
    for (const stale of idle.splice(0)) await stale.close();
    template = { tarball, blob: new Blob([readFileSync(tarball)]) };
  }
  if (snapshotFile && !template.snapshot) template.snapshot = parseSnapshot(readFileSync(snapshotFile, 'utf8'));
  return template;
}

/** A fresh copy of the template, never pooled: for a test that breaks or closes its database. */
export async function loadPgliteCopy(tarball: string): Promise<Database> {
  const { blob } = await templateOf(tarball);
  return openDatabase({ dataDir: 'memory://', loadDataDir: blob });
}

/** Puts a database a file has used back as the template was; false when its schema changed. */
async function reset(client: PGlite, snapshot: Snapshot): Promise<boolean> {
  // A file may end inside a transaction (a failed test); ROLLBACK outside one only warns.
  await client.exec('rollback');
  await client.exec('discard all');
  if ((await fingerprint(client)) !== snapshot.fingerprint) return false;
  // Only the tables holding rows are emptied, with DELETE: a TRUNCATE of every table (a new
  // file for each table and index) cost more than loading a fresh copy saved.
  const { rows: filled } = await client.query<{ name: string }>(
    snapshot.tables
      .map((t, i) => `select $${i + 1}::text as name where exists (select from public.${quote(t)})`)
      .join(' union all '),
    snapshot.tables,
  );
  await client.exec('begin');
  // replica: no foreign key checks while emptying, nor for the copied rows, checked when the
  // template was made. Every table holding rows is emptied, so no row is left pointing nowhere.
  await client.exec('set local session_replication_role = replica');
  if (filled.length > 0) await client.exec(filled.map(({ name }) => `delete from public.${quote(name)};`).join('\n'));
  for (const { table, blob } of snapshot.rows) await client.query(`copy public.${quote(table)} from '/dev/blob'`, [], { blob });
  // The sequences that moved go back where the template left them (never called: restart).
  await client.query(
    `select setval(format('public.%I', s.sequencename)::regclass, coalesce(t.last_value, s.start_value), t.last_value is not null)
       from pg_sequences s join unnest($1::text[], $2::bigint[]) as t(name, last_value) on t.name = s.sequencename
      where s.schemaname = 'public' and s.last_value is distinct from t.last_value`,
    [snapshot.sequences.map((q) => q.name), snapshot.sequences.map((q) => q.lastValue)],
  );
  await client.exec('commit');
  return true;
}

/**
 * A database as the template `tarball` (a `dumpDataDir` of the migrated and seeded database)
 * was: an idle one reset, or a fresh copy of the template. `snapshotFile`: the template's
 * snapshot (serializeSnapshot), which spares the worker taking it from its first copy.
 */
export async function acquirePglite(tarball: string, snapshotFile?: string): Promise<Database> {
  const current = await templateOf(tarball, snapshotFile);
  let database: Database | undefined;
  while (!database && idle.length > 0) {
    const candidate = idle.pop()!;
    const client = clientOf(candidate);
    const clean = !client.closed && current.snapshot && (await reset(client, current.snapshot).catch(() => false));
    if (clean) database = candidate;
    else await candidate.close();
  }
  if (!database) {
    database = await loadPgliteCopy(tarball);
    current.snapshot ??= await takeSnapshot(clientOf(database));
  }
  const held = database;
  let released = false;
  return {
    ...held,
    // Back to the worker's idle list instead of closed; a test that closed the client itself
    // (a database outage) leaves it to be dropped at the next acquire.
    close: async () => {
      if (released) return;
      released = true;
      if (idle.length < MAX_IDLE && !clientOf(held).closed) idle.push(held);
      else await held.close();
    },
  };
}
