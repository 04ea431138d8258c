import type { AgencyAdherentAdminList, DirectoryNetworkAdminList } from '@reseau/contracts';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { PNG } from '../document-bases/test-fixtures.js';

const t = await buildTestApp();
type Who = Parameters<typeof t.authHeader>[0];

async function get(who: Who | null, url: string) {
  return t.app.inject({ method: 'GET', url: `/api${url}`, headers: who ? await t.authHeader(who) : {} });
}
const entriesOf = async (who: Who) =>
  ((await get(who, '/agency-adherent-admins')).json() as AgencyAdherentAdminList).agencyAdherentAdmins;
const headsOf = async (who: Who) =>
  ((await get(who, '/network-admins?isForDirectory=true')).json() as DirectoryNetworkAdminList).networkAdmins;

/** An adherent in region 2 (Centre) with a listed agency and its adherent admin. */
async function listedAdherent() {
  const adherent = await t.buildAdherent({ regionId: 2 });
  const agency = await t.buildAgency({ adherentId: adherent.id, name: 'Agence annuaire', address1: '3 rue du Port' });
  const head = await t.buildAdmin({
    roleId: 4,
    adherentId: adherent.id,
    agencyIds: [agency.id],
    isAdherentAdmin: true,
    firstName: 'Hélène',
    lastName: 'Roux',
    position: 'Gérante',
    phone: '02 38 00 00 00',
  });
  return { adherent, agency, head };
}

describe('GET /api/agency-adherent-admins', () => {
  it('lists each adherent admin with each agency, with the directory card fields only', async () => {
    const { agency, head } = await listedAdherent();
    const res = await get(await t.buildAdmin({ roleId: 6 }), '/agency-adherent-admins');
    expect(res.statusCode).toBe(200);
    const mine = (res.json() as AgencyAdherentAdminList).agencyAdherentAdmins.filter((e) => e.adminId === head.id);
    expect(mine).toEqual([
      {
        adminId: head.id,
        agencyId: agency.id,
        agencyName: 'Agence annuaire',
        regionId: 2,
        region: 'Centre',
        firstName: 'Hélène',
        lastName: 'Roux',
        position: 'Gérante',
        phone: '02 38 00 00 00',
        emailAddress: head.emailAddress,
        avatarFileId: null,
        address1: '3 rue du Port',
        postalCode: '69003',
        city: 'Lyon',
      },
    ]);
  });

  it('leaves out agencies hidden from the directory, people marked hidden, inactive rows and plain users', async () => {
    const { adherent, agency, head } = await listedAdherent();
    const hiddenAgency = await t.buildAgency({ adherentId: adherent.id, hideFromDirectory: true });
    const closedAgency = await t.buildAgency({ adherentId: adherent.id, isActive: false });
    // On the map but hidden from the map only: still in the directory list.
    const offMap = await t.buildAgency({ adherentId: adherent.id, hideFromMap: true });
    const both = await t.buildAdmin({
      roleId: 7,
      adherentId: adherent.id,
      agencyIds: [hiddenAgency.id, closedAgency.id, offMap.id],
      isAdherentAdmin: true,
    });
    const hiddenPerson = await t.buildAdmin({
      roleId: 4,
      adherentId: adherent.id,
      agencyIds: [agency.id],
      isAdherentAdmin: true,
      isHidden: true,
    });
    const disabled = await t.buildAdmin({
      roleId: 4,
      adherentId: adherent.id,
      agencyIds: [agency.id],
      isAdherentAdmin: true,
      isActive: false,
    });
    const archived = await t.buildAdmin({
      roleId: 4,
      adherentId: adherent.id,
      agencyIds: [agency.id],
      isAdherentAdmin: true,
      archivedAt: new Date(),
    });
    const plainUser = await t.buildAdmin({ roleId: 9, adherentId: adherent.id, agencyIds: [agency.id] });

    const entries = await entriesOf(await t.buildAdmin({ roleId: 1 }));
    const pairs = entries.map((e) => `${e.adminId}@${e.agencyId}`);
    expect(pairs).toContain(`${head.id}@${agency.id}`);
    expect(pairs).toContain(`${both.id}@${offMap.id}`);
    expect(pairs).not.toContain(`${both.id}@${hiddenAgency.id}`);
    expect(pairs).not.toContain(`${both.id}@${closedAgency.id}`);
    for (const gone of [hiddenPerson, disabled, archived, plainUser])
      expect(entries.map((e) => e.adminId)).not.toContain(gone.id);

    // An inactive adherent takes all its agencies out.
    const { adherent: closing, head: closingHead } = await listedAdherent();
    await t.db.execute(`update adherents set is_active = false where id = ${closing.id}`);
    expect((await entriesOf(await t.buildAdmin({ roleId: 1 }))).map((e) => e.adminId)).not.toContain(closingHead.id);
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 9])('is open to role %i', async (roleId) => {
    const { head } = await listedAdherent();
    const res = await get(await t.buildAdmin({ roleId }), '/agency-adherent-admins');
    expect(res.statusCode).toBe(200);
    expect((res.json() as AgencyAdherentAdminList).agencyAdherentAdmins.map((e) => e.adminId)).toContain(head.id);
  });

  it('is refused to role 8 (spec 00 §6), customers and anonymous callers', async () => {
    const role8 = await get(await t.buildAdmin({ roleId: 8 }), '/agency-adherent-admins');
    expect(role8.statusCode).toBe(403);
    expect(role8.json()).toMatchObject({ code: 'forbidden', message: expect.any(String) });
    expect((await get(await t.buildClient(), '/agency-adherent-admins')).statusCode).toBe(403);
    expect((await get(null, '/agency-adherent-admins')).statusCode).toBe(401);
  });

  it("lets staff, not customers, download a listed person's avatar", async () => {
    const { head } = await listedAdherent();
    const avatarFileId = await t.uploadAs(head, 1, PNG, 'avatar.png');
    await t.db.execute(`update admins set avatar_file_id = ${avatarFileId} where id = ${head.id}`);
    const entry = (await entriesOf(await t.buildAdmin({ roleId: 9 }))).find((e) => e.adminId === head.id);
    expect(entry?.avatarFileId).toBe(avatarFileId);
    expect((await get(await t.buildAdmin({ roleId: 6 }), `/files/${avatarFileId}`)).statusCode).toBe(200);
    expect((await get(await t.buildClient(), `/files/${avatarFileId}`)).statusCode).toBe(404);
    // Anonymous: not found, as any file an anonymous caller may not read.
    expect((await get(null, `/files/${avatarFileId}`)).statusCode).toBe(404);
  });
});

describe('GET /api/network-admins?isForDirectory=true', () => {
  it('lists the network heads not hidden, in display order, with the directory card fields only', async () => {
    const first = await t.buildAdmin({ roleId: 2, regionId: 3, position: 'Délégué Ouest', sortOrder: -20, firstName: 'Yann' });
    const second = await t.buildAdmin({ roleId: 3, regionId: null, sortOrder: -10 });
    const hidden = await t.buildAdmin({ roleId: 2, isHidden: true, sortOrder: -15 });
    const disabled = await t.buildAdmin({ roleId: 2, isActive: false, sortOrder: -15 });

    const res = await get(await t.buildAdmin({ roleId: 9 }), '/network-admins?isForDirectory=true');
    expect(res.statusCode).toBe(200);
    const heads = (res.json() as DirectoryNetworkAdminList).networkAdmins;
    const ids = heads.map((h) => h.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(disabled.id);
    expect(heads.find((h) => h.id === first.id)).toEqual({
      id: first.id,
      firstName: 'Yann',
      lastName: first.lastName,
      position: 'Délégué Ouest',
      phone: null,
      emailAddress: first.emailAddress,
      avatarFileId: null,
      regionId: 3,
      region: 'Ouest',
    });
    expect(heads.find((h) => h.id === second.id)).toMatchObject({ regionId: null, region: null });
    // Adherent accounts are never network heads.
    const director = await t.buildAdmin({ roleId: 4 });
    expect((await headsOf(director)).map((h) => h.id)).not.toContain(director.id);
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 9])('is open to role %i', async (roleId) => {
    expect((await get(await t.buildAdmin({ roleId }), '/network-admins?isForDirectory=true')).statusCode).toBe(200);
  });

  it('is refused to role 8, customers and anonymous callers; the administration list stays its permission’s', async () => {
    expect((await get(await t.buildAdmin({ roleId: 8 }), '/network-admins?isForDirectory=true')).statusCode).toBe(403);
    expect((await get(await t.buildClient(), '/network-admins?isForDirectory=true')).statusCode).toBe(403);
    expect((await get(null, '/network-admins?isForDirectory=true')).statusCode).toBe(401);
    expect((await get(await t.buildAdmin({ roleId: 4 }), '/network-admins')).statusCode).toBe(403);
    expect((await get(await t.buildAdmin({ roleId: 1 }), '/network-admins')).statusCode).toBe(200);
  });

  it('answers 400 validation_failed to a malformed isForDirectory', async () => {
    const res = await get(await t.buildAdmin({ roleId: 1 }), '/network-admins?isForDirectory=oui');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', errors: { isForDirectory: [expect.any(String)] } });
  });
});

describe('OpenAPI', () => {
  it('lists the directory reads', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/agency-adherent-admins', '/network-admins']));
  });
});
