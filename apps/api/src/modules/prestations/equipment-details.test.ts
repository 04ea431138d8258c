import type { EquipmentType, EquipmentTypeDetail } from '@reseau/contracts';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';

const t = await buildTestApp();
type Who = Parameters<typeof t.authHeader>[0];

async function call(who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url: `/api${url}`, headers: await t.authHeader(who), ...(payload ? { payload } : {}) });
}
const fieldErrors = (res: { json: () => unknown }) => (res.json() as { errors: Record<string, string[]> }).errors;
const args = (...texts: string[]) => texts.map((argument) => ({ argument }));
const block = (over: Record<string, unknown> = {}) => ({
  equipmentTypeId: 4,
  prestationTypeId: 2,
  title: 'L’installation',
  prestationsTitle: 'Nos poses',
  arguments: args('Rapide', 'Propre', 'Garantie', 'Local'),
  ...over,
});

describe('equipment texts', () => {
  it('an agency user saves their agency block, created once then updated, and sees it beside the network one', async () => {
    const director = await t.buildAdmin({ roleId: 4 });
    const agencyId = director.agencyIds[0]!;
    const first = await call(director, 'POST', '/equipment-types-details', block({ agencyId }));
    expect(first.statusCode).toBe(201);
    const saved = first.json() as EquipmentTypeDetail;
    expect(saved).toMatchObject({ agencyId, equipmentTypeId: 4, prestationTypeId: 2, title: 'L’installation' });
    const again = await call(director, 'POST', '/equipment-types-details', block({ agencyId, title: 'Pose' }));
    expect((again.json() as EquipmentTypeDetail).id).toBe(saved.id);
    const put = await call(director, 'PUT', `/equipment-types-details/${saved.id}`, block({ agencyId, title: 'Pose soignée' }));
    expect(put.json()).toMatchObject({ id: saved.id, title: 'Pose soignée' });
    const view = (await call(director, 'GET', `/equipment-types/4?agencyId=${agencyId}`)).json() as EquipmentType;
    expect(view.details.filter((d) => d.agencyId === agencyId).map((d) => d.title)).toEqual(['Pose soignée']);
  });

  it('keeps the network texts to network staff and agency texts to their agency', async () => {
    const director = await t.buildAdmin({ roleId: 4 });
    const other = await t.buildAdmin({ roleId: 4 });
    expect((await call(director, 'POST', '/equipment-types-details', block({ agencyId: null }))).statusCode).toBe(403);
    expect((await call(director, 'POST', '/equipment-types-details', block({ agencyId: other.agencyIds[0] }))).statusCode).toBe(
      403,
    );
    const theirs = (
      await call(other, 'POST', '/equipment-types-details', block({ agencyId: other.agencyIds[0] }))
    ).json() as EquipmentTypeDetail;
    expect(
      (await call(director, 'PUT', `/equipment-types-details/${theirs.id}`, block({ agencyId: director.agencyIds[0] })))
        .statusCode,
    ).toBe(404);
    const technician = await t.buildAdmin({ roleId: 6 });
    expect(
      (await call(technician, 'POST', '/equipment-types-details', block({ agencyId: technician.agencyIds[0] }))).statusCode,
    ).toBe(403);
    const network = await t.buildAdmin({ roleId: 2 });
    const saved = await call(network, 'POST', '/equipment-types-details', block({ agencyId: null, prestationTypeId: 3 }));
    expect(saved.statusCode).toBe(201);
    expect((saved.json() as EquipmentTypeDetail).agencyId).toBeNull();
  });

  it('names each bad field', async () => {
    const network = await t.buildAdmin({ roleId: 1 });
    const res = await call(network, 'POST', '/equipment-types-details', block({ title: '', arguments: args('a', 'b') }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(fieldErrors(res)).sort()).toEqual(['arguments', 'title']);
    const unknown = await call(network, 'POST', '/equipment-types-details', block({ equipmentTypeId: 999 }));
    expect(Object.keys(fieldErrors(unknown))).toEqual(['equipmentTypeId']);
  });
});
