import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildOutageApp } from '../../test/database-outage.js';
import { PASSWORD } from '../../test/helper.js';

/** Every log line the app writes, parsed. */
const lines: { level: number; msg: string; reason?: string }[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(JSON.parse(String(chunk)));
    done();
  },
});
const t = await buildOutageApp({ logger: { level: 'info', stream } });

const UNAVAILABLE = {
  code: 'database_unavailable',
  message: 'Le service est momentanément indisponible, veuillez réessayer dans un instant.',
};
let attempt = 0;
/** A sign-in: its lookup is the first query, with the address as its parameter (a new one each time: no account lock). */
const signIn = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/admin',
    payload: { emailAddress: `marqueur-${++attempt}@test.fr`, password: PASSWORD },
  });

/** The answer is the generic 503, nothing of the failed query in it; the log says why, at error level. */
function expectUnusable(res: Awaited<ReturnType<typeof signIn>>, reason: string) {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.json()).toEqual(UNAVAILABLE);
  for (const leak of ['select', 'admins', 'marqueur', '42P01', '3D000']) expect(res.body).not.toContain(leak);
  const logged = lines.filter((line) => line.msg === 'database unusable');
  expect(logged.at(-1)).toMatchObject({ level: 50, reason });
  expect(JSON.stringify(logged)).not.toContain('marqueur');
}

// An operator's mistake, not a bug: the database answers, ours is not there. /api/health already
// said 503; the routes answered 500 (issue 24).
describe('a database that answers but is not ours', () => {
  it('a table renamed away: 503 database_unavailable, logged at error level', async () => {
    expect((await signIn()).statusCode).toBe(401);
    await t.db.execute(sql`alter table admins rename to admins_gone`);
    try {
      expectUnusable(await signIn(), 'table absente');
    } finally {
      await t.db.execute(sql`alter table admins_gone rename to admins`);
    }
    expect((await signIn()).statusCode).toBe(401);
  });

  // PGlite is one database in a folder: nothing to rename. CI runs this file on PostgreSQL too.
  if (t.kind === 'postgres') {
    it('the database renamed (PostgreSQL): 503 database_unavailable until it is back', async () => {
      const restore = await t.renameDatabase!();
      try {
        expectUnusable(await signIn(), 'base absente');
      } finally {
        await restore();
      }
      expect((await signIn()).statusCode).toBe(401);
    });
  }

  it('the schema dropped: 503 database_unavailable', async () => {
    await t.dropSchema();
    expectUnusable(await signIn(), 'table absente');
  });
});
