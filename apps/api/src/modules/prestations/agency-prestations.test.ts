import type { AgencyPrestation, EquipmentType } from '@reseau/contracts';
import { describe, expect, it } from 'vitest';
import { apiCaller, buildTestApp } from '../../../test/helper.js';

const t = await buildTestApp();

const call = apiCaller(t);
const fieldErrors = (res: { json: () => unknown }) => (res.json() as { errors: Record<string, string[]> }).errors;

const texts = {
  equipmentTypeId: 3,
  prestationTypeId: 2,
  title: 'Pose de pompe',
  subtitle: 'Installation clé en main',
  details: '<p>Pose</p>',
  argumentation: '<p>Économies</p>',
  isActive: true,
  goodReasonsBlock: null,
};
const agencyBody = (agencyId: number, over: Record<string, unknown> = {}) => ({
  ...texts,
  prestationColorId: 4,
  agencyId,
  price: 120.5,
  ...over,
});

async function director() {
  const admin = await t.buildAdmin({ roleId: 4 });
  return { admin, agencyId: admin.agencyIds[0]! };
}
async function networkPrestation(over: Record<string, unknown> = {}) {
  const admin = await t.buildAdmin({ roleId: 1 });
  const res = await call(admin, 'POST', '/network-prestations', { ...texts, prestationColorId: 1, isMandatory: false, ...over });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: number }).id;
}

describe('agency prestations', () => {
  it('an agency user creates, reads, updates, lists and deletes their own, the colour forced to 4 and the price kept in cents', async () => {
    const { admin, agencyId } = await director();
    const res = await call(admin, 'POST', '/agency-prestations', agencyBody(agencyId, { prestationColorId: 1 }));
    expect(res.statusCode).toBe(201);
    const id = (res.json() as { id: number }).id;
    const read = (await call(admin, 'GET', `/agency-prestations/${id}`)).json() as AgencyPrestation;
    expect(read).toMatchObject({ id, agencyId, prestationColorId: 4, price: 120.5, title: 'Pose de pompe' });

    expect(
      (await call(admin, 'PUT', `/agency-prestations/${id}`, agencyBody(agencyId, { price: 99.99, prestationColorId: 2 })))
        .statusCode,
    ).toBe(204);
    expect((await call(admin, 'GET', `/agency-prestations/${id}`)).json()).toMatchObject({ price: 99.99, prestationColorId: 4 });
    const list = (await call(admin, 'GET', `/all-agency-prestations?agencyId=${agencyId}`)).json() as {
      agencyPrestations: AgencyPrestation[];
    };
    expect(list.agencyPrestations.map((p) => p.id)).toEqual([id]);

    expect((await call(admin, 'DELETE', `/agency-prestations/${id}`)).statusCode).toBe(204);
    expect((await call(admin, 'GET', `/agency-prestations/${id}`)).statusCode).toBe(404);
  });

  it('keeps other agencies out: their rows are not found, their agencyId is forbidden', async () => {
    const mine = await director();
    const theirs = await director();
    const created = await call(theirs.admin, 'POST', '/agency-prestations', agencyBody(theirs.agencyId));
    const id = (created.json() as { id: number }).id;
    expect((await call(mine.admin, 'GET', `/agency-prestations/${id}`)).statusCode).toBe(404);
    expect((await call(mine.admin, 'PUT', `/agency-prestations/${id}`, agencyBody(mine.agencyId))).statusCode).toBe(404);
    expect((await call(mine.admin, 'PUT', `/agency-prestations/${id}`, agencyBody(theirs.agencyId))).statusCode).toBe(403);
    expect((await call(mine.admin, 'DELETE', `/agency-prestations/${id}`)).statusCode).toBe(404);
    expect((await call(mine.admin, 'POST', '/agency-prestations', agencyBody(theirs.agencyId))).statusCode).toBe(403);
    expect((await call(mine.admin, 'GET', `/all-agency-prestations?agencyId=${theirs.agencyId}`)).statusCode).toBe(403);
    expect((await call(mine.admin, 'GET', `/equipment-types/3?agencyId=${theirs.agencyId}`)).statusCode).toBe(403);
    expect(
      (await call(mine.admin, 'POST', '/agency-prestations:reorder', { reorderedPrestationId: id, newPrecedingPrestationId: 0 }))
        .statusCode,
    ).toBe(404);
    const technician = await t.buildAdmin({ roleId: 6, agencyIds: [mine.agencyId] });
    expect((await call(technician, 'POST', '/agency-prestations', agencyBody(mine.agencyId))).statusCode).toBe(403);
    expect((await call(technician, 'GET', `/all-agency-prestations?agencyId=${mine.agencyId}`)).statusCode).toBe(403);
    // A network admin acts for every agency.
    const networkAdmin = await t.buildAdmin({ roleId: 2 });
    expect((await call(networkAdmin, 'GET', `/agency-prestations/${id}`)).statusCode).toBe(200);
  });

  it('names each bad field, the price included', async () => {
    const { admin, agencyId } = await director();
    const res = await call(
      admin,
      'POST',
      '/agency-prestations',
      agencyBody(agencyId, { price: -1, subtitle: '', argumentation: '<p> </p>' }),
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(fieldErrors(res)).sort()).toEqual(['argumentation', 'price', 'subtitle']);
    const cents = await call(admin, 'POST', '/agency-prestations', agencyBody(agencyId, { price: 1.234 }));
    expect(fieldErrors(cents).price).toEqual(['Deux décimales au plus']);
    const missing = await call(admin, 'POST', '/agency-prestations', { ...agencyBody(agencyId), price: undefined });
    expect(fieldErrors(missing).price).toEqual(['Veuillez remplir ce champ']);
  });

  it('reorders within the agency and equipment type', async () => {
    const { admin, agencyId } = await director();
    const ids: number[] = [];
    for (const title of ['A', 'B', 'C']) {
      const res = await call(admin, 'POST', '/agency-prestations', agencyBody(agencyId, { title }));
      ids.push((res.json() as { id: number }).id);
    }
    const reorder = await call(admin, 'POST', '/agency-prestations:reorder', {
      reorderedPrestationId: ids[2],
      newPrecedingPrestationId: 0,
    });
    expect(reorder.statusCode).toBe(204);
    const view = (await call(admin, 'GET', `/equipment-types/3?agencyId=${agencyId}`)).json() as EquipmentType;
    expect(view.agencyPrestations.map((p) => p.title)).toEqual(['C', 'A', 'B']);
  });
});

describe('agency settings for network prestations', () => {
  it('records the first price, then updates it; the agency view shows it', async () => {
    const networkId = await networkPrestation();
    const { admin, agencyId } = await director();
    const first = await call(admin, 'POST', '/agency-network-prestations', {
      agencyId,
      networkPrestationId: networkId,
      price: 80,
    });
    expect(first.statusCode).toBe(201);
    const record = first.json() as { id: number };
    expect(record).toMatchObject({ agencyId, networkPrestationId: networkId, price: 80, isActive: true });
    const put = await call(admin, 'PUT', `/agency-network-prestations/${record.id}`, { price: 85.5, isActive: false });
    expect(put.json()).toMatchObject({ id: record.id, price: 85.5, isActive: false });
    const view = (await call(admin, 'GET', `/equipment-types/3?agencyId=${agencyId}`)).json() as EquipmentType;
    expect(view.networkPrestations.find((p) => p.id === networkId)?.agencyNetworkPrestation).toEqual({
      id: record.id,
      price: 85.5,
      isActive: false,
    });
    // Agency staff must say which agency they look at.
    expect((await call(admin, 'GET', '/equipment-types/3')).statusCode).toBe(400);
  });

  it('makes one record when two first entries race', async () => {
    const networkId = await networkPrestation();
    const { admin, agencyId } = await director();
    const [a, b] = await Promise.all([
      call(admin, 'POST', '/agency-network-prestations', { agencyId, networkPrestationId: networkId, price: 10 }),
      call(admin, 'POST', '/agency-network-prestations', {
        agencyId,
        networkPrestationId: networkId,
        isActive: false,
        price: null,
      }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect((a.json() as { id: number }).id).toBe((b.json() as { id: number }).id);
  });

  it('refuses to switch off a mandatory network prestation, but takes its price', async () => {
    const networkId = await networkPrestation({ isMandatory: true });
    const { admin, agencyId } = await director();
    const off = await call(admin, 'POST', '/agency-network-prestations', {
      agencyId,
      networkPrestationId: networkId,
      isActive: false,
    });
    expect(fieldErrors(off).isActive).toEqual(['Une prestation obligatoire du réseau ne peut pas être désactivée']);
    const priced = await call(admin, 'POST', '/agency-network-prestations', {
      agencyId,
      networkPrestationId: networkId,
      price: 50,
    });
    expect(priced.statusCode).toBe(201);
    const id = (priced.json() as { id: number }).id;
    const offLater = await call(admin, 'PUT', `/agency-network-prestations/${id}`, { price: 50, isActive: false });
    expect(offLater.statusCode).toBe(400);
  });

  it('keeps other agencies out and checks the ids', async () => {
    const networkId = await networkPrestation();
    const mine = await director();
    const theirs = await director();
    const theirRecord = await call(theirs.admin, 'POST', '/agency-network-prestations', {
      agencyId: theirs.agencyId,
      networkPrestationId: networkId,
      price: 1,
    });
    const id = (theirRecord.json() as { id: number }).id;
    expect((await call(mine.admin, 'PUT', `/agency-network-prestations/${id}`, { price: 2, isActive: true })).statusCode).toBe(
      404,
    );
    expect(
      (
        await call(mine.admin, 'POST', '/agency-network-prestations', {
          agencyId: theirs.agencyId,
          networkPrestationId: networkId,
          price: 2,
        })
      ).statusCode,
    ).toBe(403);
    const unknown = await call(mine.admin, 'POST', '/agency-network-prestations', {
      agencyId: mine.agencyId,
      networkPrestationId: 999999,
    });
    expect(Object.keys(fieldErrors(unknown))).toEqual(['networkPrestationId']);
    const animator = await t.buildAdmin({ roleId: 3 });
    expect((await call(animator, 'PUT', `/agency-network-prestations/${id}`, { price: 2, isActive: true })).statusCode).toBe(403);
  });
});
