import { DOCUMENT_BASE_MESSAGES, MESSAGES } from '@reseau/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { auditLog, documentBaseItems, notifications } from '../../db/schema/index.js';
import { createPostgresSearchIndex, type SearchScope } from '../../integrations/search/index.js';
import { type Admin, documentFixtures, PDF, PNG } from './test-fixtures.js';

const t = await buildTestApp();
const { category, item, call } = documentFixtures(t);

const body = (values: object) => ({
  title: 'Guide de mise en service',
  shortDescription: 'Les étapes de la mise en service',
  content: '<p>Une <strong>procédure</strong> claire</p>',
  typeId: null,
  isPublic: true,
  illustrationFiles: [],
  joinedFiles: [],
  ...values,
});

async function notifiedAbout(documentBaseItemId: number, admins: Admin[]) {
  const rows = await t.db
    .select({ adminId: notifications.adminId, type: notifications.type, data: notifications.data })
    .from(notifications)
    .where(
      and(
        eq(notifications.type, 'NEW_DOCUMENT'),
        inArray(
          notifications.adminId,
          admins.map((a) => a.id),
        ),
      ),
    );
  return rows.filter((r) => (r.data as { documentBaseItemId?: number }).documentBaseItemId === documentBaseItemId);
}

describe('POST /api/document-base-items', () => {
  it('adds a document with files to a regional base, sanitized, audited, and tells its readers but the writer', async () => {
    const writer = await t.buildAdmin({ roleId: 3, regionId: 1 });
    const cat = await category(3, ['Compte rendu']);
    const picture = await t.uploadAs(writer, 7, PNG, 'photo.png');
    const leaflet = await t.uploadAs(writer, 8, PDF, 'fiche.pdf');
    const north = await t.buildAdmin({ roleId: 9, regionId: 1 });
    const centre = await t.buildAdmin({ roleId: 9, regionId: 2 });
    const technician = await t.buildAdmin({ roleId: 6, regionId: 1 });
    const network = await t.buildAdmin({ roleId: 2, regionId: 5 });
    const res = await call(
      writer,
      'POST',
      '/document-base-items',
      body({
        documentBaseId: 3,
        categoryId: cat.id,
        typeId: cat.types[0]!.id,
        isPublic: false,
        content: '<p onclick="x()">Bonjour<script>alert(1)</script></p>',
        illustrationFiles: [{ fileId: picture }],
        joinedFiles: [{ fileId: leaflet }],
      }),
    );
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: number };
    const read = await call(north, 'GET', `/document-base-items/${id}`);
    expect(read.json()).toMatchObject({
      documentBaseId: 3,
      content: '<p>Bonjour</p>',
      isPublic: false,
      typeId: cat.types[0]!.id,
      illustrationFiles: [{ fileId: picture, fileName: 'photo.png' }],
      joinedFiles: [{ fileId: leaflet, fileName: 'fiche.pdf' }],
    });
    const told = await notifiedAbout(id, [writer, north, centre, technician, network]);
    expect(told.map((n) => n.adminId).sort()).toEqual([north.id, network.id].sort());
    expect(told[0]!.data).toEqual({
      documentBaseId: 3,
      documentBaseName: 'Base documentaire Nord',
      documentBaseItemId: id,
      documentBaseItemTitle: 'Guide de mise en service',
    });
    const logged = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(logged.map((l) => l.action)).toContain('document_base_item.created');
  });

  it('tells roles 5, 6 and 8 about a public document, and only CA readers about the CA space', async () => {
    const writer = await t.buildAdmin({ roleId: 1, regionId: null });
    const technician = await t.buildAdmin({ roleId: 6 });
    const member = await t.buildAdmin({ roleId: 9 });
    const animator = await t.buildAdmin({ roleId: 3 });
    const general = await call(
      writer,
      'POST',
      '/document-base-items',
      body({ documentBaseId: 1, categoryId: (await category(1)).id }),
    );
    expect((await notifiedAbout(general.json().id, [technician, member])).length).toBe(2);
    const ca = await call(
      writer,
      'POST',
      '/document-base-items',
      body({ documentBaseId: 2, categoryId: (await category(2)).id }),
    );
    expect((await notifiedAbout(ca.json().id, [technician, member, animator])).map((n) => n.adminId)).toEqual([animator.id]);
  });

  it('refuses without document_base_administration, outside the writer region, and to a customer', async () => {
    const cat4 = await category(4);
    const cat1 = await category(1);
    const member = await t.buildAdmin({ roleId: 4, regionId: 2 });
    expect(
      (await call(member, 'POST', '/document-base-items', body({ documentBaseId: 4, categoryId: cat4.id }))).statusCode,
    ).toBe(403);
    const northAdmin = await t.buildAdmin({ roleId: 3, regionId: 1 });
    expect(
      (await call(northAdmin, 'POST', '/document-base-items', body({ documentBaseId: 4, categoryId: cat4.id }))).statusCode,
    ).toBe(403);
    // Bases 1 and 2 have no region: the region rule does not bar them (docs/decisions.md).
    expect(
      (await call(northAdmin, 'POST', '/document-base-items', body({ documentBaseId: 1, categoryId: cat1.id }))).statusCode,
    ).toBe(201);
    const anywhere = await t.buildAdmin({ roleId: 2, regionId: null });
    expect(
      (await call(anywhere, 'POST', '/document-base-items', body({ documentBaseId: 4, categoryId: cat4.id }))).statusCode,
    ).toBe(201);
    const client = await t.buildClient();
    expect(
      (await call(client, 'POST', '/document-base-items', body({ documentBaseId: 1, categoryId: cat1.id }))).statusCode,
    ).toBe(403);
  });

  it('refuses bad input field by field with the French messages', async () => {
    const writer = await t.buildAdmin({ roleId: 1, regionId: null });
    const cat = await category(1, ['Notice', 'Schéma']);
    const other = await category(1, ['Autre']);
    const elsewhere = await category(2);
    const pictures = await Promise.all([1, 2, 3].map((i) => t.uploadAs(writer, 7, PNG, `p${i}.png`)));
    const wrongType = await t.uploadAs(writer, 7, PNG, 'photo.png');
    const someoneElse = await t.uploadAs(await t.buildAdmin({ roleId: 1 }), 8, PDF, 'autre.pdf');
    const ok = { documentBaseId: 1, categoryId: cat.id, typeId: cat.types[0]!.id };
    const cases: [object, string, string][] = [
      [{ ...ok, title: '  ' }, 'title', MESSAGES.required],
      [{ ...ok, title: 'x'.repeat(201) }, 'title', MESSAGES.tooLong],
      [{ ...ok, shortDescription: '' }, 'shortDescription', MESSAGES.required],
      [{ ...ok, content: '<p></p>' }, 'content', MESSAGES.required],
      [{ ...ok, isPublic: undefined }, 'isPublic', MESSAGES.required],
      [{ ...ok, categoryId: elsewhere.id }, 'categoryId', DOCUMENT_BASE_MESSAGES.categoryNotInBase],
      [{ ...ok, typeId: null }, 'typeId', DOCUMENT_BASE_MESSAGES.typeRequired],
      [{ ...ok, typeId: other.types[0]!.id }, 'typeId', DOCUMENT_BASE_MESSAGES.typeNotInCategory],
      [{ ...ok, documentBaseId: 9 }, 'documentBaseId', DOCUMENT_BASE_MESSAGES.unknownBase],
      [
        { ...ok, illustrationFiles: pictures.map((fileId) => ({ fileId })) },
        'illustrationFiles',
        DOCUMENT_BASE_MESSAGES.tooManyIllustrations,
      ],
      [
        { ...ok, joinedFiles: Array.from({ length: 5 }, (_, i) => ({ fileId: i + 1 })) },
        'joinedFiles',
        DOCUMENT_BASE_MESSAGES.tooManyJoinedFiles,
      ],
      [{ ...ok, joinedFiles: [{ fileId: wrongType }] }, 'joinedFiles', DOCUMENT_BASE_MESSAGES.fileNotFound],
      [{ ...ok, joinedFiles: [{ fileId: someoneElse }] }, 'joinedFiles', DOCUMENT_BASE_MESSAGES.fileNotFound],
    ];
    for (const [values, field, message] of cases) {
      const res = await call(writer, 'POST', '/document-base-items', body(values));
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toMatchObject({ code: 'validation_failed', errors: { [field]: [message] } });
    }
    const image = await t.uploadAs(writer, 6, PNG, 'image.png');
    const withImage = await call(
      writer,
      'POST',
      '/document-base-items',
      body({ ...ok, content: `<p>Voir</p><img src="/api/files/${image}">` }),
    );
    expect(withImage.json().errors).toEqual({ content: [DOCUMENT_BASE_MESSAGES.noImageInContent] });
  });
});

describe('PUT and DELETE /api/document-base-items/{id}', () => {
  it('rewrites a document, dates the edition, and its notifications follow it', async () => {
    const writer = await t.buildAdmin({ roleId: 1, regionId: null });
    const technician = await t.buildAdmin({ roleId: 6 });
    const member = await t.buildAdmin({ roleId: 9 });
    const cat = await category(1);
    const created = await call(writer, 'POST', '/document-base-items', body({ documentBaseId: 1, categoryId: cat.id }));
    const { id } = created.json() as { id: number };
    const before = (await call(writer, 'GET', `/document-base-items/${id}`)).json().lastEditionDate as string;
    const res = await call(
      writer,
      'PUT',
      `/document-base-items/${id}`,
      body({ documentBaseId: 1, categoryId: cat.id, title: 'Guide v2', isPublic: false }),
    );
    expect(res.statusCode).toBe(204);
    const after = (await call(writer, 'GET', `/document-base-items/${id}`)).json();
    expect(after).toMatchObject({ title: 'Guide v2', isPublic: false });
    expect(after.lastEditionDate >= before).toBe(true);
    const told = await notifiedAbout(id, [technician, member]);
    expect(told.map((n) => [n.adminId, (n.data as { documentBaseItemTitle: string }).documentBaseItemTitle])).toEqual([
      [member.id, 'Guide v2'],
    ]);
  });

  it("refuses another region's document to a regional administrator (403) and hides an unreadable one (404)", async () => {
    const doc = await item({ documentBaseId: 4, categoryId: (await category(4)).id, isPublic: false });
    const northAdmin = await t.buildAdmin({ roleId: 3, regionId: 1 });
    const update = body({ documentBaseId: 4, categoryId: doc.categoryId });
    expect((await call(northAdmin, 'PUT', `/document-base-items/${doc.id}`, update)).statusCode).toBe(403);
    expect((await call(northAdmin, 'DELETE', `/document-base-items/${doc.id}`)).statusCode).toBe(403);
    const member = await t.buildAdmin({ roleId: 9, regionId: 2 });
    expect((await call(member, 'PUT', `/document-base-items/${doc.id}`, update)).statusCode).toBe(403);
    const centreAdmin = await t.buildAdmin({ roleId: 2, regionId: 2 });
    expect((await call(centreAdmin, 'PUT', '/document-base-items/999999', update)).statusCode).toBe(404);
    expect((await call(centreAdmin, 'PUT', `/document-base-items/${doc.id}`, { ...update, title: '' })).json().errors).toEqual({
      title: [MESSAGES.required],
    });
    expect((await call(await t.buildClient(), 'DELETE', `/document-base-items/${doc.id}`)).statusCode).toBe(403);
    expect((await call(await t.buildClient(), 'PUT', `/document-base-items/${doc.id}`, update)).statusCode).toBe(403);
    expect((await call(centreAdmin, 'DELETE', '/document-base-items/abc')).json().code).toBe('validation_failed');
    expect((await call(centreAdmin, 'PUT', '/document-base-items/0', update)).json().code).toBe('validation_failed');
    expect((await call(centreAdmin, 'PUT', `/document-base-items/${doc.id}`, update)).statusCode).toBe(204);
  });

  it('deletes once when two deletes race, with its notifications and search entry', async () => {
    const writer = await t.buildAdmin({ roleId: 1, regionId: null });
    const member = await t.buildAdmin({ roleId: 9 });
    const word = `zq${Date.now().toString(36)}`;
    const created = await call(
      writer,
      'POST',
      '/document-base-items',
      body({ documentBaseId: 1, categoryId: (await category(1)).id, title: `Notice ${word}` }),
    );
    const { id } = created.json() as { id: number };
    const statuses = await Promise.all(
      [1, 2].map(() => call(writer, 'DELETE', `/document-base-items/${id}`).then((r) => r.statusCode)),
    );
    expect(statuses.sort()).toEqual([204, 404]);
    expect(await t.db.select().from(documentBaseItems).where(eq(documentBaseItems.id, id))).toEqual([]);
    expect(await notifiedAbout(id, [member])).toEqual([]);
    const index = createPostgresSearchIndex(t.db);
    const all: SearchScope = { includePrivate: true, agencyIds: null, adherentIds: null, regionIds: null };
    expect((await index.search({ text: word, scope: all, limit: 20, offset: 0 })).hits).toEqual([]);
  });
});

describe('documents in the global search', () => {
  const index = createPostgresSearchIndex(t.db);
  const find = async (text: string, scope: SearchScope) =>
    (await index.search({ text, scope, limit: 20, offset: 0 })).hits.map((h) => h.url);

  it('indexes a regional document for its region only, and a private one away from the public scopes', async () => {
    const writer = await t.buildAdmin({ roleId: 1, regionId: null });
    const word = `zr${Date.now().toString(36)}`;
    const created = await call(
      writer,
      'POST',
      '/document-base-items',
      body({ documentBaseId: 5, categoryId: (await category(5)).id, title: `Réunion ${word}`, isPublic: false }),
    );
    const { id } = created.json() as { id: number };
    const url = `/intranet/doc-base/5/${id}`;
    const permissions = ['document_base_region_reading'];
    expect(await find(word, { includePrivate: true, agencyIds: null, adherentIds: null, regionIds: null, permissions })).toEqual([
      url,
    ]);
    expect(await find(word, { includePrivate: true, agencyIds: [], adherentIds: [], regionIds: [3], permissions })).toEqual([
      url,
    ]);
    expect(await find(word, { includePrivate: true, agencyIds: [], adherentIds: [], regionIds: [3] })).toEqual([]);
    expect(await find(word, { includePrivate: true, agencyIds: [], adherentIds: [], regionIds: [1], permissions })).toEqual([]);
    expect(await find(word, { includePrivate: false, agencyIds: [], adherentIds: [], regionIds: [3], permissions })).toEqual([]);
  });

  it('indexes a council-space document for the holders of document_base_ca_reading only', async () => {
    const writer = await t.buildAdmin({ roleId: 1, regionId: null });
    const word = `zc${Date.now().toString(36)}`;
    const created = await call(
      writer,
      'POST',
      '/document-base-items',
      body({ documentBaseId: 2, categoryId: (await category(2)).id, title: `Conseil ${word}`, isPublic: true }),
    );
    const { id } = created.json() as { id: number };
    const everything = { includePrivate: true, agencyIds: null, adherentIds: null, regionIds: null };
    expect(await find(word, { ...everything, permissions: ['document_base_ca_reading'] })).toEqual([
      `/intranet/doc-base/2/${id}`,
    ]);
    expect(await find(word, { ...everything, permissions: ['document_base_region_reading'] })).toEqual([]);
  });
});
