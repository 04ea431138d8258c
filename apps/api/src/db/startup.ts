import type { FileStorage } from '../integrations/storage/storage.js';
import { releaseOrphanedLeases } from '../jobs/queue.js';
import type { Database } from './client.js';
import { seedDemoIfEmpty } from './seed/demo.js';
import { seedReference } from './seed/reference.js';

/**
 * Key of the session-level advisory lock held around the start's migrations and seeds, beside
 * the demo seed's own transaction lock (727274001): an instance that starts while another
 * migrates waits here, then finds the work done.
 */
export const STARTUP_LOCK_KEY = 727274000;

/** Calls on one PGlite (one process, one connection, where an advisory lock stacks) one after the other. */
const pgliteTurns = new WeakMap<Database, Promise<unknown>>();

/**
 * What each instance does before it builds the app: migrations, reference data, the demo when
 * `seedDemo` gives its storage and the database has no account yet. Several instances may start
 * at once on one PostgreSQL database: drizzle's migrator is not safe against itself (both create
 * its table, both run the same migration), so the whole step holds an advisory lock on a
 * connection of its own; a lost connection releases it. Answers whether the demo was seeded here.
 */
export async function prepareDatabase(database: Database, opts: { seedDemo?: FileStorage } = {}): Promise<boolean> {
  const work = async () => {
    await database.migrate();
    if (database.kind === 'pglite') await releaseOrphanedLeases(database.db);
    await database.db.transaction((tx) => seedReference(tx));
    return opts.seedDemo ? seedDemoIfEmpty(database.db, opts.seedDemo) : false;
  };
  if (database.kind === 'pglite') {
    const previous = pgliteTurns.get(database) ?? Promise.resolve();
    const turn = previous.catch(() => {}).then(work);
    pgliteTurns.set(database, turn);
    return turn;
  }
  return database.withConnection(async (query) => {
    await query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      return await work();
    } finally {
      // Back in the pool, the connection must not keep the lock (a failed start that goes on).
      await query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
    }
  });
}
