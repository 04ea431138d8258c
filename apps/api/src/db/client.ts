import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { dbQueryDuration, timedQuery } from '../lib/metrics.js';
import { type DatabaseSnapshot, takeSnapshot } from './backup/snapshot.js';
import { lockDatabaseDir } from './lock.js';
import { drizzleFacingClient } from './pglite-drizzle-client.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A database handle or an open transaction: services accept either. */
export type DbOrTx = Db | Tx;

/** Plain SQL on one held connection (rows as objects). */
export type ConnectionQuery = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  /** PostgreSQL only: the pool's connections, for the metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
  /**
   * Runs `fn` with one connection held until it ends, for session state such as advisory locks:
   * a dedicated client of the pool on PostgreSQL (other queries use the rest of the pool; the
   * client is destroyed, not returned, when `fn` throws, so a lock it may hold dies with it), the
   * only connection on PGlite.
   */
  withConnection<T>(fn: (query: ConnectionQuery) => Promise<T>): Promise<T>;
  /**
   * Hears NOTIFY on `channel` (a plain identifier) until the returned function is called. On
   * PostgreSQL a connection of its own, outside the pool, opened again a second after it is lost;
   * `onLive(false)` says that messages may have been missed since, `onLive(true)` that they are
   * heard again. On PGlite, heard in process.
   */
  listen(channel: string, handlers: NotifyHandlers): Promise<() => Promise<void>>;
  /**
   * PGlite in a folder only: a consistent copy of its data directory, taken in this process (the
   * only one that may open it) for `npm run db:backup`, with the files of `filesDir` frozen at the
   * same instant (db/backup/snapshot.ts).
   */
  snapshot?: (opts: { filesDir?: string }) => Promise<DatabaseSnapshot>;
}

export interface NotifyHandlers {
  onMessage: (payload: string) => void;
  onLive: (live: boolean) => void;
}

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PostgreSQL through a pool when a URL is given, otherwise the embedded PGlite in `dataDir`
 * (`memory://` keeps it in memory, as the tests do). A PGlite folder is locked for this process
 * until `close()` (DatabaseLockedError when another process holds it); `beforeOpen` runs once the
 * lock is held (db:reset wipes the folder there). `loadDataDir` starts PGlite from a tarball of a
 * data directory (`dumpDataDir`) instead of an empty one: the tests' migrated template.
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir: string;
  loadDataDir?: Blob;
  onIdleError?: (err: Error) => void;
  beforeOpen?: () => void;
}): Promise<Database> {
  if (opts.url) {
    // A request fails fast (503) instead of waiting for an unreachable server.
    const pool = new pg.Pool({ connectionString: opts.url, max: 20, connectionTimeoutMillis: 5000 });
    // An idle connection dropped by the server (restart, failover) must not crash the process:
    // the pool discards it and the next query opens a new one.
    pool.on('error', (err) => opts.onIdleError?.(err));
    pool.on('connect', timeQueries);
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      ping: async () => (await pool.query('select 1')).rowCount === 1,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
      listen: (channel, handlers) => listenPostgres(opts.url as string, channel, handlers),
      withConnection: async (fn) => {
        const client = await pool.connect();
        try {
          const result = await fn(async (text, params) => (await client.query(text, params)).rows);
          client.release();
          return result;
        } catch (err) {
          client.release(true);
          throw err;
        }
      },
    };
  }
  const inMemory = opts.dataDir.startsWith('memory://');
  const release = inMemory ? () => {} : lockDatabaseDir(opts.dataDir);
  let client: PGlite;
  try {
    opts.beforeOpen?.();
    if (!inMemory) mkdirSync(opts.dataDir, { recursive: true });
    // unaccent (contrib) backs the French search index (migration 0005); a loaded template needs it too.
    const extensions = { unaccent };
    client = await PGlite.create(opts.dataDir, opts.loadDataDir ? { loadDataDir: opts.loadDataDir, extensions } : { extensions });
  } catch (err) {
    release();
    throw err;
  }
  const db = drizzlePglite({ client: drizzleFacingClient(client), schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    snapshot: inMemory ? undefined : (snapshotOpts) => takeSnapshot(client, snapshotOpts),
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => (await client.query('select 1')).rows.length === 1,
    withConnection: (fn) => fn(async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows),
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, handlers.onMessage);
      handlers.onLive(true);
      return async () => {
        handlers.onLive(false);
        if (!client.closed) await unlisten();
      };
    },
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
}

/**
 * Each query of a pooled connection into the query-time histogram. The pool itself calls
 * `query` with a callback; drizzle and withConnection with promises; a streamed query
 * (a Submittable) is left alone.
 */
function timeQueries(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const last = args.at(-1);
    if (typeof last === 'function') {
      const stop = dbQueryDuration.startTimer();
      args[args.length - 1] = (...answer: unknown[]) => {
        stop();
        return last(...answer);
      };
      return query(...args);
    }
    const result = query(...args);
    return result instanceof Promise ? timedQuery(result) : result;
  };
}

const RELISTEN_DELAY_MS = 1000;

/** LISTEN on a client of its own: a pooled one would be handed to other queries. */
async function listenPostgres(url: string, channel: string, handlers: NotifyHandlers): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let current: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    const lost = () => {
      if (current !== client) return;
      current = null;
      handlers.onLive(false);
      client.end().catch(() => {});
      if (!stopped) retry = setTimeout(connect, RELISTEN_DELAY_MS);
    };
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '');
    });
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch {
      client.end().catch(() => {});
      if (!stopped) retry = setTimeout(connect, RELISTEN_DELAY_MS);
      return;
    }
    if (stopped) {
      await client.end();
      return;
    }
    current = client;
    handlers.onLive(true);
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    handlers.onLive(false);
    await client?.end();
  };
}

/** host:port/database of a PostgreSQL URL, never its credentials (for messages and logs). */
export function describeDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}
