import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { seedReference } from '../src/db/seed/reference.js';
import { clonePrefix, databaseUrl, templateName, withAdmin } from './template.js';

/**
 * Migrates and seeds one database per run, which every test file then clones: replaying the
 * migrations in each file cost most of the suite's time (on PGlite, mostly its `initdb`).
 * PGlite: a tarball of the migrated data directory in a temp folder. PostgreSQL
 * (TEST_DATABASE_URL): a template database `t_template_<run>`. The teardown removes both, and
 * any clone of this run that a crashed file left behind.
 */
export default async function setup(project: TestProject) {
  const runId = randomUUID().slice(0, 8);
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'reseau-api-test-'));
    const pgliteTarball = join(dir, 'template.tar');
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await database.migrate();
      await seedReference(database.db);
      // drizzle keeps the PGlite client it was given; the tarball is uncompressed, which loads faster.
      const client = (database.db as unknown as { $client: PGlite }).$client;
      const tarball = await client.dumpDataDir('none');
      writeFileSync(pgliteTarball, new Uint8Array(await tarball.arrayBuffer()));
    } finally {
      await database.close();
    }
    project.provide('testTemplate', { runId, pgliteTarball });
    return () => rmSync(dir, { recursive: true, force: true });
  }

  const template = templateName(runId);
  await withAdmin(baseUrl, (c) => c.query(`create database ${template}`));
  // Closed before any file clones it: PostgreSQL refuses a template that has a connection open.
  const database = await openDatabase({ url: databaseUrl(baseUrl, template), dataDir: '' });
  try {
    await database.migrate();
    await seedReference(database.db);
  } finally {
    await database.close();
  }
  project.provide('testTemplate', { runId, postgresTemplate: template });
  return () =>
    withAdmin(baseUrl, async (c) => {
      const { rows } = await c.query<{ datname: string }>(
        'select datname from pg_database where datname = $1 or starts_with(datname, $2)',
        [template, clonePrefix(runId)],
      );
      for (const { datname } of rows) await c.query(`drop database if exists ${datname} with (force)`);
    });
}
