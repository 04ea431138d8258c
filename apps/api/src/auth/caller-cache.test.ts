import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.js';
import { admins, sessions } from '../db/schema/index.js';

// The callers an instance knows are kept a few seconds (auth/principal-cache.ts); these tests
// hold that a change still takes effect at once, whoever makes it.
const t = await buildTestApp();
const roles = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/roles', headers });

describe('the caller cache', () => {
  it('serves a known caller from memory, and drops it when a change is announced', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const headers = await t.authHeader(admin);
    expect((await roles(headers)).statusCode).toBe(200);

    // With the announcement switched off, a disabled account still passes: the answer came from
    // memory, and the announcement is what stands between the cache and a revoked caller.
    await t.db.execute(sql`alter table admins disable trigger admins_principal_changed`);
    try {
      await t.db.update(admins).set({ isActive: false }).where(eq(admins.id, admin.id));
      expect((await roles(headers)).statusCode).toBe(200);
    } finally {
      await t.db.execute(sql`alter table admins enable trigger admins_principal_changed`);
    }

    // Any change made outside this instance (here, plain SQL) is heard through NOTIFY.
    await t.db.update(admins).set({ isActive: false }).where(eq(admins.id, admin.id));
    await expect.poll(async () => (await roles(headers)).statusCode).toBe(401);
  });

  it('a session revoked in the database is refused once the change is heard', async () => {
    const admin = await t.buildAdmin({ roleId: 3 });
    const headers = await t.authHeader(admin);
    expect((await roles(headers)).statusCode).toBe(200);
    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.subjectId, admin.id));
    await expect.poll(async () => (await roles(headers)).statusCode).toBe(401);
  });

  it('a session announces the columns that open or close it, not its last use (written by each refresh)', async () => {
    const result = (await t.db.execute(
      sql`select pg_get_triggerdef(oid) as def from pg_trigger where tgname = 'sessions_principal_changed'`,
    )) as unknown as { rows: { def: string }[] };
    const [row] = result.rows;
    expect(row?.def).toContain(
      'AFTER DELETE OR UPDATE OF id, subject_kind, subject_id, expires_at, revoked_at ON public.sessions',
    );
    expect(row?.def).not.toContain('last_used_at');
  });

  it('a sign-out answered by this instance refuses the next request at once, with no wait', async () => {
    const client = await t.buildClient();
    const headers = await t.authHeader(client);
    const mine = () => t.app.inject({ method: 'GET', url: '/api/agency-contracts/mine', headers });
    expect((await mine()).statusCode).toBe(200);
    expect((await mine()).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    expect(out.statusCode).toBe(204);
    expect((await mine()).statusCode).toBe(401);
  });

  it('an account given fewer agencies loses the others once the change is heard', async () => {
    const adherent = await t.buildAdherent();
    const [kept, taken] = [await t.buildAgency({ adherentId: adherent.id }), await t.buildAgency({ adherentId: adherent.id })];
    const director = await t.buildAdmin({ roleId: 4, adherentId: adherent.id, agencyIds: [kept.id, taken.id] });
    const headers = await t.authHeader(director);
    const agency = (id: number) => t.app.inject({ method: 'GET', url: `/api/agencies/${id}`, headers });
    expect((await agency(taken.id)).statusCode).toBe(200);
    await t.db.execute(sql`delete from admin_agencies where admin_id = ${director.id} and agency_id = ${taken.id}`);
    await expect.poll(async () => (await agency(taken.id)).statusCode).not.toBe(200);
    expect((await agency(kept.id)).statusCode).toBe(200);
  });
});
