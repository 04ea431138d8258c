import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A database handle or an open transaction: services accept either. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PostgreSQL through a pool when a URL is given, otherwise the embedded PGlite in `dataDir`
 * (`memory://` keeps it in memory, as the tests do). `loadDataDir` starts PGlite from a tarball
 * of a data directory (`dumpDataDir`) instead of an empty one: the tests' migrated template.
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir: string;
  loadDataDir?: Blob;
  onIdleError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 20 });
    // An idle connection dropped by the server (restart, failover) must not crash the process:
    // the pool discards it and the next query opens a new one.
    pool.on('error', (err) => opts.onIdleError?.(err));
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      ping: async () => (await pool.query('select 1')).rowCount === 1,
      close: () => pool.end(),
    };
  }
  if (!opts.dataDir.startsWith('memory://')) mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create(opts.dataDir, opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => (await client.query('select 1')).rows.length === 1,
    close: () => client.close(),
  };
}
