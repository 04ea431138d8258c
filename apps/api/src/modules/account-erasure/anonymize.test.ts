import { ACCOUNT_ERASURE_MESSAGES, anonymizedAdminEmail } from '@reseau/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD } from '../../../test/helper.js';
import { adminAgencies, admins, auditLog, sessions } from '../../db/schema/index.js';

const t = await buildTestApp();

type Who = Parameters<typeof t.authHeader>[0];
const anonymize = async (who: Who, id: number | string) =>
  t.app.inject({ method: 'POST', url: `/api/adherent-users/${id}:anonymize`, headers: await t.authHeader(who) });
const listArchived = async (who: Who) =>
  t.app.inject({ method: 'GET', url: '/api/adherent-users/archived', headers: await t.authHeader(who) });

/** A director (role 4) of a fresh adherent, and a user of theirs archived (role 9, phone and position set). */
async function directorWithArchivedUser() {
  const director = await t.buildAdmin({ roleId: 4 });
  const user = await t.buildAdmin({
    roleId: 9,
    adherentId: director.adherentId,
    agencyIds: director.agencyIds,
    firstName: 'Sophie',
    lastName: 'Lemaire',
    phone: '06 98 76 54 32',
    position: 'Secrétaire',
    archivedAt: new Date(),
    isActive: false,
  });
  return { director, user };
}

describe('POST /adherent-users/{id}:anonymize', () => {
  it('role 1 anonymises an archived account: « Ancien utilisateur », placeholder address, nothing to sign in with', async () => {
    const { user } = await directorWithArchivedUser();
    const superAdmin = await t.buildAdmin({ roleId: 1 });
    // A session left open (archiving ends them; anonymising makes sure).
    const stale = await t.authHeader(user);
    const res = await anonymize(superAdmin, user.id);
    expect(res.statusCode).toBe(204);
    const [row] = await t.db.select().from(admins).where(eq(admins.id, user.id));
    expect(row).toMatchObject({
      firstName: 'Ancien',
      lastName: 'utilisateur',
      emailAddress: anonymizedAdminEmail(user.id),
      phone: null,
      position: null,
      avatarFileId: null,
      passwordHash: null,
      isActive: false,
    });
    expect(row?.anonymizedAt).toBeInstanceOf(Date);
    expect(await t.db.select().from(adminAgencies).where(eq(adminAgencies.adminId, user.id))).toHaveLength(0);
    const open = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.subjectKind, 'admin'), eq(sessions.subjectId, user.id)));
    expect(open.every((s) => s.revokedAt !== null)).toBe(true);
    const me = await t.app.inject({ method: 'GET', url: '/api/notifications/mine', headers: stale });
    expect(me.statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin',
      payload: { emailAddress: user.emailAddress, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(401);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admin.anonymized'), eq(auditLog.entityId, String(user.id))));
    expect(entry?.actorAdminId).toBe(superAdmin.id);
  });

  it('the adherent’s director anonymises their archived user; another adherent’s director finds nothing', async () => {
    const { director, user } = await directorWithArchivedUser();
    const other = await t.buildAdmin({ roleId: 4 });
    const refused = await anonymize(other, user.id);
    expect(refused.statusCode).toBe(404);
    expect(
      ((await listArchived(other)).json() as { archivedAdherentUsers: { id: number }[] }).archivedAdherentUsers.map((u) => u.id),
    ).not.toContain(user.id);

    const listed = (await listArchived(director)).json() as {
      archivedAdherentUsers: { id: number; anonymizedAt: string | null }[];
    };
    expect(listed.archivedAdherentUsers).toEqual([expect.objectContaining({ id: user.id, anonymizedAt: null })]);
    expect((await anonymize(director, user.id)).statusCode).toBe(204);
    const after = (await listArchived(director)).json() as {
      archivedAdherentUsers: { id: number; anonymizedAt: string | null; lastName: string }[];
    };
    expect(after.archivedAdherentUsers[0]).toMatchObject({ id: user.id, lastName: 'utilisateur' });
    expect(after.archivedAdherentUsers[0]?.anonymizedAt).toEqual(expect.any(String));
  });

  it('refuses an account that is not archived (409) and leaves it as it is', async () => {
    const { director } = await directorWithArchivedUser();
    const live = await t.buildAdmin({ roleId: 9, adherentId: director.adherentId, agencyIds: director.agencyIds });
    const res = await anonymize(director, live.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'not_archived', message: ACCOUNT_ERASURE_MESSAGES.notArchived });
    const [row] = await t.db.select().from(admins).where(eq(admins.id, live.id));
    expect(row?.firstName).toBe(live.firstName);
  });

  it('is refused to other roles: network administrator (2), agency manager (7), a user without the permission (9)', async () => {
    const { director, user } = await directorWithArchivedUser();
    const networkAdmin = await t.buildAdmin({ roleId: 2 });
    const manager = await t.buildAdmin({ roleId: 7, adherentId: director.adherentId, agencyIds: director.agencyIds });
    const plain = await t.buildAdmin({ roleId: 9, adherentId: director.adherentId, agencyIds: director.agencyIds });
    for (const who of [networkAdmin, manager, plain]) {
      expect((await anonymize(who, user.id)).statusCode, `role ${who.roleId}`).toBe(403);
      expect((await listArchived(who)).statusCode, `role ${who.roleId}`).toBe(403);
    }
    const client = await t.buildClient();
    expect((await anonymize(client, user.id)).statusCode).toBe(403);
    const [row] = await t.db.select().from(admins).where(eq(admins.id, user.id));
    expect(row?.anonymizedAt).toBeNull();
  });

  it('a director never anonymises a role 4 or 7 account of the adherent (the network’s)', async () => {
    const { director } = await directorWithArchivedUser();
    const manager = await t.buildAdmin({
      roleId: 7,
      adherentId: director.adherentId,
      agencyIds: director.agencyIds,
      archivedAt: new Date(),
    });
    expect((await anonymize(director, manager.id)).statusCode).toBe(404);
    const superAdmin = await t.buildAdmin({ roleId: 1 });
    expect((await anonymize(superAdmin, manager.id)).statusCode).toBe(204);
  });

  it('bad input and unknown ids', async () => {
    const superAdmin = await t.buildAdmin({ roleId: 1 });
    expect((await anonymize(superAdmin, 'abc')).statusCode).toBe(404);
    expect((await anonymize(superAdmin, 0)).json().code).toBe('validation_failed');
    expect((await anonymize(superAdmin, 2_000_000_000)).statusCode).toBe(404);
    // A network account is no adherent account: out of reach.
    expect((await anonymize(superAdmin, superAdmin.id)).statusCode).toBe(404);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/adherent-users/archived?pageNumber=0',
      headers: await t.authHeader(superAdmin),
    });
    expect(res.json().code).toBe('validation_failed');
  });

  it('twice at once: one anonymises, the other is told it is done', async () => {
    const { director, user } = await directorWithArchivedUser();
    const answers = await Promise.all([anonymize(director, user.id), anonymize(director, user.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 409]);
    const again = await anonymize(director, user.id);
    expect(again.json()).toMatchObject({ code: 'already_anonymized', message: ACCOUNT_ERASURE_MESSAGES.alreadyAnonymized });
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admin.anonymized'), eq(auditLog.entityId, String(user.id))));
    expect(entries).toHaveLength(1);
  });
});
