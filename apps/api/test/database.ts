import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.js';
import { acquirePglite, loadPgliteCopy } from './pglite-pool.js';
import { clonePrefix, databaseUrl, withAdmin } from './template.js';

/**
 * A database of its own for one test file, already migrated and holding the reference data:
 * a copy of the run's template made by the global setup (test/global-setup.ts). An in-memory
 * PGlite loaded from the template's tarball, or one an earlier file of this worker used, put back
 * as the template was (test/pglite-pool.ts); on PostgreSQL (TEST_DATABASE_URL) a database
 * created from the template database. `ownCopy` (PGlite): a fresh copy no other file will reuse,
 * for a test that breaks or closes its database. Closing it drops the PostgreSQL copy. `url` (PostgreSQL
 * only) lets a test open a second pool to the same database, as a second instance would.
 */
export async function openTestDatabase({ ownCopy = false }: { ownCopy?: boolean } = {}): Promise<Database & { url?: string }> {
  const { runId, pgliteTarball, pgliteSnapshot, postgresTemplate } = inject('testTemplate');
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    if (!pgliteTarball) throw new Error('no PGlite template: is test/global-setup.ts in vitest.config.ts?');
    return ownCopy ? loadPgliteCopy(pgliteTarball) : acquirePglite(pgliteTarball, pgliteSnapshot);
  }
  if (!postgresTemplate) throw new Error('no PostgreSQL template: is test/global-setup.ts in vitest.config.ts?');
  const name = `${clonePrefix(runId)}${randomUUID().replaceAll('-', '')}`;
  await withAdmin(baseUrl, (c) => c.query(`create database ${name} template ${postgresTemplate}`));
  const url = databaseUrl(baseUrl, name);
  const database = await openDatabase({ url, dataDir: '' });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await withAdmin(baseUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}
