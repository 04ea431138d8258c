import { type AdherentAdmin, IDENTIFIER_MESSAGES } from '@reseau/contracts';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { adherentAdminFields } from './test-fields.js';

const t = await buildTestApp();

type Who = Parameters<typeof t.authHeader>[0];

async function call(who: Who | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url: `/api${url}`, payload, headers: who ? await t.authHeader(who) : {} });
}
const network = () => t.buildAdmin({ roleId: 2 });
const fields = adherentAdminFields;

describe('POST, GET and PUT /api/adherent-admins', () => {
  it('creates an adherent admin linked to every agency of its adherent, then reads and updates it', async () => {
    const adherent = await t.buildAdherent({ regionId: 3 });
    const a = await t.buildAgency({ adherentId: adherent.id });
    const b = await t.buildAgency({ adherentId: adherent.id });
    const admin = await network();
    const created = await call(admin, 'POST', '/adherent-admins', fields(adherent.id, { cooperativeRoles: ['President'] }));
    expect(created.statusCode).toBe(201);
    const body = created.json() as AdherentAdmin;
    expect(body).toMatchObject({
      adherentId: adherent.id,
      roleId: 4,
      doNotShowOnMap: true,
      isActive: true,
      cooperativeRoles: ['President'],
    });
    expect(body.agencies).toEqual([{ agencyId: a.id }, { agencyId: b.id }].sort((x, y) => x.agencyId - y.agencyId));

    const updated = await call(admin, 'PUT', `/adherent-admins/${body.id}`, {
      ...fields(adherent.id, { emailAddress: body.emailAddress, position: 'Directeur', isActive: false }),
      agencies: [{ agencyId: b.id }],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ position: 'Directeur', isActive: false, agencies: [{ agencyId: b.id }] });

    const list = await call(admin, 'GET', `/adherent-admins?adherentId=${adherent.id}`);
    expect((list.json().adherentAdmins as AdherentAdmin[]).map((x) => x.id)).toEqual([body.id]);
    const byAdmin = await call(admin, 'GET', `/adherent-admins?adminId=${body.id}`);
    expect((byAdmin.json().adherentAdmins as AdherentAdmin[]).map((x) => x.id)).toEqual([body.id]);
  });

  it('checks every field of spec 01 §5 with its French message', async () => {
    const adherent = await t.buildAdherent();
    const res = await call(await network(), 'POST', '/adherent-admins', {
      ...fields(adherent.id),
      firstName: ' ',
      lastName: '',
      position: '',
      phone: '',
      emailAddress: 'pas-une-adresse',
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
      },
    });
  });

  it('refuses a phone that is not a French number (issue 25)', async () => {
    const adherent = await t.buildAdherent();
    const res = await call(await network(), 'POST', '/adherent-admins', { ...fields(adherent.id), phone: 'appelez-nous' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ phone: [IDENTIFIER_MESSAGES.phone] });
  });

  it('refuses a network role, another adherent’s agency and an address already used', async () => {
    const adherent = await t.buildAdherent();
    const foreign = await t.buildAgency();
    const admin = await network();
    const role = await call(admin, 'POST', '/adherent-admins', fields(adherent.id, { roleId: 2 }));
    expect(role.json()).toMatchObject({ code: 'validation_failed', errors: { roleId: [expect.any(String)] } });
    const agency = await call(admin, 'POST', '/adherent-admins', {
      ...fields(adherent.id),
      agencies: [{ agencyId: foreign.id }],
    });
    expect(agency.json()).toMatchObject({ code: 'validation_failed', errors: { agencies: [expect.any(String)] } });
    const taken = await call(
      admin,
      'POST',
      '/adherent-admins',
      fields(adherent.id, { emailAddress: admin.emailAddress.toUpperCase() }),
    );
    expect(taken.json()).toMatchObject({ code: 'validation_failed', errors: { emailAddress: [expect.any(String)] } });
  });

  it('refuses callers without the permissions (403) and anonymous callers (401)', async () => {
    const adherent = await t.buildAdherent();
    const row = await t.buildAdmin({ roleId: 9, adherentId: adherent.id, isAdherentAdmin: true });
    for (const roleId of [3, 5, 6, 8, 9]) {
      const who = await t.buildAdmin({ roleId, ...(roleId > 3 ? { adherentId: adherent.id } : {}) });
      expect((await call(who, 'GET', `/adherent-admins?adherentId=${adherent.id}`)).statusCode).toBe(403);
      expect((await call(who, 'GET', `/adherent-admins/${row.id}`)).statusCode).toBe(403);
      expect((await call(who, 'POST', '/adherent-admins', fields(adherent.id, { roleId: 9 }))).statusCode).toBe(403);
    }
    expect((await call(null, 'GET', `/adherent-admins/${row.id}`)).statusCode).toBe(401);
  });

  it('asks for adherentId or adminId', async () => {
    const res = await call(await network(), 'GET', '/adherent-admins');
    expect(res.json()).toMatchObject({ code: 'validation_failed', errors: { adherentId: [expect.any(String)] } });
  });
});

describe('adherent-level callers (adherent_users_administration)', () => {
  it('manage the role 9 admins of their own adherent only', async () => {
    const adherent = await t.buildAdherent();
    const director = await t.buildAdmin({ roleId: 4, adherentId: adherent.id, isAdherentAdmin: true });
    const created = await call(director, 'POST', '/adherent-admins', fields(adherent.id, { roleId: 9 }));
    expect(created.statusCode).toBe(201);
    const list = (await call(director, 'GET', `/adherent-admins?adherentId=${adherent.id}`)).json()
      .adherentAdmins as AdherentAdmin[];
    expect(list.map((x) => x.id).sort()).toEqual([director.id, created.json().id].sort());

    const other = await t.buildAdherent();
    const stranger = await t.buildAdmin({ roleId: 9, adherentId: other.id, isAdherentAdmin: true });
    expect((await call(director, 'GET', `/adherent-admins/${stranger.id}`)).statusCode).toBe(404);
    expect((await call(director, 'GET', `/adherent-admins?adherentId=${other.id}`)).json().adherentAdmins).toEqual([]);
    expect((await call(director, 'PUT', `/adherent-admins/${stranger.id}`, fields(other.id, { roleId: 9 }))).statusCode).toBe(
      404,
    );
    expect((await call(director, 'POST', '/adherent-admins', fields(other.id, { roleId: 9 }))).statusCode).toBe(403);
  });

  it.each([4, 7])('may not edit a role %i row nor give that role (network admins may)', async (roleId) => {
    const adherent = await t.buildAdherent();
    const manager = await t.buildAdmin({ roleId: 7, adherentId: adherent.id });
    const row = await t.buildAdmin({ roleId, adherentId: adherent.id, agencyIds: manager.agencyIds, isAdherentAdmin: true });
    const edit = fields(adherent.id, { roleId, emailAddress: row.emailAddress, isActive: false });
    const refused = await call(manager, 'PUT', `/adherent-admins/${row.id}`, edit);
    expect(refused.statusCode).toBe(403);
    expect((await call(manager, 'POST', '/adherent-admins', fields(adherent.id, { roleId }))).statusCode).toBe(403);
    const collaborator = await t.buildAdmin({
      roleId: 9,
      adherentId: adherent.id,
      agencyIds: manager.agencyIds,
      isAdherentAdmin: true,
    });
    const promote = fields(adherent.id, { roleId, emailAddress: collaborator.emailAddress });
    expect((await call(manager, 'PUT', `/adherent-admins/${collaborator.id}`, promote)).statusCode).toBe(403);
    expect((await call(await network(), 'PUT', `/adherent-admins/${row.id}`, edit)).statusCode).toBe(200);
  });
});

describe('adherent admins: the avatar (file type 1)', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );

  it('saves an uploaded avatar of type 1; refuses another type and someone else’s upload', async () => {
    const adherent = await t.buildAdherent();
    await t.buildAgency({ adherentId: adherent.id });
    const admin = await network();
    const avatar = await t.uploadAs(admin, 1, PNG, 'avatar.png');
    const created = await call(admin, 'POST', '/adherent-admins', fields(adherent.id, { avatarFileId: avatar }));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ avatarFileId: avatar });
    const wrongType = await t.uploadAs(admin, 15, PNG, 'avatar.png');
    const theirs = await t.uploadAs(await network(), 1, PNG, 'avatar.png');
    for (const avatarFileId of [wrongType, theirs]) {
      const res = await call(admin, 'POST', '/adherent-admins', fields(adherent.id, { avatarFileId }));
      expect(res.json()).toMatchObject({ code: 'validation_failed', errors: { avatarFileId: [expect.any(String)] } });
    }
  });
});
