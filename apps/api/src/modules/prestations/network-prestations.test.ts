import type { EquipmentType, NetworkPrestation, NetworkPrestationList } from '@reseau/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller, buildTestApp, type Who } from '../../../test/helper.js';
import { auditLog, files } from '../../db/schema/index.js';

const t = await buildTestApp();

const call = apiCaller(t);

const reasons = (...texts: string[]) => texts.map((reason) => ({ reason }));
/** A valid body; equipment type 6 is used by this file only, so the lists it checks are its own. */
const body = (over: Record<string, unknown> = {}) => ({
  equipmentTypeId: 6,
  prestationTypeId: 1,
  prestationColorId: 2,
  title: 'Entretien annuel',
  subtitle: 'Visite et contrôle',
  details: '<p>Nettoyage <strong>complet</strong></p>',
  argumentation: '<p>Sécurité</p>',
  isMandatory: false,
  isActive: true,
  goodReasonsBlock: null,
  ...over,
});

const network = () => t.buildAdmin({ roleId: 2 });
const director = () => t.buildAdmin({ roleId: 4 });

async function create(who: Who, over: Record<string, unknown> = {}) {
  const res = await call(who, 'POST', '/network-prestations', body(over));
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: number }).id;
}

const fieldErrors = (res: { json: () => unknown }) => (res.json() as { errors: Record<string, string[]> }).errors;

describe('network prestations', () => {
  it('creates, reads, updates and deletes, sanitizing the texts and auditing each write', async () => {
    const admin = await network();
    const id = await create(admin, { details: '<p>ok<script>alert(1)</script></p>', title: '  Entretien  ' });
    const read = await call(admin, 'GET', `/network-prestations/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      id,
      title: 'Entretien',
      details: '<p>ok</p>',
      isMandatory: false,
      agencyNetworkPrestation: null,
    });

    const put = await call(admin, 'PUT', `/network-prestations/${id}`, body({ title: 'Révision', isMandatory: true }));
    expect(put.statusCode).toBe(204);
    expect((await call(admin, 'GET', `/network-prestations/${id}`)).json()).toMatchObject({
      title: 'Révision',
      isMandatory: true,
    });

    expect((await call(admin, 'DELETE', `/network-prestations/${id}`)).statusCode).toBe(204);
    expect((await call(admin, 'GET', `/network-prestations/${id}`)).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `/network-prestations/${id}`)).statusCode).toBe(404);
    const actions = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(actions.map((a) => a.action).filter((a) => a.startsWith('network_prestation'))).toEqual([
      'network_prestation.created',
      'network_prestation.updated',
      'network_prestation.deleted',
    ]);
  });

  it('refuses writes without network_prestation_administration, and every call to staff without either permission', async () => {
    const admin = await network();
    const id = await create(admin);
    const dir = await director();
    expect((await call(dir, 'POST', '/network-prestations', body())).statusCode).toBe(403);
    expect((await call(dir, 'PUT', `/network-prestations/${id}`, body())).statusCode).toBe(403);
    expect((await call(dir, 'DELETE', `/network-prestations/${id}`)).statusCode).toBe(403);
    expect(
      (await call(dir, 'POST', '/network-prestations:reorder', { reorderedPrestationId: id, newPrecedingPrestationId: 0 }))
        .statusCode,
    ).toBe(403);
    const animator = await t.buildAdmin({ roleId: 3 });
    const technician = await t.buildAdmin({ roleId: 6 });
    for (const who of [animator, technician]) {
      for (const url of [
        '/network-prestations',
        `/network-prestations/${id}`,
        '/prestation-colors',
        '/prestation-types',
        '/equipment-types',
        '/brands',
        '/equipment-types/6',
      ])
        expect((await call(who, 'GET', url)).statusCode).toBe(403);
    }
    expect((await call(null, 'GET', '/network-prestations')).statusCode).toBe(401);
    const client = await t.buildClient();
    expect((await call(client, 'GET', '/network-prestations')).statusCode).toBe(403);
  });

  it('shows agency staff only the active network prestations', async () => {
    const admin = await network();
    const off = await create(admin, { isActive: false });
    const dir = await director();
    expect((await call(dir, 'GET', `/network-prestations/${off}`)).statusCode).toBe(404);
    const list = (await call(dir, 'GET', '/network-prestations')).json() as NetworkPrestationList;
    expect(list.networkPrestations.some((p) => p.id === off)).toBe(false);
    const all = (await call(admin, 'GET', '/network-prestations')).json() as NetworkPrestationList;
    expect(all.networkPrestations.some((p) => p.id === off)).toBe(true);
  });

  it('names each bad field', async () => {
    const admin = await network();
    const res = await call(admin, 'POST', '/network-prestations', body({ title: '', details: '<p></p>', prestationTypeId: 'x' }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(fieldErrors(res)).sort()).toEqual(['details', 'prestationTypeId', 'title']);
    const unknown = await call(admin, 'POST', '/network-prestations', body({ equipmentTypeId: 999, prestationColorId: 999 }));
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(fieldErrors(unknown)).sort()).toEqual(['equipmentTypeId', 'prestationColorId']);
    expect((await call(admin, 'PUT', '/network-prestations/999999', body())).statusCode).toBe(404);
  });

  it('refuses a text that the sanitizer empties (only a script, only an outside image)', async () => {
    const admin = await network();
    const res = await call(
      admin,
      'POST',
      '/network-prestations',
      body({ details: '<script>alert("x")</script>', argumentation: '<p><img src="https://example.com/x.png"></p>' }),
    );
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toEqual({ details: ['Veuillez remplir ce champ'], argumentation: ['Veuillez remplir ce champ'] });
    const id = await create(admin);
    const put = await call(admin, 'PUT', `/network-prestations/${id}`, body({ details: '<style>p{}</style>' }));
    expect(put.statusCode).toBe(400);
    expect(fieldErrors(put)).toEqual({ details: ['Veuillez remplir ce champ'] });
    expect((await call(admin, 'GET', `/network-prestations/${id}`)).json()).toMatchObject({ details: body().details });
  });

  it('applies the good-reasons rules: five reasons, an intro when anything is filled, every reason with an intro', async () => {
    const admin = await network();
    const four = await call(
      admin,
      'POST',
      '/network-prestations',
      body({ goodReasonsBlock: { intro: 'a', illustrationFileId: null, goodReasons: reasons('1', '2', '3', '4') } }),
    );
    expect(fieldErrors(four)['goodReasonsBlock.goodReasons']).toEqual(['Les bonnes raisons doivent être au nombre de 5']);
    const noIntro = await call(
      admin,
      'POST',
      '/network-prestations',
      body({ goodReasonsBlock: { intro: '', illustrationFileId: null, goodReasons: reasons('1', '', '', '', '') } }),
    );
    expect(fieldErrors(noIntro)['goodReasonsBlock.intro']).toEqual(['Veuillez saisir une introduction pour les bonnes raisons']);
    const holes = await call(
      admin,
      'POST',
      '/network-prestations',
      body({ goodReasonsBlock: { intro: 'Pourquoi', illustrationFileId: null, goodReasons: reasons('1', '', '3', '4', '') } }),
    );
    expect(Object.keys(fieldErrors(holes)).sort()).toEqual([
      'goodReasonsBlock.goodReasons.1.reason',
      'goodReasonsBlock.goodReasons.4.reason',
    ]);
    const empty = { intro: '', illustrationFileId: null, goodReasons: reasons('', '', '', '', '') };
    const id = await create(admin, { goodReasonsBlock: empty });
    expect(((await call(admin, 'GET', `/network-prestations/${id}`)).json() as NetworkPrestation).goodReasonsBlock).toEqual(
      empty,
    );
  });

  it('refuses an illustration the writer may not read, keeps one they uploaded', async () => {
    const admin = await network();
    const other = await network();
    const [image] = await t.db
      .insert(files)
      .values({
        fileName: 'a.png',
        mimeType: 'image/png',
        size: 10,
        storageKey: `k-${Date.now()}`,
        typeId: 9,
        uploadedByAdminId: other.id,
      })
      .returning();
    const block = { intro: 'Pourquoi', illustrationFileId: image!.id, goodReasons: reasons('1', '2', '3', '4', '5') };
    const refused = await call(admin, 'POST', '/network-prestations', body({ goodReasonsBlock: block }));
    expect(fieldErrors(refused)['goodReasonsBlock.illustrationFileId']).toBeDefined();
    const id = await create(other, { goodReasonsBlock: block });
    expect(
      ((await call(admin, 'GET', `/network-prestations/${id}`)).json() as NetworkPrestation).goodReasonsBlock?.illustrationFileId,
    ).toBe(image!.id);
  });

  it('reorders within the equipment type, concurrent moves applied one after the other', async () => {
    const admin = await network();
    const view = async () =>
      ((await call(admin, 'GET', '/equipment-types/6')).json() as EquipmentType).networkPrestations.map((p) => p.id);
    const before = await view();
    const a = await create(admin);
    const b = await create(admin);
    const c = await create(admin);
    expect(await view()).toEqual([...before, a, b, c]);
    const reorder = (moved: number, preceding: number) =>
      call(admin, 'POST', '/network-prestations:reorder', { reorderedPrestationId: moved, newPrecedingPrestationId: preceding });
    expect((await reorder(c, 0)).statusCode).toBe(204);
    expect(await view()).toEqual([c, ...before, a, b]);
    const [first, second] = await Promise.all([reorder(a, 0), reorder(b, 0)]);
    expect([first.statusCode, second.statusCode]).toEqual([204, 204]);
    const after = await view();
    expect(after.slice(0, 2).sort()).toEqual([a, b].sort());
    expect(after).toHaveLength(before.length + 3);
    const elsewhere = await create(admin, { equipmentTypeId: 5 });
    const bad = await reorder(a, elsewhere);
    expect(bad.statusCode).toBe(400);
    expect(fieldErrors(bad).newPrecedingPrestationId).toBeDefined();
    expect((await reorder(999999, 0)).statusCode).toBe(404);
  });

  it('lists the lookups', async () => {
    const dir = await director();
    expect((await call(dir, 'GET', '/prestation-types')).json()).toEqual({
      prestationTypes: [
        { id: 1, code: 'SAV' },
        { id: 2, code: 'INSTALLATION' },
        { id: 3, code: 'CONSEIL' },
      ],
    });
    expect(
      ((await call(dir, 'GET', '/prestation-colors')).json() as { prestationColors: unknown[] }).prestationColors,
    ).toHaveLength(5);
    expect(
      ((await call(dir, 'GET', '/equipment-types')).json() as { equipmentTypes: { id: number }[] }).equipmentTypes.map(
        (e) => e.id,
      ),
    ).toEqual([1, 2, 3, 4, 5, 6]);
    expect(((await call(dir, 'GET', '/brands')).json() as { brands: unknown[] }).brands.length).toBeGreaterThan(0);
  });
});
