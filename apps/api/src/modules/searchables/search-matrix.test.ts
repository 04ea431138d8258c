import type { SearchablesList, SearchableType } from '@reseau/contracts';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { documentFixtures } from '../document-bases/test-fixtures.js';
import { sparePartCalls } from '../spare-part-announcements/test-kit.js';

/**
 * The search never shows a reader what the reader may not open (issue 10): for each role 1–9, and
 * the region and permission variants, every hit's entity is readable through its own GET, and
 * every entity readable through its own GET is a hit. The entities are written through the API,
 * so this also checks that each of the four kinds is indexed on write.
 */
const t = await buildTestApp();
const docs = documentFixtures(t);
const spareParts = sparePartCalls(t);
const WORD = 'zorglubine';

type Who = Parameters<typeof t.authHeader>[0];
const call = docs.call;

/** The entity's own read route: what the hit opens. */
const readUrl: Record<SearchableType, (id: number) => string> = {
  network_actuality: (id) => `/network-actualities/${id}`,
  document_base_item: (id) => `/document-base-items/${id}`,
  forum_thread: (id) => `/forum-threads/${id}`,
  forum_post: (id) => `/forum-posts/${id}`,
  spare_part_announcement: (id) => `/spare-part-announcements/${id}`,
  job_offer: (id) => `/job-offers/${id}`,
};

async function created(who: Who, url: string, payload: object): Promise<number> {
  const res = await call(who, 'POST', url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

async function keyOf(who: Who): Promise<string> {
  const res = await call(who, 'GET', '/searchables:get-api-key');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { apiKey: string }).apiKey;
}

async function search(apiKey: string, query: string): Promise<SearchablesList> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/searchables?query=${encodeURIComponent(query)}&pageSize=100`,
    headers: { 'x-search-key': apiKey },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchablesList;
}

// The writers: a network super administrator (every permission) and an adherent director (the
// spare-parts board needs an agency).
const author = await t.buildAdmin({ roleId: 1, regionId: null });
const director = await t.buildAdmin({ roleId: 4, regionId: 1 });

const news = (isPublic: 0 | 1) => ({
  title: `Actualité ${WORD} ${isPublic ? 'publique' : 'adhérents'}`,
  content: '<p>Texte</p>',
  illustrationFiles: [],
  joinedFiles: [],
  isPublic,
  categoryId: 1,
});
async function document(documentBaseId: number, isPublic: boolean) {
  const category = await docs.category(documentBaseId);
  return created(author, '/document-base-items', {
    documentBaseId,
    categoryId: category.id,
    typeId: null,
    title: `Document ${WORD} base ${documentBaseId} ${isPublic ? 'public' : 'réservé'}`,
    shortDescription: 'Résumé',
    content: '<p>Texte</p>',
    isPublic,
    illustrationFiles: [],
    joinedFiles: [],
  });
}
const thread = (forumId: number, forumThemeId: number) =>
  created(author, '/forum-threads', {
    forumId,
    forumThemeId,
    title: `Sujet ${WORD} forum ${forumId}`,
    content: '<p>Question</p>',
    agencyId: null,
    joinedFiles: [],
  });
const post = (forumThreadId: number) =>
  created(author, '/forum-posts', { forumThreadId, content: `<p>Réponse ${WORD}</p>`, agencyId: null, joinedFiles: [] });

const entities: { type: SearchableType; id: number }[] = [];
entities.push({ type: 'network_actuality', id: await created(author, '/network-actualities', news(1)) });
entities.push({ type: 'network_actuality', id: await created(author, '/network-actualities', news(0)) });
// Base 1 (everyone), 2 (council space), 3 (region 1, Nord) and 4 (region 2, Centre).
for (const [baseId, isPublic] of [
  [1, true],
  [1, false],
  [2, true],
  [2, false],
  [3, true],
  [3, false],
  [4, true],
] as const) {
  entities.push({ type: 'document_base_item', id: await document(baseId, isPublic) });
}
// One thread per forum (themes 1, 4, 7, 9 are the forums' first) and a reply in each.
for (const [forumId, themeId] of [
  [1, 1],
  [2, 4],
  [3, 7],
  [4, 9],
] as const) {
  const threadId = await thread(forumId, themeId);
  entities.push({ type: 'forum_thread', id: threadId }, { type: 'forum_post', id: await post(threadId) });
}
entities.push({
  type: 'spare_part_announcement',
  id: await spareParts.publish(director, { title: `Annonce ${WORD}`, description: 'Circulateur neuf.' }),
});

/** The readers: each role, in region 1 (Nord) unless said, with the variants the rules depend on. */
const readers: { label: string; who: Awaited<ReturnType<typeof t.buildAdmin>> }[] = [];
for (const roleId of [1, 2, 3, 4, 5, 6, 7, 8, 9]) readers.push({ label: `rôle ${roleId}`, who: await t.buildAdmin({ roleId }) });
readers.push(
  { label: 'rôle 1 sans région', who: await t.buildAdmin({ roleId: 1, regionId: null }) },
  { label: 'rôle 3 en région Centre', who: await t.buildAdmin({ roleId: 3, regionId: 2 }) },
  { label: 'rôle 4 en région Centre', who: await t.buildAdmin({ roleId: 4, regionId: 2 }) },
  { label: 'rôle 7 en région Sud-Est', who: await t.buildAdmin({ roleId: 7, regionId: 5 }) },
  { label: 'rôle 9 sans région', who: await t.buildAdmin({ roleId: 9, regionId: null }) },
  { label: 'rôle 6 en région Centre', who: await t.buildAdmin({ roleId: 6, regionId: 2 }) },
);

const keyOfEntity = (e: { type: SearchableType; id: number }) => `${e.type}:${e.id}`;

describe('search matrix: what each reader finds is exactly what they may open', () => {
  it.each(readers)('$label', async ({ who }) => {
    const { searchables } = await search(await keyOf(who), WORD);
    const found = searchables.map((hit) => keyOfEntity({ type: hit.entityType, id: hit.entityId })).sort();
    const readable: string[] = [];
    for (const entity of entities) {
      const res = await call(who, 'GET', readUrl[entity.type](entity.id));
      expect([200, 403, 404], `${keyOfEntity(entity)}: ${res.body}`).toContain(res.statusCode);
      if (res.statusCode === 200) readable.push(keyOfEntity(entity));
    }
    expect(found).toEqual(readable.sort());
    // A reader always finds something here (base 1's public document at least): the test compares
    // real answers, not two empty lists.
    expect(found.length).toBeGreaterThan(0);
  });

  it('shows roles 5, 6 and 8 no entry meant for adherents only, where role 1 sees them', async () => {
    const byRole = async (roleId: number) =>
      (await search(await keyOf(readers.find((r) => r.label === `rôle ${roleId}`)!.who), WORD)).searchables;
    const privateTitles = (hits: SearchablesList['searchables']) =>
      hits.filter((h) => /adhérents|réservé/.test(h.title)).map((h) => h.title);
    expect(privateTitles(await byRole(1)).length).toBeGreaterThan(0);
    for (const roleId of [5, 6, 8]) expect(privateTitles(await byRole(roleId))).toEqual([]);
  });
});

describe('the index follows the writes of each kind', () => {
  const titles = async (who: Who, query: string) => (await search(await keyOf(who), query)).searchables.map((h) => h.title);

  it('news, documents, forum threads and replies, spare parts: update replaces the entry, delete removes it', async () => {
    const newsId = await created(author, '/network-actualities', { ...news(1), title: 'Actualité quetzalcoatl' });
    const docId = await document(1, true);
    const docUpdate = await call(author, 'PUT', `/document-base-items/${docId}`, {
      documentBaseId: 1,
      categoryId: (await docs.category(1)).id,
      typeId: null,
      title: 'Document quetzalcoatl',
      shortDescription: 'Résumé',
      content: '<p>Texte</p>',
      isPublic: true,
      illustrationFiles: [],
      joinedFiles: [],
    });
    expect([200, 204], docUpdate.body).toContain(docUpdate.statusCode);
    const threadId = await thread(2, 4);
    const postId = await post(threadId);
    const spareId = await spareParts.publish(director, { title: 'Annonce initiale' });

    const updates = [
      call(author, 'PUT', `/network-actualities/${newsId}`, { ...news(1), title: 'Actualité quetzalcoatl revue' }),
      call(author, 'PUT', `/forum-threads/${threadId}`, {
        forumThemeId: 4,
        title: 'Sujet quetzalcoatl',
        content: '<p>Question</p>',
        isClosed: false,
        joinedFiles: [],
      }),
      call(author, 'PUT', `/forum-posts/${postId}`, { content: '<p>Réponse quetzalcoatl</p>', joinedFiles: [] }),
      spareParts.call(
        director,
        'PUT',
        `/spare-part-announcements/${spareId}`,
        spareParts.body(director.agencyIds[0]!, { title: 'Annonce quetzalcoatl' }),
      ),
    ];
    for (const res of await Promise.all(updates)) expect([200, 204], res.body).toContain(res.statusCode);

    const after = await titles(author, 'quetzalcoatl');
    expect(after).toEqual(
      expect.arrayContaining([
        'Actualité quetzalcoatl revue',
        'Document quetzalcoatl',
        'Sujet quetzalcoatl',
        'Annonce quetzalcoatl',
      ]),
    );
    // The thread and its reply are two hits (the reply's title is its thread's).
    expect(after.filter((title) => title === 'Sujet quetzalcoatl')).toHaveLength(2);
    expect(await titles(author, 'initiale')).not.toContain('Annonce initiale');

    for (const url of [
      `/network-actualities/${newsId}`,
      `/document-base-items/${docId}`,
      `/forum-posts/${postId}`,
      `/forum-threads/${threadId}`,
    ])
      expect([200, 204], url).toContain((await call(author, 'DELETE', url)).statusCode);
    expect([200, 204]).toContain((await spareParts.call(director, 'DELETE', `/spare-part-announcements/${spareId}`)).statusCode);
    expect(await titles(author, 'quetzalcoatl')).toEqual([]);
  });
});
