import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { documentFixtures, PDF, PNG } from './test-fixtures.js';

const t = await buildTestApp();
const { category, item, call } = documentFixtures(t);
const ids = (res: { json: () => unknown }) =>
  (res.json() as { documentBaseItems: { id: number }[] }).documentBaseItems.map((d) => d.id);

describe('GET /api/document-bases', () => {
  it('answers only the bases the caller reads: permission, region, network roles everywhere', async () => {
    const cases: [object, number[]][] = [
      [{ roleId: 1, regionId: 2 }, [1, 2, 3, 4, 5, 6, 7]],
      [{ roleId: 3, regionId: 1 }, [1, 2, 3, 4, 5, 6, 7]],
      [{ roleId: 9, regionId: 1 }, [1, 3]],
      [{ roleId: 4, regionId: 4 }, [1, 6]],
      [{ roleId: 4, regionId: null }, [1]],
      [{ roleId: 5, regionId: 1 }, [1]],
      [{ roleId: 6, regionId: 1 }, [1]],
      [{ roleId: 8, regionId: 1 }, [1]],
    ];
    for (const [values, expected] of cases) {
      const who = await t.buildAdmin(values as { roleId: number });
      const res = await call(who, 'GET', '/document-bases');
      expect(res.statusCode).toBe(200);
      expect(
        res.json().documentBases.map((b: { id: number }) => b.id),
        JSON.stringify(values),
      ).toEqual(expected);
    }
    const one = await call(await t.buildAdmin({ roleId: 9, regionId: 1 }), 'GET', '/document-bases');
    expect(one.json().documentBases[1]).toEqual({ id: 3, name: 'Base documentaire Nord', regionId: 1 });
  });

  it('refuses a customer with 403 and an anonymous caller with 401', async () => {
    expect((await call(await t.buildClient(), 'GET', '/document-bases')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/document-bases' })).statusCode).toBe(401);
  });
});

describe('GET /api/document-base-item-categories and /api/document-base-item-types', () => {
  it("lists a readable base's categories and a category's types by name", async () => {
    const reader = await t.buildAdmin({ roleId: 9, regionId: 1 });
    const cat = await category(3, ['Procès-verbal', 'Compte rendu']);
    const res = await call(reader, 'GET', '/document-base-item-categories?documentBaseId=3');
    expect(res.statusCode).toBe(200);
    expect(res.json().documentBaseItemCategories).toContainEqual({ id: cat.id, name: cat.name });
    const types = await call(reader, 'GET', `/document-base-item-types?categoryId=${cat.id}`);
    expect(types.json()).toEqual({
      documentBaseItemTypes: [
        { id: cat.types[1]!.id, name: 'Compte rendu' },
        { id: cat.types[0]!.id, name: 'Procès-verbal' },
      ],
    });
  });

  it('answers 404 for a base or a category the caller does not read, 400 without the id, 403 to a customer', async () => {
    const reader = await t.buildAdmin({ roleId: 9, regionId: 1 });
    const other = await category(4, ['Type']);
    expect((await call(reader, 'GET', '/document-base-item-categories?documentBaseId=4')).statusCode).toBe(404);
    expect((await call(reader, 'GET', '/document-base-item-categories?documentBaseId=2')).statusCode).toBe(404);
    expect((await call(reader, 'GET', `/document-base-item-types?categoryId=${other.id}`)).statusCode).toBe(404);
    const bad = await call(reader, 'GET', '/document-base-item-categories');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed', errors: { documentBaseId: [expect.any(String)] } });
    expect((await call(reader, 'GET', '/document-base-item-types?categoryId=abc')).json().code).toBe('validation_failed');
    const client = await t.buildClient();
    expect((await call(client, 'GET', '/document-base-item-categories?documentBaseId=1')).statusCode).toBe(403);
    expect((await call(client, 'GET', `/document-base-item-types?categoryId=${other.id}`)).statusCode).toBe(403);
  });
});

describe('GET /api/document-base-items', () => {
  it('lists a base newest edition first, 12 a page, with every field of the spec', async () => {
    const reader = await t.buildAdmin({ roleId: 2 });
    const cat = await category(1);
    const made = [];
    for (let i = 0; i < 13; i++)
      made.push(await item({ documentBaseId: 1, categoryId: cat.id, lastEditionDate: new Date(Date.UTC(2026, 0, 1 + i)) }));
    const first = await call(reader, 'GET', `/document-base-items?documentBaseId=1&categoryId=${cat.id}`);
    expect(first.statusCode).toBe(200);
    expect(first.json().pageCount).toBe(2);
    expect(ids(first)).toEqual(
      made
        .slice(1)
        .reverse()
        .map((d) => d.id),
    );
    expect(first.json().documentBaseItems[0]).toEqual({
      id: made[12]!.id,
      documentBaseId: 1,
      title: made[12]!.title,
      categoryId: cat.id,
      typeId: null,
      shortDescription: 'Résumé',
      content: '<p>Texte</p>',
      isPublic: true,
      illustrationFiles: [],
      joinedFiles: [],
      lastEditionDate: '2026-01-13T00:00:00.000Z',
    });
    const second = await call(reader, 'GET', `/document-base-items?documentBaseId=1&categoryId=${cat.id}&pageNumber=2`);
    expect(ids(second)).toEqual([made[0]!.id]);
  });

  it('filters by type, receivers and text (title, description, content; % taken literally)', async () => {
    const reader = await t.buildAdmin({ roleId: 1 });
    const cat = await category(2, ['A', 'B']);
    const a = await item({
      documentBaseId: 2,
      categoryId: cat.id,
      typeId: cat.types[0]!.id,
      isPublic: false,
      searchText: 'Budget 100% validé',
    });
    const b = await item({
      documentBaseId: 2,
      categoryId: cat.id,
      typeId: cat.types[1]!.id,
      searchText: 'Chaudière à condensation',
    });
    const list = (q: string) => call(reader, 'GET', `/document-base-items?documentBaseId=2&categoryId=${cat.id}${q}`).then(ids);
    expect(await list(`&typeId=${cat.types[0]!.id}`)).toEqual([a.id]);
    expect(await list('&isPublic=false')).toEqual([a.id]);
    expect(await list('&isPublic=1')).toEqual([b.id]);
    expect(await list('&search=CHAUDIÈRE')).toEqual([b.id]);
    expect(await list('&search=0%25')).toEqual([a.id]);
    expect(await list('&search=x%25')).toEqual([]);
    expect(await list('')).toEqual([b.id, a.id]);
  });

  it('gives roles 5, 6 and 8 only the public documents, even when they ask for the others', async () => {
    const cat = await category(1);
    const open = await item({ documentBaseId: 1, categoryId: cat.id, isPublic: true });
    await item({ documentBaseId: 1, categoryId: cat.id, isPublic: false });
    for (const roleId of [5, 6, 8]) {
      const who = await t.buildAdmin({ roleId });
      expect(await call(who, 'GET', `/document-base-items?documentBaseId=1&categoryId=${cat.id}`).then(ids)).toEqual([open.id]);
      expect(await call(who, 'GET', `/document-base-items?documentBaseId=1&categoryId=${cat.id}&isPublic=0`).then(ids)).toEqual(
        [],
      );
    }
    const member = await t.buildAdmin({ roleId: 9 });
    expect(await call(member, 'GET', `/document-base-items?documentBaseId=1&categoryId=${cat.id}`).then(ids)).toHaveLength(2);
  });

  it("answers 404 for another region's base or the CA space without permission; 400 on bad input; 403 to a customer", async () => {
    const member = await t.buildAdmin({ roleId: 9, regionId: 1 });
    expect((await call(member, 'GET', '/document-base-items?documentBaseId=3')).statusCode).toBe(200);
    expect((await call(member, 'GET', '/document-base-items?documentBaseId=4')).statusCode).toBe(404);
    expect((await call(member, 'GET', '/document-base-items?documentBaseId=2')).statusCode).toBe(404);
    expect((await call(member, 'GET', '/document-base-items?documentBaseId=99')).statusCode).toBe(404);
    const bad = await call(member, 'GET', '/document-base-items?documentBaseId=1&pageSize=0&isPublic=oui');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['isPublic', 'pageSize']);
    expect((await call(member, 'GET', '/document-base-items')).json().errors).toHaveProperty('documentBaseId');
    expect((await call(await t.buildClient(), 'GET', '/document-base-items?documentBaseId=1')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/document-base-items?documentBaseId=1' })).statusCode).toBe(401);
  });
});

describe('GET /api/document-base-items/{id} and its files', () => {
  it('answers a readable document; 404 for another region, the CA space, a non-public one to roles 5, 6, 8', async () => {
    const north = await item({ documentBaseId: 3, categoryId: (await category(3)).id, isPublic: false });
    const ca = await item({ documentBaseId: 2, categoryId: (await category(2)).id });
    const member = await t.buildAdmin({ roleId: 9, regionId: 1 });
    expect((await call(member, 'GET', `/document-base-items/${north.id}`)).json()).toMatchObject({
      id: north.id,
      isPublic: false,
    });
    expect(
      (await call(await t.buildAdmin({ roleId: 9, regionId: 2 }), 'GET', `/document-base-items/${north.id}`)).statusCode,
    ).toBe(404);
    expect((await call(member, 'GET', `/document-base-items/${ca.id}`)).statusCode).toBe(404);
    expect(
      (await call(await t.buildAdmin({ roleId: 6, regionId: 1 }), 'GET', `/document-base-items/${north.id}`)).statusCode,
    ).toBe(404);
    expect((await call(member, 'GET', '/document-base-items/0')).statusCode).toBe(400);
    expect((await call(await t.buildClient(), 'GET', `/document-base-items/${north.id}`)).statusCode).toBe(403);
  });

  it('lets only those who read the document download its files (a refusal is a 404)', async () => {
    const writer = await t.buildAdmin({ roleId: 1, regionId: null });
    const picture = await t.uploadAs(writer, 7, PNG, 'photo.png');
    const leaflet = await t.uploadAs(writer, 8, PDF, 'fiche.pdf');
    const open = await t.uploadAs(writer, 8, PDF, 'publique.pdf');
    const cat = await category(3);
    const files = (list: number[]) => list.map((fileId) => ({ fileId, fileName: 'x.pdf' }));
    await item({
      documentBaseId: 3,
      categoryId: cat.id,
      isPublic: false,
      illustrationFiles: files([picture]),
      joinedFiles: files([leaflet]),
    });
    await item({ documentBaseId: 1, categoryId: (await category(1)).id, isPublic: true, joinedFiles: files([open]) });
    const get = async (who: Parameters<typeof call>[0], id: number) => (await call(who, 'GET', `/files/${id}`)).statusCode;
    const member = await t.buildAdmin({ roleId: 9, regionId: 1 });
    expect(await get(member, leaflet)).toBe(200);
    expect(await get(member, picture)).toBe(200);
    expect(await get(await t.buildAdmin({ roleId: 9, regionId: 2 }), leaflet)).toBe(404);
    const technician = await t.buildAdmin({ roleId: 6, regionId: 1 });
    expect(await get(technician, leaflet)).toBe(404);
    expect(await get(technician, open)).toBe(200);
    expect(await get(await t.buildClient(), open)).toBe(404);
  });
});
