import { NETWORK_ACTUALITY_MESSAGES } from '@reseau/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { auditLog, networkActualities, notifications } from '../../db/schema/index.js';
import { createPostgresSearchIndex, type SearchScope } from '../../integrations/search/index.js';

const t = await buildTestApp();

type Admin = Awaited<ReturnType<typeof t.buildAdmin>>;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');

async function call(who: Admin, method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) {
  return t.app.inject({ method, url: `/api${url}`, headers: await t.authHeader(who), ...(payload ? { payload } : {}) });
}

const body = (values: object = {}) => ({
  title: 'Nouvelle gamme de chaudières',
  content: '<p>Une <strong>bonne</strong> nouvelle</p>',
  illustrationFiles: [],
  joinedFiles: [],
  isPublic: 1,
  categoryId: 2,
  ...values,
});

async function notifiedAbout(newsId: number, adminIds: number[]) {
  const rows = await t.db
    .select({ adminId: notifications.adminId, type: notifications.type, data: notifications.data })
    .from(notifications)
    .where(inArray(notifications.adminId, adminIds));
  return rows.filter((r) => (r.data as { networkActualityId?: number }).networkActualityId === newsId);
}

describe('POST /api/network-actualities', () => {
  it('publishes with files, sanitizes the text, audits, and the news reads back', async () => {
    const writer = await t.buildAdmin({ roleId: 3 });
    const picture = await t.uploadAs(writer, 9, PNG, 'photo.png');
    const leaflet = await t.uploadAs(writer, 10, PDF, 'fiche.pdf');
    const tariff = await t.uploadAs(writer, 10, PDF, 'Tarifs 2026.pdf');
    const res = await call(
      writer,
      'POST',
      '/network-actualities',
      body({
        content: '<p onclick="x()">Bonjour<script>alert(1)</script></p>',
        illustrationFiles: [{ fileId: picture }],
        joinedFiles: [{ fileId: tariff }, { fileId: leaflet }],
      }),
    );
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: number };
    const read = await call(writer, 'GET', `/network-actualities/${id}`);
    expect(read.json()).toMatchObject({
      title: 'Nouvelle gamme de chaudières',
      content: '<p>Bonjour</p>',
      categoryId: 2,
      isPublic: 1,
      illustrationFiles: [{ fileId: picture }],
      // In their order, each named (its download button says the name, not "Pièce jointe 1").
      joinedFiles: [
        { fileId: tariff, fileName: 'Tarifs 2026.pdf' },
        { fileId: leaflet, fileName: 'fiche.pdf' },
      ],
    });
    const listed = (await call(writer, 'GET', '/network-actualities?pageNumber=1&pageSize=50')).json() as {
      networkActualities: { id: number; joinedFiles: unknown }[];
    };
    expect(listed.networkActualities.find((n) => n.id === id)?.joinedFiles).toEqual([
      { fileId: tariff, fileName: 'Tarifs 2026.pdf' },
      { fileId: leaflet, fileName: 'fiche.pdf' },
    ]);
    const reader = await t.buildAdmin({ roleId: 6 });
    expect((await call(reader, 'GET', `/files/${leaflet}`)).statusCode).toBe(200);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'network_actuality'), eq(auditLog.entityId, String(id))));
    expect(audits.map((a) => [a.action, a.actorAdminId])).toEqual([['network_actuality.created', writer.id]]);
  });

  it('notifies every reader of a public item, but its writer and inactive users', async () => {
    const writer = await t.buildAdmin({ roleId: 2 });
    const readers = await Promise.all([1, 3, 4, 5, 6, 7, 8].map((roleId) => t.buildAdmin({ roleId })));
    const gone = await t.buildAdmin({ roleId: 4, isActive: false });
    const res = await call(writer, 'POST', '/network-actualities', body({ title: 'Pour tous' }));
    const { id } = res.json() as { id: number };
    const sent = await notifiedAbout(id, [writer.id, gone.id, ...readers.map((r) => r.id)]);
    expect(sent.map((n) => n.adminId).sort()).toEqual(readers.map((r) => r.id).sort());
    expect(sent[0]).toMatchObject({
      type: 'NEW_NETWORK_ACTUALITY',
      data: { networkActualityId: id, networkActualityTitle: 'Pour tous' },
    });
  });

  it('does not notify roles 5, 6 and 8 of an adherents-only item, nor let them read it', async () => {
    const writer = await t.buildAdmin({ roleId: 1 });
    const told = await Promise.all([2, 3, 4, 7].map((roleId) => t.buildAdmin({ roleId })));
    const untold = await Promise.all([5, 6, 8].map((roleId) => t.buildAdmin({ roleId })));
    const res = await call(writer, 'POST', '/network-actualities', body({ isPublic: 0 }));
    const { id } = res.json() as { id: number };
    const sent = await notifiedAbout(
      id,
      [...told, ...untold].map((a) => a.id),
    );
    expect(sent.map((n) => n.adminId).sort()).toEqual(told.map((a) => a.id).sort());
    for (const who of untold) expect((await call(who, 'GET', `/network-actualities/${id}`)).statusCode).toBe(404);
  });

  it.each([4, 5, 6, 7, 8])('refuses role %i (no network_actualities_administration)', async (roleId) => {
    const who = await t.buildAdmin({ roleId });
    const res = await call(who, 'POST', '/network-actualities', body());
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it('refuses a customer and an anonymous caller', async () => {
    const client = await t.buildClient();
    const asClient = await t.app.inject({
      method: 'POST',
      url: '/api/network-actualities',
      headers: await t.authHeader(client, 'extranet'),
      payload: body(),
    });
    expect(asClient.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/network-actualities', payload: body() })).statusCode).toBe(401);
  });

  it('answers validation_failed per field for bad input', async () => {
    const writer = await t.buildAdmin({ roleId: 2 });
    const res = await call(writer, 'POST', '/network-actualities', {
      title: ' ',
      content: '<p></p>',
      illustrationFiles: [{ fileId: 1 }, { fileId: 2 }, { fileId: 3 }],
      joinedFiles: [1, 2, 3, 4, 5].map((fileId) => ({ fileId })),
      isPublic: 2,
    });
    expect(res.statusCode).toBe(400);
    const { code, errors } = res.json() as { code: string; errors: Record<string, string[]> };
    expect(code).toBe('validation_failed');
    expect(Object.keys(errors).sort()).toEqual([
      'categoryId',
      'content',
      'illustrationFiles',
      'isPublic',
      'joinedFiles',
      'title',
    ]);
    expect(errors.title).toEqual(['Veuillez remplir ce champ']);
    expect(errors.illustrationFiles).toEqual([NETWORK_ACTUALITY_MESSAGES.tooManyIllustrations]);
  });

  it('refuses an unknown category, a file of the wrong type, another user’s upload and an image in the text', async () => {
    const writer = await t.buildAdmin({ roleId: 2 });
    const other = await t.buildAdmin({ roleId: 4 });
    const mine = await t.uploadAs(writer, 10, PDF, 'fiche.pdf');
    const theirs = await t.uploadAs(other, 9, PNG, 'photo.png');
    const image = await t.uploadAs(writer, 6, PNG, 'image.png');
    const cases: [object, string, string][] = [
      [{ categoryId: 99 }, 'categoryId', 'Cette catégorie est inconnue.'],
      [{ illustrationFiles: [{ fileId: mine }] }, 'illustrationFiles', NETWORK_ACTUALITY_MESSAGES.fileNotFound],
      [{ illustrationFiles: [{ fileId: theirs }] }, 'illustrationFiles', NETWORK_ACTUALITY_MESSAGES.fileNotFound],
      [{ joinedFiles: [{ fileId: 2_000_000_000 }] }, 'joinedFiles', NETWORK_ACTUALITY_MESSAGES.fileNotFound],
      [{ content: `<p>Voir</p><img src="/api/files/${image}">` }, 'content', NETWORK_ACTUALITY_MESSAGES.noImageInContent],
    ];
    for (const [values, field, message] of cases) {
      const res = await call(writer, 'POST', '/network-actualities', body(values));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors).toEqual({ [field]: [message] });
    }
  });
});

describe('news in the global search', () => {
  const index = createPostgresSearchIndex(t.db);
  // The scopes of the search keys (searchables/scope.ts): a network role, and roles 5, 6, 8.
  const network: SearchScope = { includePrivate: true, agencyIds: null, adherentIds: null, regionIds: null };
  const publicOnly: SearchScope = { includePrivate: false, agencyIds: [], adherentIds: [], regionIds: [] };
  const find = async (text: string, scope: SearchScope) =>
    (await index.search({ text, scope, limit: 20, offset: 0 })).hits.map((h) => [h.title, h.url]);

  it('indexes a news item on publish, follows its edits and forgets it on delete; adherents-only stays out of public scopes', async () => {
    const writer = await t.buildAdmin({ roleId: 1 });
    const word = `zq${Date.now().toString(36)}`;
    const created = await call(
      writer,
      'POST',
      '/network-actualities',
      body({ title: `Réunion ${word}`, content: `<p>Ordre du <strong>jour</strong> &amp; ${word}</p>`, isPublic: 0 }),
    );
    const { id } = created.json() as { id: number };
    expect(await find(word, network)).toEqual([[`Réunion ${word}`, `/intranet/network-news/${id}`]]);
    expect(await find(word, publicOnly)).toEqual([]);

    await call(writer, 'PUT', `/network-actualities/${id}`, body({ title: `Réunion ouverte ${word}`, isPublic: 1 }));
    expect(await find(word, publicOnly)).toEqual([[`Réunion ouverte ${word}`, `/intranet/network-news/${id}`]]);

    await call(writer, 'DELETE', `/network-actualities/${id}`);
    expect(await find(word, network)).toEqual([]);
  });
});

describe('PUT and DELETE /api/network-actualities/{id}', () => {
  it('updates the fields and keeps the publication date', async () => {
    const writer = await t.buildAdmin({ roleId: 3 });
    const news = await t.buildNetworkActuality({ publicationDate: new Date('2026-01-05T10:00:00Z') });
    const res = await call(
      writer,
      'PUT',
      `/network-actualities/${news.id}`,
      body({ title: 'Titre revu', isPublic: 0, categoryId: 5 }),
    );
    expect(res.statusCode).toBe(204);
    const [row] = await t.db.select().from(networkActualities).where(eq(networkActualities.id, news.id));
    expect(row).toMatchObject({
      title: 'Titre revu',
      isPublic: 0,
      categoryId: 5,
      publicationDate: new Date('2026-01-05T10:00:00Z'),
    });
  });

  it('keeps the notifications true: the new title, none left to roles 5, 6, 8 once for adherents only', async () => {
    const writer = await t.buildAdmin({ roleId: 1 });
    const director = await t.buildAdmin({ roleId: 4 });
    const special = await Promise.all([5, 6, 8].map((roleId) => t.buildAdmin({ roleId })));
    const everyone = [director, ...special].map((a) => a.id);
    const created = await call(writer, 'POST', '/network-actualities', body({ title: 'Pour tous', isPublic: 1 }));
    const { id } = created.json() as { id: number };
    expect((await notifiedAbout(id, everyone)).map((n) => n.adminId).sort()).toEqual([...everyone].sort());

    const renamed = await call(writer, 'PUT', `/network-actualities/${id}`, body({ title: 'Pour tous, revu', isPublic: 1 }));
    expect(renamed.statusCode).toBe(204);
    const afterRename = await notifiedAbout(id, everyone);
    expect(afterRename).toHaveLength(4);
    for (const n of afterRename) expect(n.data).toEqual({ networkActualityId: id, networkActualityTitle: 'Pour tous, revu' });

    const narrowed = await call(writer, 'PUT', `/network-actualities/${id}`, body({ title: 'Adhérents seulement', isPublic: 0 }));
    expect(narrowed.statusCode).toBe(204);
    const left = await notifiedAbout(id, everyone);
    expect(left.map((n) => [n.adminId, n.data])).toEqual([
      [director.id, { networkActualityId: id, networkActualityTitle: 'Adhérents seulement' }],
    ]);
    for (const who of special) {
      const mine = await call(who, 'GET', '/notifications/mine?pageSize=50');
      expect(JSON.stringify(mine.json())).not.toContain('Adhérents seulement');
    }
  });

  it("lets another writer keep the news item's files, but not add someone else's upload", async () => {
    const first = await t.buildAdmin({ roleId: 2 });
    const second = await t.buildAdmin({ roleId: 3 });
    const picture = await t.uploadAs(first, 9, PNG, 'photo.png');
    const leaflet = await t.uploadAs(first, 10, PDF, 'fiche.pdf');
    const stray = await t.uploadAs(first, 10, PDF, 'autre.pdf');
    const files = { illustrationFiles: [{ fileId: picture }], joinedFiles: [{ fileId: leaflet }] };
    const { id } = (await call(first, 'POST', '/network-actualities', body(files))).json() as { id: number };
    const kept = await call(second, 'PUT', `/network-actualities/${id}`, body({ ...files, title: 'Revu par un autre' }));
    expect(kept.statusCode).toBe(204);
    const added = await call(second, 'PUT', `/network-actualities/${id}`, body({ ...files, joinedFiles: [{ fileId: stray }] }));
    expect(added.statusCode).toBe(400);
    expect(added.json().errors).toEqual({ joinedFiles: [NETWORK_ACTUALITY_MESSAGES.fileNotFound] });
  });

  it('deletes the notifications of a deleted news item, and only those', async () => {
    const writer = await t.buildAdmin({ roleId: 2 });
    const reader = await t.buildAdmin({ roleId: 4 });
    const kept = (await call(writer, 'POST', '/network-actualities', body({ title: 'Reste' }))).json() as { id: number };
    const gone = (await call(writer, 'POST', '/network-actualities', body({ title: 'Part' }))).json() as { id: number };
    expect(await notifiedAbout(gone.id, [reader.id])).toHaveLength(1);
    expect((await call(writer, 'DELETE', `/network-actualities/${gone.id}`)).statusCode).toBe(204);
    expect(await notifiedAbout(gone.id, [reader.id])).toEqual([]);
    expect(await notifiedAbout(kept.id, [reader.id])).toHaveLength(1);
  });

  it('deletes, then answers 404', async () => {
    const writer = await t.buildAdmin({ roleId: 1 });
    const news = await t.buildNetworkActuality();
    expect((await call(writer, 'DELETE', `/network-actualities/${news.id}`)).statusCode).toBe(204);
    expect((await call(writer, 'GET', `/network-actualities/${news.id}`)).statusCode).toBe(404);
    expect((await call(writer, 'DELETE', `/network-actualities/${news.id}`)).statusCode).toBe(404);
    expect((await call(writer, 'PUT', `/network-actualities/${news.id}`, body())).statusCode).toBe(404);
  });

  it.each([4, 6, 7])('refuses role %i to edit or delete', async (roleId) => {
    const who = await t.buildAdmin({ roleId });
    const news = await t.buildNetworkActuality({ isPublic: 1 });
    expect((await call(who, 'PUT', `/network-actualities/${news.id}`, body())).statusCode).toBe(403);
    expect((await call(who, 'DELETE', `/network-actualities/${news.id}`)).statusCode).toBe(403);
    const [row] = await t.db.select().from(networkActualities).where(eq(networkActualities.id, news.id));
    expect(row?.title).toBe(news.title);
  });

  it('refuses a bad id and a bad body', async () => {
    const writer = await t.buildAdmin({ roleId: 2 });
    const news = await t.buildNetworkActuality();
    expect((await call(writer, 'PUT', '/network-actualities/abc', body())).json().code).toBe('validation_failed');
    const bad = await call(writer, 'PUT', `/network-actualities/${news.id}`, body({ title: '' }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['title']);
  });
});
