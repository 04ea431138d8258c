import type { MapAdherent, MapAdherentList } from '@reseau/contracts';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';

const t = await buildTestApp();

type Who = Parameters<typeof t.authHeader>[0];

async function get(who: Who | null, url: string) {
  return t.app.inject({ method: 'GET', url: `/api${url}`, headers: who ? await t.authHeader(who) : {} });
}
const placed = { latitude: 50.6292, longitude: 3.0573 };
const mapOf = async (who: Who) => ((await get(who, '/adherents?isForMap=true')).json() as MapAdherentList).adherents;
const find = (list: MapAdherent[], id: number) => list.find((a) => a.id === id);

describe('GET /api/adherents?isForMap=true', () => {
  it('lists each adherent with its placed agencies and the one admin shown on the map', async () => {
    const adherent = await t.buildAdherent({ name: 'Adhérent carte', regionId: 3 });
    const lille = await t.buildAgency({
      adherentId: adherent.id,
      name: 'B Lille',
      city: 'Lille',
      postalCode: '59000',
      address1: '45 rue Nationale',
      activities: ['GAZ', 'PAC'],
      jobType: 'CustomerServiceAndInstall',
      employeeAmount: 11,
      salesFigures: 1000,
      enteredNetworkAt: 2012,
      ...placed,
    });
    const arras = await t.buildAgency({ adherentId: adherent.id, name: 'A Arras', latitude: 50.29, longitude: 2.78 });
    await t.buildAgency({ adherentId: adherent.id, name: 'Sans coordonnées' });
    await t.buildAgency({ adherentId: adherent.id, name: 'Masquée', hideFromMap: true, ...placed });
    await t.buildAgency({ adherentId: adherent.id, name: 'Fermée', isActive: false, ...placed });
    const shown = await t.buildAdmin({
      roleId: 4,
      adherentId: adherent.id,
      agencyIds: [lille.id],
      isAdherentAdmin: true,
      doNotShowOnMap: false,
      firstName: 'Olivier',
      lastName: 'Vasseur',
      position: 'Gérant',
      phone: '03 20 54 18 72',
      cooperativeRoles: ['President'],
    });
    await t.buildAdmin({
      roleId: 4,
      adherentId: adherent.id,
      agencyIds: [arras.id],
      isAdherentAdmin: true,
      doNotShowOnMap: true,
      cooperativeRoles: ['ITCommission', 'President'],
    });
    // Marked hidden from the directory: its cooperative roles do not make the adherent match.
    await t.buildAdmin({
      roleId: 4,
      adherentId: adherent.id,
      agencyIds: [arras.id],
      isAdherentAdmin: true,
      isHidden: true,
      cooperativeRoles: ['CSRCommission'],
    });
    await t.buildAdmin({ roleId: 9, adherentId: adherent.id, agencyIds: [arras.id] });

    const res = await get(await t.buildAdmin({ roleId: 6 }), '/adherents?isForMap=true');
    expect(res.statusCode).toBe(200);
    const entry = find((res.json() as MapAdherentList).adherents, adherent.id);
    expect(entry).toEqual({
      id: adherent.id,
      name: 'Adhérent carte',
      regionId: 3,
      admin: {
        id: shown.id,
        firstName: 'Olivier',
        lastName: 'Vasseur',
        position: 'Gérant',
        phone: '03 20 54 18 72',
        emailAddress: shown.emailAddress,
        avatarFileId: null,
      },
      cooperativeRoles: ['ITCommission', 'President'],
      agencies: [
        {
          id: arras.id,
          name: 'A Arras',
          address1: null,
          postalCode: '69003',
          city: 'Lyon',
          latitude: 50.29,
          longitude: 2.78,
          activities: [],
          jobType: null,
          employeeAmount: null,
          salesFigures: null,
          enteredNetworkAt: null,
        },
        {
          id: lille.id,
          name: 'B Lille',
          address1: '45 rue Nationale',
          postalCode: '59000',
          city: 'Lille',
          ...placed,
          activities: ['GAZ', 'PAC'],
          jobType: 'CustomerServiceAndInstall',
          employeeAmount: 11,
          salesFigures: 1000,
          enteredNetworkAt: 2012,
        },
      ],
    });
  });

  it('leaves out adherents with nothing to place and inactive adherents; admin is null when none is shown', async () => {
    const unplaced = await t.buildAdherent();
    await t.buildAgency({ adherentId: unplaced.id });
    const inactive = await t.buildAdherent({ isActive: false });
    await t.buildAgency({ adherentId: inactive.id, ...placed });
    const noAdmin = await t.buildAdherent();
    await t.buildAgency({ adherentId: noAdmin.id, ...placed });
    const hiddenAdmin = await t.buildAdherent();
    const agency = await t.buildAgency({ adherentId: hiddenAdmin.id, ...placed });
    await t.buildAdmin({
      roleId: 4,
      adherentId: hiddenAdmin.id,
      agencyIds: [agency.id],
      isAdherentAdmin: true,
      doNotShowOnMap: false,
      isActive: false,
    });

    const list = await mapOf(await t.buildAdmin({ roleId: 1 }));
    expect(find(list, unplaced.id)).toBeUndefined();
    expect(find(list, inactive.id)).toBeUndefined();
    expect(find(list, noAdmin.id)?.admin).toBeNull();
    expect(find(list, hiddenAdmin.id)?.admin).toBeNull();
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 9])('is open to role %i, whatever its adherent', async (roleId) => {
    const adherent = await t.buildAdherent();
    await t.buildAgency({ adherentId: adherent.id, ...placed });
    expect(find(await mapOf(await t.buildAdmin({ roleId })), adherent.id)).toBeDefined();
  });

  it('refuses role 8 (no member directory) and a customer with 403, an anonymous caller with 401', async () => {
    const role8 = await get(await t.buildAdmin({ roleId: 8 }), '/adherents?isForMap=true');
    expect(role8.statusCode).toBe(403);
    expect(role8.json().code).toBe('forbidden');
    expect((await get(await t.buildClient(), '/adherents?isForMap=true')).statusCode).toBe(403);
    expect((await get(null, '/adherents?isForMap=true')).statusCode).toBe(401);
  });

  it('answers 400 validation_failed to a malformed isForMap', async () => {
    const res = await get(await t.buildAdmin({ roleId: 1 }), '/adherents?isForMap=1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', errors: { isForMap: [expect.any(String)] } });
  });
});
