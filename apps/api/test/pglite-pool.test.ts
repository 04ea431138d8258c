import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { adherents, roles } from '../src/db/schema/index.js';
import { seedReference } from '../src/db/seed/reference.js';
import { acquirePglite, clientOf } from './pglite-pool.js';

/** The run's template on PGlite runs; on PostgreSQL runs, which have none, one made here. */
async function templateTarball(): Promise<string> {
  const given = inject('testTemplate').pgliteTarball;
  if (given) return given;
  const dir = mkdtempSync(join(tmpdir(), 'reseau-pool-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await seedReference(database.db);
  const tarball = await clientOf(database).dumpDataDir('none');
  await database.close();
  const path = join(dir, 'template.tar');
  writeFileSync(path, new Uint8Array(await tarball.arrayBuffer()));
  return path;
}

const tarball = await templateTarball();

describe('the PGlite databases a worker reuses from file to file', () => {
  it('gives the next file the database as the template was', async () => {
    const first = await acquirePglite(tarball);
    const client = clientOf(first);
    const defaultName = (await client.query<{ name: string }>('show application_name')).rows[0]!.name;
    const [kept] = await first.db.insert(adherents).values({ name: 'Gardé', regionId: 1 }).returning();
    await first.db.delete(roles);
    // Session state a file could leave behind: a setting, an advisory lock, an open transaction.
    await client.exec(`set application_name = 'reste'`);
    await client.exec('select pg_advisory_lock(42)');
    await client.exec('begin');
    await first.db.insert(adherents).values({ name: 'Jamais validé', regionId: 1 });
    await first.close();

    const second = await acquirePglite(tarball);
    expect(clientOf(second)).toBe(client);
    expect(await second.db.select({ n: count() }).from(adherents)).toEqual([{ n: 0 }]);
    expect(await second.db.select({ n: count() }).from(roles)).toEqual([{ n: 9 }]);
    const [next] = await second.db.insert(adherents).values({ name: 'Suivant', regionId: 1 }).returning();
    expect(next!.id).toBe(kept!.id);
    expect((await client.query<{ name: string }>('show application_name')).rows[0]!.name).toBe(defaultName);
    const locks = await client.query<{ n: number }>(`select count(*)::int as n from pg_locks where locktype = 'advisory'`);
    expect(locks.rows[0]!.n).toBe(0);
    await second.close();
  });

  it('replaces a database whose schema a file changed and left so', async () => {
    const first = await acquirePglite(tarball);
    await first.db.execute(sql`create table leftover (id integer)`);
    await first.close();

    const second = await acquirePglite(tarball);
    expect(clientOf(second)).not.toBe(clientOf(first));
    expect(clientOf(first).closed).toBe(true);
    const { rows } = await clientOf(second).query<{ found: string | null }>(
      `select to_regclass('public.leftover')::text as found`,
    );
    expect(rows[0]!.found).toBeNull();
    await second.close();
  });

  it('gives databases held at the same time one each', async () => {
    const one = await acquirePglite(tarball);
    const other = await acquirePglite(tarball);
    expect(clientOf(other)).not.toBe(clientOf(one));
    await one.db.insert(adherents).values({ name: 'Seulement ici', regionId: 1 });
    expect(await other.db.select({ n: count() }).from(adherents)).toEqual([{ n: 0 }]);
    await one.close();
    await other.close();
  });

  it('drops a database whose client a test closed', async () => {
    const first = await acquirePglite(tarball);
    await clientOf(first).close();
    await first.close();

    const second = await acquirePglite(tarball);
    expect(clientOf(second)).not.toBe(clientOf(first));
    expect(await second.ping()).toBe(true);
    await second.close();
  });
});
