import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type PGlite, protocol } from '@electric-sql/pglite';
import { freezeFiles } from './files-freeze.js';
import type { MigrationState } from './manifest.js';

/** A consistent copy of the PGlite data directory: a tarball PGlite's `loadDataDir` also reads. */
export interface DatabaseSnapshot {
  tar: Blob;
  migrations: MigrationState;
  /** Hard links to the files as they were at the snapshot (files-freeze.ts); null when not asked or not possible. */
  filesTree: string | null;
}

/**
 * Takes the snapshot inside the process that has PGlite open (the only one allowed to).
 *
 * PGlite 0.5's `dumpDataDir` holds only its query mutex; a transaction (drizzle's included) holds
 * the transaction mutex from BEGIN to COMMIT but lets the query mutex go between its statements,
 * so a bare dump can land in the middle of one. Here the transaction mutex is taken first: no
 * transaction is open and no query runs (plain queries take it too) until the tarball is made.
 * Then CHECKPOINT writes every dirty page and the commit log to the files, so the copy is a
 * cleanly checkpointed directory rather than one that needs its WAL replayed (it would be valid
 * that way too: nothing else runs inside PGlite while the files are read). With `filesDir`, the
 * stored files are hard-linked before the mutex is let go (files-freeze.ts). The pause lasts as
 * long as PGlite reads the folder into memory (about the size of the data directory, twice over)
 * plus one link per stored file.
 */
export async function takeSnapshot(client: PGlite, opts: { filesDir?: string }): Promise<DatabaseSnapshot> {
  const migrations = await migrationState(client);
  return client._runExclusiveTransaction(async () => {
    // execProtocol takes no mutex of its own; the query mutex keeps listeners' queries out too.
    await client._runExclusiveQuery(() => client.execProtocol(protocol.serialize.query('CHECKPOINT')));
    const tar = await client.dumpDataDir('none');
    // Still inside: no deletion of a file's row can commit until its bytes are linked.
    const filesTree = opts.filesDir ? await freezeFiles(opts.filesDir) : null;
    return { tar, migrations, filesTree };
  });
}

/** The migrations applied: they change only when a server starts, never while it runs. */
async function migrationState(client: PGlite): Promise<MigrationState> {
  const exists = await client.query<{ t: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  if (!exists.rows[0]?.t) return { count: 0, lastCreatedAt: 0 };
  const { rows } = await client.query<{ count: number; last: string | null }>(
    'select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations',
  );
  return { count: rows[0]?.count ?? 0, lastCreatedAt: Number(rows[0]?.last ?? 0) };
}

/** The migrations this code knows (drizzle-kit's journal): the newest a restore accepts. */
export function knownMigrations(): MigrationState {
  const journal = join(dirname(fileURLToPath(import.meta.url)), '..', 'migrations', 'meta', '_journal.json');
  const { entries } = JSON.parse(readFileSync(journal, 'utf8')) as { entries: { when: number }[] };
  return { count: entries.length, lastCreatedAt: Math.max(0, ...entries.map((e) => e.when)) };
}
