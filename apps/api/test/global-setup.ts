import { randomUUID } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { clonePrefix, withAdmin } from './template.js';
import { pgliteTemplate, postgresTemplate } from './template-cache.js';

/**
 * One migrated and seeded database, which every test file then clones: replaying the
 * migrations in each file cost most of the suite's time (on PGlite, mostly its `initdb`). It is
 * kept between runs while the migrations, the schema, the reference seed and the database
 * packages are unchanged (test/template-cache.ts). PGlite: a tarball of the migrated data
 * directory in node_modules/.cache/reseau-test-template. PostgreSQL (TEST_DATABASE_URL): a
 * template database `t_tpl_<key>`. The teardown removes any clone of this run that a crashed
 * file left behind; the templates stay for the next run.
 */
export default async function setup(project: TestProject) {
  const runId = randomUUID().slice(0, 8);
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const { tarball, snapshot } = await pgliteTemplate();
    project.provide('testTemplate', { runId, pgliteTarball: tarball, pgliteSnapshot: snapshot });
    return;
  }

  const { name } = await postgresTemplate(baseUrl, runId);
  project.provide('testTemplate', { runId, postgresTemplate: name });
  return () =>
    withAdmin(baseUrl, async (c) => {
      const { rows } = await c.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [
        clonePrefix(runId),
      ]);
      for (const { datname } of rows) await c.query(`drop database if exists ${datname} with (force)`);
    });
}
