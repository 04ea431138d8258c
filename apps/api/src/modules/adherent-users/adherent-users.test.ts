import type { AdherentUser } from '@reseau/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD } from '../../../test/helper.js';
import { admins, auditLog } from '../../db/schema/index.js';

const t = await buildTestApp();

type Admin = Awaited<ReturnType<typeof t.buildAdmin>>;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function call(who: Admin | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, more = {}) {
  const headers = { ...(who ? await t.authHeader(who) : {}), ...more };
  return t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
}

let n = 0;
/** A valid POST /adherent-users body (a new address each time). */
const fields = (agencyIds: number[], more: object = {}) => ({
  firstName: 'Lucie',
  lastName: 'Carpentier',
  position: 'Assistante technique',
  phone: '03 20 11 22 33',
  emailAddress: `lucie.${Date.now()}.${n++}@adherent.fr`,
  roleId: 9,
  agencies: agencyIds.map((agencyId) => ({ agencyId })),
  ...more,
});

/** An adherent with two agencies, its director (role 4, both agencies) and an agency manager (role 7, the first). */
async function adherentWithStaff() {
  const adherent = await t.buildAdherent({ regionId: 4 });
  const a = await t.buildAgency({ adherentId: adherent.id });
  const b = await t.buildAgency({ adherentId: adherent.id });
  const director = await t.buildAdmin({ roleId: 4, adherentId: adherent.id, agencyIds: [a.id, b.id], isAdherentAdmin: true });
  const manager = await t.buildAdmin({ roleId: 7, adherentId: adherent.id, agencyIds: [a.id] });
  const collaborator = await t.buildAdmin({ roleId: 9, adherentId: adherent.id, agencyIds: [b.id], lastName: 'Bernard' });
  return { adherent, a, b, director, manager, collaborator };
}

const ids = (res: { json: () => unknown }) => (res.json() as { adherentUsers: AdherentUser[] }).adherentUsers.map((u) => u.id);

describe('GET /api/adherent-users', () => {
  it('lists the adherent’s users without its adherent admins, by adherent, agency or user', async () => {
    const { adherent, a, b, director, manager, collaborator } = await adherentWithStaff();
    const other = await t.buildAdmin({ roleId: 9 });
    const network = await t.buildAdmin({ roleId: 1 });
    const mine = await call(director, 'GET', '/adherent-users');
    expect(mine.statusCode).toBe(200);
    expect(ids(mine)).toEqual([collaborator.id, manager.id]);
    expect((mine.json() as { adherentUsers: AdherentUser[] }).adherentUsers[0]).toMatchObject({
      adherentId: adherent.id,
      roleId: 9,
      isAdherentAdmin: false,
      agencies: [{ agencyId: b.id }],
    });
    expect(ids(await call(network, 'GET', `/adherent-users?adherentId=${adherent.id}`))).toEqual([collaborator.id, manager.id]);
    expect(ids(await call(network, 'GET', `/adherent-users?agencyId=${a.id}`))).toEqual([manager.id]);
    expect(ids(await call(network, 'GET', `/adherent-users?adminId=${director.id}`))).toEqual([collaborator.id, manager.id]);
    expect(ids(await call(network, 'GET', `/adherent-users?adherentId=${other.adherentId}`))).toEqual([other.id]);
  });

  it('a network caller names an adherent; an adherent-level caller never reads another adherent’s users', async () => {
    const { director, manager } = await adherentWithStaff();
    const stranger = await t.buildAdmin({ roleId: 9 });
    const network = await t.buildAdmin({ roleId: 2 });
    const bare = await call(network, 'GET', '/adherent-users');
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ code: 'validation_failed', errors: { adherentId: [expect.any(String)] } });
    expect((await call(director, 'GET', `/adherent-users?adherentId=${stranger.adherentId}`)).statusCode).toBe(403);
    expect((await call(director, 'GET', `/adherent-users?agencyId=${stranger.agencyIds[0]}`)).statusCode).toBe(403);
    // The agency manager reads only the agencies it has.
    const { b } = await adherentWithStaff();
    expect((await call(manager, 'GET', `/adherent-users?agencyId=${b.id}`)).statusCode).toBe(403);
    expect(ids(await call(director, 'GET', `/adherent-users?adminId=${stranger.id}`))).toEqual([]);
    expect((await call(director, 'GET', `/adherent-users/${stranger.id}`)).statusCode).toBe(404);
    const bad = await call(director, 'GET', '/adherent-users?agencyId=abc');
    expect(bad.json()).toMatchObject({ code: 'validation_failed', errors: { agencyId: [expect.any(String)] } });
  });

  it('is refused without adherent_users_administration, to a customer and to an anonymous caller', async () => {
    const { adherent, collaborator } = await adherentWithStaff();
    for (const roleId of [3, 5, 6, 8, 9]) {
      const caller = await t.buildAdmin({ roleId, adherentId: roleId > 3 ? adherent.id : undefined });
      expect((await call(caller, 'GET', `/adherent-users?adherentId=${adherent.id}`)).statusCode).toBe(403);
      expect((await call(caller, 'GET', `/adherent-users/${collaborator.id}`)).statusCode).toBe(403);
    }
    const client = await t.buildClient();
    const res = await t.app.inject({ method: 'GET', url: '/api/adherent-users', headers: await t.authHeader(client) });
    expect(res.statusCode).toBe(403);
    expect((await call(null, 'GET', '/adherent-users')).statusCode).toBe(401);
  });
});

describe('POST and PUT /api/adherent-users', () => {
  it('the director creates a user for one of its agencies, then edits and disables it; both writes audited', async () => {
    const { adherent, a, b, director } = await adherentWithStaff();
    const created = await call(director, 'POST', '/adherent-users', fields([a.id]));
    expect(created.statusCode).toBe(201);
    const user = created.json() as AdherentUser;
    expect(user).toMatchObject({
      adherentId: adherent.id,
      roleId: 9,
      isActive: true,
      isAdherentAdmin: false,
      agencies: [{ agencyId: a.id }],
    });
    const [row] = await t.db.select().from(admins).where(eq(admins.id, user.id));
    expect(row).toMatchObject({ passwordHash: null, regionId: 4, isAdherentAdmin: false });

    const updated = await call(director, 'PUT', `/adherent-users/${user.id}`, {
      ...fields([a.id, b.id], { emailAddress: user.emailAddress, position: 'Technicien SAV', roleId: 6 }),
      isActive: false,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ position: 'Technicien SAV', roleId: 6, isActive: false });
    expect((updated.json() as AdherentUser).agencies.map((x) => x.agencyId).sort()).toEqual([a.id, b.id].sort());
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(user.id)));
    expect(audits.map((x) => x.action).sort()).toEqual(['adherent_user.created', 'adherent_user.updated']);
    // The update disabled the account and changed its role: both named (issue 27 §4).
    expect(audits.find((x) => x.action === 'adherent_user.updated')?.details).toEqual({
      isActive: false,
      roleId: { from: 9, to: 6 },
    });
  });

  it('checks the fields of spec 01 §5 with their French messages', async () => {
    const { a, director } = await adherentWithStaff();
    const res = await call(director, 'POST', '/adherent-users', {
      ...fields([a.id]),
      firstName: ' ',
      lastName: '',
      position: '',
      phone: '',
      emailAddress: 'pas-une-adresse',
      agencies: [],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      errors: {
        firstName: ['Veuillez remplir ce champ'],
        lastName: ['Veuillez remplir ce champ'],
        position: ['Veuillez remplir ce champ'],
        phone: ['Veuillez remplir ce champ'],
        emailAddress: ['Veuillez saisir une adresse email valide'],
        agencies: ['Choisissez au moins une agence.'],
      },
    });
    const noRole = await call(director, 'POST', '/adherent-users', { ...fields([a.id]), roleId: undefined });
    expect(noRole.json()).toMatchObject({ errors: { roleId: ['Veuillez remplir ce champ'] } });
  });

  it('refuses a network role, an address already used, an unknown agency and agencies of two adherents', async () => {
    const { a, director, collaborator } = await adherentWithStaff();
    const network = await t.buildAdmin({ roleId: 1 });
    const other = await t.buildAgency();
    const role = await call(director, 'POST', '/adherent-users', fields([a.id], { roleId: 2 }));
    expect(role.json()).toMatchObject({
      code: 'validation_failed',
      errors: { roleId: ['Choisissez un rôle d’utilisateur adhérent.'] },
    });
    const used = await call(
      director,
      'POST',
      '/adherent-users',
      fields([a.id], { emailAddress: collaborator.emailAddress.toUpperCase() }),
    );
    expect(used.json()).toMatchObject({ errors: { emailAddress: ['Cette adresse email est déjà utilisée.'] } });
    const unknown = await call(director, 'POST', '/adherent-users', fields([a.id, 2_000_000_000]));
    expect(unknown.json()).toMatchObject({ errors: { agencies: ['Choisissez des agences dont vous avez la charge.'] } });
    const two = await call(network, 'POST', '/adherent-users', fields([a.id, other.id]));
    expect(two.json()).toMatchObject({ errors: { agencies: ['Les agences choisies doivent appartenir au même adhérent.'] } });
  });

  it('an adherent-level caller gives only its own agencies and never another adherent’s', async () => {
    const { a, b, manager, collaborator } = await adherentWithStaff();
    const foreign = await t.buildAgency();
    expect((await call(manager, 'POST', '/adherent-users', fields([foreign.id]))).statusCode).toBe(403);
    const notMine = await call(manager, 'POST', '/adherent-users', fields([b.id]));
    expect(notMine.json()).toMatchObject({ errors: { agencies: ['Choisissez des agences dont vous avez la charge.'] } });
    // The collaborator of agency b is not the manager's (who manages whom, issue 24): not found.
    const notManaged = await call(manager, 'PUT', `/adherent-users/${collaborator.id}`, {
      ...fields([a.id, b.id], { emailAddress: collaborator.emailAddress }),
    });
    expect(notManaged.statusCode).toBe(404);
    // A user of agency a is: the manager may not give it agency b.
    const ofA = await t.buildAdmin({ roleId: 9, adherentId: manager.adherentId, agencyIds: [a.id] });
    const givesB = await call(manager, 'PUT', `/adherent-users/${ofA.id}`, {
      ...fields([a.id, b.id], { emailAddress: ofA.emailAddress }),
    });
    expect(givesB.json()).toMatchObject({ errors: { agencies: ['Choisissez des agences dont vous avez la charge.'] } });
    const network = await t.buildAdmin({ roleId: 2 });
    const moved = await call(network, 'PUT', `/adherent-users/${collaborator.id}`, {
      ...fields([foreign.id], { emailAddress: collaborator.emailAddress }),
    });
    expect(moved.json()).toMatchObject({ errors: { agencies: ['Un utilisateur reste rattaché à son adhérent.'] } });
  });

  it('role 4 and 7 users: an adherent-level caller may not give, edit or disable them; a network admin may', async () => {
    const { a, director, manager } = await adherentWithStaff();
    const secondDirector = await t.buildAdmin({ roleId: 4, adherentId: director.adherentId, agencyIds: [a.id] });
    expect((await call(director, 'POST', '/adherent-users', fields([a.id], { roleId: 7 }))).statusCode).toBe(403);
    expect((await call(director, 'POST', '/adherent-users', fields([a.id], { roleId: 4 }))).statusCode).toBe(403);
    const edit = (who: Admin, target: Admin, more: object) =>
      call(
        who,
        'PUT',
        `/adherent-users/${target.id}`,
        fields([a.id], { emailAddress: target.emailAddress, roleId: target.roleId, ...more }),
      );
    expect((await edit(director, manager, { position: 'Autre' })).statusCode).toBe(403);
    expect((await edit(director, manager, { isActive: false })).statusCode).toBe(403);
    expect((await edit(manager, secondDirector, { isActive: false })).statusCode).toBe(403);
    const collaborator = await t.buildAdmin({ roleId: 9, adherentId: director.adherentId, agencyIds: [a.id] });
    expect((await edit(director, collaborator, { roleId: 7 })).statusCode).toBe(403);
    const [unchanged] = await t.db.select().from(admins).where(eq(admins.id, manager.id));
    expect(unchanged).toMatchObject({ isActive: true, roleId: 7 });

    const network = await t.buildAdmin({ roleId: 2 });
    const disabled = await edit(network, manager, { isActive: false });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ isActive: false, roleId: 7 });
  });

  it('another adherent’s user is not found, and impersonated writes are audited with both ids', async () => {
    const { a, director } = await adherentWithStaff();
    const stranger = await t.buildAdmin({ roleId: 9 });
    const put = await call(
      director,
      'PUT',
      `/adherent-users/${stranger.id}`,
      fields(stranger.agencyIds, { emailAddress: stranger.emailAddress }),
    );
    expect(put.statusCode).toBe(404);
    const network = await t.buildAdmin({ roleId: 1 });
    const created = await call(network, 'POST', '/adherent-users', fields([a.id]), {
      'x-impersonated-admin-id': String(director.id),
    });
    expect(created.statusCode).toBe(201);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entityId, String((created.json() as AdherentUser).id)), eq(auditLog.action, 'adherent_user.created')),
      );
    expect(entry).toMatchObject({ actorAdminId: network.id, impersonatedAdminId: director.id });
  });

  it('two creations with one address: the database keeps one', async () => {
    const { a, director } = await adherentWithStaff();
    const body = fields([a.id]);
    const results = await Promise.all([
      call(director, 'POST', '/adherent-users', body),
      call(director, 'POST', '/adherent-users', body),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.statusCode === 400)?.json()).toMatchObject({ errors: { emailAddress: [expect.any(String)] } });
  });

  it('saves an avatar of type 1 uploaded by the caller; refuses another type or someone else’s file', async () => {
    const { a, director } = await adherentWithStaff();
    const avatar = await t.uploadAs(director, 1, PNG, 'avatar.png');
    const created = await call(director, 'POST', '/adherent-users', fields([a.id], { avatarFileId: avatar }));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ avatarFileId: avatar });
    // Any staff user sees the avatar; a customer does not.
    const colleague = await t.buildAdmin({ roleId: 6 });
    const seen = await t.app.inject({ method: 'GET', url: `/api/files/${avatar}`, headers: await t.authHeader(colleague) });
    expect(seen.statusCode).toBe(200);
    const client = await t.buildClient();
    const hidden = await t.app.inject({ method: 'GET', url: `/api/files/${avatar}`, headers: await t.authHeader(client) });
    expect(hidden.statusCode).toBe(404);

    const wrongType = await t.uploadAs(director, 6, PNG, 'image.png');
    const other = await t.buildAdmin({ roleId: 9 });
    const theirs = await t.uploadAs(other, 1, PNG, 'avatar.png');
    for (const fileId of [wrongType, theirs]) {
      const res = await call(director, 'POST', '/adherent-users', fields([a.id], { avatarFileId: fileId }));
      expect(res.json()).toMatchObject({ code: 'validation_failed', errors: { avatarFileId: [expect.any(String)] } });
    }
  });
});

describe('POST /api/adherent-users/{id}:archive', () => {
  const archive = (who: Admin, id: number) => call(who, 'POST', `/adherent-users/${id}:archive`);
  const signIn = (emailAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/admin', payload: { emailAddress, password: PASSWORD } });

  it('the archived user can no longer sign in, leaves the lists and the detail; the row and an audit stay', async () => {
    const { adherent, director, collaborator } = await adherentWithStaff();
    const { refreshToken } = (await signIn(collaborator.emailAddress)).json();
    const res = await archive(director, collaborator.id);
    expect(res.statusCode).toBe(204);
    expect((await signIn(collaborator.emailAddress)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } })).statusCode).toBe(400);
    expect(ids(await call(director, 'GET', '/adherent-users'))).not.toContain(collaborator.id);
    expect((await call(director, 'GET', `/adherent-users/${collaborator.id}`)).statusCode).toBe(404);
    expect((await archive(director, collaborator.id)).statusCode).toBe(404);
    const [row] = await t.db.select().from(admins).where(eq(admins.id, collaborator.id));
    expect(row).toMatchObject({ isActive: false, isHidden: true, adherentId: adherent.id });
    expect(row?.archivedAt).toBeInstanceOf(Date);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(collaborator.id)), eq(auditLog.action, 'adherent_user.archived')));
    expect(entry).toMatchObject({ actorAdminId: director.id });
    // No connection link for an archived account.
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/admins/${encodeURIComponent(collaborator.emailAddress)}/open-password-reset`,
      payload: { context: 'init' },
      headers: await t.authHeader(director),
    });
    expect(link.statusCode).toBe(403);
  });

  it('an archived adherent admin leaves the adherent admins’ list too', async () => {
    const { adherent, director } = await adherentWithStaff();
    const network = await t.buildAdmin({ roleId: 1 });
    expect((await archive(network, director.id)).statusCode).toBe(204);
    const list = await call(network, 'GET', `/adherent-admins?adherentId=${adherent.id}`);
    expect((list.json() as { adherentAdmins: { id: number }[] }).adherentAdmins.map((x) => x.id)).not.toContain(director.id);
  });

  it('is refused for role 4 and 7 users from an adherent-level caller, for another adherent, for oneself and without the permission', async () => {
    const { director, manager, collaborator } = await adherentWithStaff();
    const secondDirector = await t.buildAdmin({ roleId: 4, adherentId: director.adherentId, agencyIds: manager.agencyIds });
    expect((await archive(director, manager.id)).statusCode).toBe(403);
    expect((await archive(manager, secondDirector.id)).statusCode).toBe(403);
    expect((await archive(director, director.id)).statusCode).toBe(403);
    const stranger = await t.buildAdmin({ roleId: 9 });
    expect((await archive(director, stranger.id)).statusCode).toBe(404);
    const technician = await t.buildAdmin({ roleId: 6, adherentId: director.adherentId });
    expect((await archive(technician, collaborator.id)).statusCode).toBe(403);
    const animator = await t.buildAdmin({ roleId: 3 });
    expect((await archive(animator, collaborator.id)).statusCode).toBe(403);
    const network = await t.buildAdmin({ roleId: 1 });
    expect((await archive(network, network.id)).statusCode).toBe(404);
    const [still] = await t.db.select().from(admins).where(eq(admins.id, manager.id));
    expect(still?.archivedAt).toBeNull();
    expect((await archive(network, manager.id)).statusCode).toBe(204);
  });

  it('two archives at once: one succeeds, the other finds nothing', async () => {
    const { director, collaborator } = await adherentWithStaff();
    const results = await Promise.all([archive(director, collaborator.id), archive(director, collaborator.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([204, 404]);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(collaborator.id)), eq(auditLog.action, 'adherent_user.archived')));
    expect(entries).toHaveLength(1);
  });
});

describe('connection link for role 4 and 7 users', () => {
  const openInit = async (who: Admin, email: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admins/${encodeURIComponent(email)}/open-password-reset`,
      payload: { context: 'init' },
      headers: await t.authHeader(who),
    });
    await t.settled();
    return res;
  };

  it('is refused to an adherent-level caller and allowed to a network admin', async () => {
    const { director, manager, collaborator } = await adherentWithStaff();
    expect((await openInit(director, manager.emailAddress)).statusCode).toBe(403);
    expect((await openInit(manager, director.emailAddress)).statusCode).toBe(403);
    expect(await t.mailsTo(manager.emailAddress)).toHaveLength(0);
    expect((await openInit(director, collaborator.emailAddress)).statusCode).toBe(204);
    const network = await t.buildAdmin({ roleId: 2 });
    expect((await openInit(network, manager.emailAddress)).statusCode).toBe(204);
    expect(await t.mailsTo(manager.emailAddress)).toHaveLength(1);
  });
});
