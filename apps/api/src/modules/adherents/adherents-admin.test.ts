import type { AdherentPage, AgencyAdherent } from '@reseau/contracts';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { REGIONS } from '../../db/seed/reference.js';

const t = await buildTestApp();

type Who = Parameters<typeof t.authHeader>[0];

async function call(who: Who | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url: `/api${url}`, payload, headers: who ? await t.authHeader(who) : {} });
}
const network = () => t.buildAdmin({ roleId: 2 });
const tag = () => `Z${Math.random().toString(36).slice(2, 10)}`;

describe('GET /api/adherents (administration list)', () => {
  it('searches the name case-insensitively, filters by region and sorts alphabetically, 100 a page', async () => {
    const word = tag();
    await t.buildAdherent({ name: `Beta ${word} Énergie`, regionId: 2 });
    await t.buildAdherent({ name: `alpha ${word.toLowerCase()}`, regionId: 2 });
    await t.buildAdherent({ name: `Gamma ${word}`, regionId: 3 });
    await t.buildAdherent({ name: 'Sans rapport', regionId: 2 });

    const all = await call(await network(), 'GET', `/adherents?search=${word.toUpperCase()}`);
    expect(all.statusCode).toBe(200);
    const body = all.json() as AdherentPage;
    expect(body.adherents.map((a) => a.name)).toEqual([`alpha ${word.toLowerCase()}`, `Beta ${word} Énergie`, `Gamma ${word}`]);
    expect(body.adherents[0]!.region).toEqual({ id: 2, name: REGIONS[1]!.name });
    expect(body.pageCount).toBe(1);

    const centre = (await call(await network(), 'GET', `/adherents?search=${word}&regionId=2`)).json() as AdherentPage;
    expect(centre.adherents.map((a) => a.regionId)).toEqual([2, 2]);
  });

  it('pages by 100 by default and reads % in the search as text', async () => {
    const word = tag();
    for (let i = 0; i < 3; i++) await t.buildAdherent({ name: `${word} ${i}` });
    const page = (await call(await network(), 'GET', `/adherents?search=${word}&pageSize=2&pageNumber=2`)).json() as AdherentPage;
    expect(page).toMatchObject({ pageCount: 2, adherents: [{ name: `${word} 2` }] });
    const all = (await call(await network(), 'GET', '/adherents')).json() as AdherentPage;
    expect(all.adherents.length).toBeLessThanOrEqual(100);
    expect(((await call(await network(), 'GET', '/adherents?search=%25')).json() as AdherentPage).adherents).toEqual([]);
  });

  it.each([3, 4, 7, 9])('refuses role %i (no adherents_administration) with 403', async (roleId) => {
    const res = await call(await t.buildAdmin({ roleId }), 'GET', '/adherents');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it('answers 401 without a token and 400 to a bad region', async () => {
    expect((await call(null, 'GET', '/adherents')).statusCode).toBe(401);
    const res = await call(await network(), 'GET', '/adherents?regionId=abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.regionId).toBeDefined();
  });
});

describe('POST and PUT /api/adherents, GET /api/adherents/{id}', () => {
  it('creates, reads and updates an adherent', async () => {
    const admin = await network();
    const created = await call(admin, 'POST', '/adherents', { name: '  Chauffage Dupont  ', regionId: 4 });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expect(created.json()).toMatchObject({ name: 'Chauffage Dupont', regionId: 4, isActive: true });

    const updated = await call(admin, 'PUT', `/adherents/${id}`, { name: 'Chauffage Dupont & Fils', regionId: 5 });
    expect(updated.statusCode).toBe(200);
    const read = await call(admin, 'GET', `/adherents/${id}`);
    expect(read.json()).toMatchObject({ id, name: 'Chauffage Dupont & Fils', region: { id: 5 } });
  });

  it('refuses an empty name, a missing or unknown region with per-field French messages', async () => {
    const admin = await network();
    const empty = await call(admin, 'POST', '/adherents', { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'validation_failed',
      errors: { name: ['Veuillez remplir ce champ'], regionId: ['Veuillez remplir ce champ'] },
    });
    const unknown = await call(admin, 'POST', '/adherents', { name: 'X', regionId: 999 });
    expect(unknown.json()).toMatchObject({ code: 'validation_failed', errors: { regionId: ['Cette région n’existe pas.'] } });
  });

  it('refuses writes and reads to roles without adherents_administration; 404 for an unknown id', async () => {
    const adherent = await t.buildAdherent();
    for (const roleId of [3, 4, 7]) {
      const who = await t.buildAdmin({ roleId, ...(roleId > 3 ? { adherentId: adherent.id } : {}) });
      expect((await call(who, 'POST', '/adherents', { name: 'X', regionId: 1 })).statusCode).toBe(403);
      expect((await call(who, 'PUT', `/adherents/${adherent.id}`, { name: 'X', regionId: 1 })).statusCode).toBe(403);
      expect((await call(who, 'GET', `/adherents/${adherent.id}`)).statusCode).toBe(403);
    }
    expect((await call(await network(), 'GET', '/adherents/999999')).statusCode).toBe(404);
    expect((await call(await network(), 'PUT', '/adherents/999999', { name: 'X', regionId: 1 })).statusCode).toBe(404);
  });
});

describe('GET /api/regions and /api/all-agency-adherents', () => {
  it('lists the regions by name for any staff user', async () => {
    const res = await call(await t.buildAdmin({ roleId: 9 }), 'GET', '/regions');
    expect(res.statusCode).toBe(200);
    expect(res.json().regions).toEqual([...REGIONS].sort((a, b) => a.name.localeCompare(b.name)));
    expect((await call(await t.buildClient(), 'GET', '/regions')).statusCode).toBe(403);
  });

  it('gives network admins every adherent with its agencies, an adherent manager only their own', async () => {
    const mine = await t.buildAdherent({ name: `${tag()} mien` });
    const other = await t.buildAdherent();
    const agency = await t.buildAgency({ adherentId: mine.id, name: 'Agence B' });
    const closed = await t.buildAgency({ adherentId: mine.id, name: 'Agence A', isActive: false });

    const all = (await call(await network(), 'GET', '/all-agency-adherents')).json().adherents as AgencyAdherent[];
    expect(all.find((a) => a.id === mine.id)?.agencies).toEqual([
      { id: closed.id, name: 'Agence A', isActive: false },
      { id: agency.id, name: 'Agence B', isActive: true },
    ]);
    expect(all.some((a) => a.id === other.id)).toBe(true);

    const director = await t.buildAdmin({ roleId: 4, adherentId: mine.id, agencyIds: [agency.id] });
    const own = (await call(director, 'GET', '/all-agency-adherents')).json().adherents as AgencyAdherent[];
    expect(own.map((a) => a.id)).toEqual([mine.id]);
  });

  it('orders by name both ways and filters by region, a part of the name and an active agency (spec 00 §7)', async () => {
    const prefix = tag();
    const north = await t.buildAdherent({ name: `${prefix} Alpha`, regionId: 1 });
    const west = await t.buildAdherent({ name: `${prefix} Bravo`, regionId: 3 });
    const closed = await t.buildAdherent({ name: `${prefix} Charlie`, regionId: 1 });
    await t.buildAgency({ adherentId: north.id });
    await t.buildAgency({ adherentId: west.id });
    await t.buildAgency({ adherentId: closed.id, isActive: false });
    const admin = await network();
    const ids = async (query: string) =>
      (
        (await call(admin, 'GET', `/all-agency-adherents?search=${encodeURIComponent(prefix)}${query}`)).json()
          .adherents as AgencyAdherent[]
      ).map((a) => a.id);
    expect(await ids('')).toEqual([north.id, west.id, closed.id]);
    expect(await ids('&orderByAsc=true')).toEqual([north.id, west.id, closed.id]);
    expect(await ids('&orderByAsc=false')).toEqual([closed.id, west.id, north.id]);
    expect(await ids('&regionId=1')).toEqual([north.id, closed.id]);
    expect(await ids('&hasActiveAgency=true')).toEqual([north.id, west.id]);
    expect(await ids('&hasActiveAgency=false')).toEqual([closed.id]);
    const bad = await call(admin, 'GET', '/all-agency-adherents?orderByAsc=peut-etre&regionId=x');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['orderByAsc', 'regionId']);
  });

  it('refuses roles without adherent or user administration', async () => {
    for (const roleId of [3, 5, 6, 8, 9]) {
      expect((await call(await t.buildAdmin({ roleId }), 'GET', '/all-agency-adherents')).statusCode).toBe(403);
    }
  });
});
