// Issue 31 §1: the two instances of a cluster start at once on one empty database. Each runs the
// start's migrations and seeds (prepareDatabase); both must succeed, and the demo exist once.
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { clonePrefix, databaseUrl, withAdmin } from '../../test/template.js';
import { createMemoryStorage } from '../integrations/storage/storage.js';
import { type Database, openDatabase } from './client.js';
import { DEMO_ACCOUNTS } from './seed/demo.js';
import { REGIONS } from './seed/reference.js';
import { prepareDatabase } from './startup.js';

const migrations = readdirSync(new URL('./migrations', import.meta.url)).filter((name) => name.endsWith('.sql'));
const opened: Database[] = [];
let dropDatabase = async () => {};

/** Two handles on one new, empty database, as two instances have: two pools on PostgreSQL, one PGlite otherwise. */
async function twoInstancesOnAnEmptyDatabase(): Promise<[Database, Database]> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const database = await openDatabase({ dataDir: 'memory://' });
    opened.push(database);
    return [database, database];
  }
  // The run's prefix: the global teardown drops it should this file stop before afterAll.
  const name = `${clonePrefix(inject('testTemplate').runId)}startup_${randomUUID().replaceAll('-', '')}`;
  await withAdmin(baseUrl, (c) => c.query(`create database ${name}`));
  dropDatabase = () => withAdmin(baseUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {});
  const url = databaseUrl(baseUrl, name);
  const first = await openDatabase({ url, dataDir: '' });
  const second = await openDatabase({ url, dataDir: '' });
  opened.push(first, second);
  return [first, second];
}

afterAll(async () => {
  for (const database of opened) await database.close();
  await dropDatabase();
});

describe('starting two instances at once on an empty database', () => {
  it('both start; the migrations run once and the demo is seeded once', async () => {
    const [first, second] = await twoInstancesOnAnEmptyDatabase();
    const storage = createMemoryStorage();
    const outcomes = await Promise.allSettled([
      prepareDatabase(first, { seedDemo: storage }),
      prepareDatabase(second, { seedDemo: storage }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
    const seeded = outcomes.map((o) => (o.status === 'fulfilled' ? o.value : null));
    expect(seeded.sort()).toEqual([false, true]);

    const count = async (text: string, params: unknown[] = []) =>
      Number((await first.withConnection((query) => query(text, params)))[0]?.n);
    expect(await count('select count(*) as n from drizzle.__drizzle_migrations')).toBe(migrations.length);
    expect(await count('select count(*) as n from regions')).toBe(REGIONS.length);
    expect(await count('select count(*) as n from admins where email_address = $1', [DEMO_ACCOUNTS.admin.email])).toBe(1);

    // An instance started later finds everything done.
    expect(await prepareDatabase(second, { seedDemo: storage })).toBe(false);
  }, 240_000);
});
