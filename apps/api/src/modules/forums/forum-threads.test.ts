import type { ForumThread, ForumThreadList } from '@reseau/contracts';
import { FORUM_MESSAGES } from '@reseau/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { auditLog, notifications, searchables } from '../../db/schema/index.js';
import { createPostgresSearchIndex, type SearchScope } from '../../integrations/search/index.js';

const t = await buildTestApp();
type Who = Parameters<typeof t.authHeader>[0];
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');

async function call(who: Who, method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) {
  return t.app.inject({ method, url: `/api${url}`, headers: await t.authHeader(who), ...(payload ? { payload } : {}) });
}

/** A thread body of forum 2 (technique, theme 4) for `who`'s first agency. */
const body = (who: { agencyIds: number[] }, values: object = {}) => ({
  forumId: 2,
  forumThemeId: 4,
  title: 'Code défaut F28',
  content: '<p>Une <strong>question</strong></p>',
  agencyId: who.agencyIds[0] ?? null,
  joinedFiles: [],
  ...values,
});

async function open(who: Who & { agencyIds: number[] }, values: object = {}) {
  const res = await call(who, 'POST', '/forum-threads', body(who, values));
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

const update = (thread: ForumThread, values: object = {}) => ({
  forumThemeId: thread.forumThemeId,
  title: thread.title,
  content: thread.content,
  joinedFiles: thread.joinedFiles,
  isClosed: thread.isClosed,
  ...values,
});

describe('GET /api/forums and /api/forum-themes', () => {
  it('answers only the forums of the permission codes the caller holds', async () => {
    const network = await t.buildAdmin({ roleId: 2 });
    const technician = await t.buildAdmin({ roleId: 6 });
    const accountant = await t.buildAdmin({ roleId: 8 });
    const collaborator = await t.buildAdmin({ roleId: 9 });
    const ids = async (who: Who) =>
      ((await call(who, 'GET', '/forums')).json() as { forums: { id: number }[] }).forums.map((f) => f.id);
    expect(await ids(network)).toEqual([1, 2, 3, 4]);
    expect(await ids(technician)).toEqual([2]);
    expect(await ids(accountant)).toEqual([3]);
    expect(await ids(collaborator)).toEqual([1]);
    const themes = await call(technician, 'GET', '/forum-themes?forumId=2');
    expect(themes.json().forumThemes.map((th: { id: number }) => th.id)).toEqual([4, 5, 6]);
    expect((await call(technician, 'GET', '/forum-themes?forumId=4')).statusCode).toBe(404);
    const bad = await call(technician, 'GET', '/forum-themes?forumId=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.forumId).toBeDefined();
  });

  it('refuses a customer token and an anonymous caller', async () => {
    const customer = await t.buildClient();
    expect((await call(customer, 'GET', '/forums')).statusCode).toBe(403);
    expect((await call(customer, 'GET', '/forum-threads')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/forums' })).statusCode).toBe(401);
  });
});

describe('POST /api/forum-threads', () => {
  it('opens a thread with a named attachment, sanitized, audited, indexed; readers of the forum may download the file', async () => {
    const writer = await t.buildAdmin({ roleId: 6 });
    const file = await t.uploadAs(writer, 13, PDF, 'notice.pdf');
    const id = await open(writer, {
      content: '<p onclick="x()">Bonjour<script>alert(1)</script></p>',
      joinedFiles: [{ fileName: ' Notice chaudière ', fileId: file }],
    });
    const read = await call(writer, 'GET', `/forum-threads/${id}`);
    expect(read.json()).toMatchObject({
      id,
      forumId: 2,
      forumThemeId: 4,
      title: 'Code défaut F28',
      content: '<p>Bonjour</p>',
      agencyId: writer.agencyIds[0],
      authorId: writer.id,
      author: 'Camille Martin',
      joinedFiles: [{ fileName: 'Notice chaudière', fileId: file }],
      isClosed: false,
      numberOfAnswers: 0,
      isEditable: true,
    });
    expect(read.json().agencyName).toMatch(/^Agence /);
    const otherTechnician = await t.buildAdmin({ roleId: 6 });
    const accountant = await t.buildAdmin({ roleId: 8 });
    expect((await call(otherTechnician, 'GET', `/files/${file}`)).statusCode).toBe(200);
    expect((await call(accountant, 'GET', `/files/${file}`)).statusCode).toBe(404);
    expect((await call(accountant, 'GET', `/forum-threads/${id}`)).statusCode).toBe(404);
    const customer = await t.buildClient();
    expect((await call(customer, 'GET', `/files/${file}`)).statusCode).toBe(404);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'forum_thread'), eq(auditLog.entityId, String(id))));
    expect(audits.map((a) => a.action)).toEqual(['forum_thread.created']);
    const [entry] = await t.db
      .select()
      .from(searchables)
      .where(and(eq(searchables.entityType, 'forum_thread'), eq(searchables.entityId, id)));
    expect(entry).toMatchObject({ url: `/intranet/forum/2/thread/${id}`, readPermission: 'forum_tech_administration' });
  });

  it('tells the forum readers (NEW_FORUM_THREAD), never the writer nor those without the forum', async () => {
    const writer = await t.buildAdmin({ roleId: 6 });
    const reader = await t.buildAdmin({ roleId: 6 });
    const network = await t.buildAdmin({ roleId: 3 });
    const outsider = await t.buildAdmin({ roleId: 8 });
    const inactive = await t.buildAdmin({ roleId: 6, isActive: false });
    const id = await open(writer, { title: 'Pour les techniciens' });
    const rows = await t.db
      .select({ adminId: notifications.adminId, type: notifications.type, data: notifications.data })
      .from(notifications)
      .where(inArray(notifications.adminId, [writer.id, reader.id, network.id, outsider.id, inactive.id]));
    const mine = rows.filter((r) => (r.data as { forumThreadId?: number }).forumThreadId === id);
    expect(mine.map((r) => r.adminId).sort()).toEqual([reader.id, network.id].sort());
    expect(mine[0]).toMatchObject({
      type: 'NEW_FORUM_THREAD',
      data: { forumId: 2, forumThreadId: id, forumThreadTitle: 'Pour les techniciens' },
    });
  });

  it("refuses a forum without its permission, another agency's id, and a customer", async () => {
    const technician = await t.buildAdmin({ roleId: 6 });
    expect((await call(technician, 'POST', '/forum-threads', body(technician, { forumId: 3, forumThemeId: 7 }))).statusCode).toBe(
      403,
    );
    const otherAgency = await t.buildAgency();
    expect((await call(technician, 'POST', '/forum-threads', body(technician, { agencyId: otherAgency.id }))).statusCode).toBe(
      403,
    );
    const customer = await t.buildClient();
    expect((await call(customer, 'POST', '/forum-threads', body({ agencyIds: customer.agencyIds }))).statusCode).toBe(403);
  });

  it('answers validation_failed per field, in French', async () => {
    const writer = await t.buildAdmin({ roleId: 2 });
    const file = await t.uploadAs(writer, 13, PDF, 'a.pdf');
    const res = await call(writer, 'POST', '/forum-threads', {
      ...body(writer),
      title: ' ',
      content: '<p></p>',
      joinedFiles: [{ fileName: '', fileId: file }, { fileName: 'Sans fichier' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      errors: {
        title: ['Veuillez remplir ce champ'],
        content: ['Veuillez remplir ce champ'],
        'joinedFiles.0.fileName': [FORUM_MESSAGES.fileNameRequired],
        'joinedFiles.1.fileId': [FORUM_MESSAGES.fileRequired],
      },
    });
    const three = [1, 2, 3].map((n) => ({ fileName: `F${n}`, fileId: file }));
    const tooMany = await call(writer, 'POST', '/forum-threads', body(writer, { joinedFiles: three }));
    expect(tooMany.json().errors.joinedFiles).toEqual([FORUM_MESSAGES.tooManyJoinedFiles]);
    const wrongTheme = await call(writer, 'POST', '/forum-threads', body(writer, { forumThemeId: 7 }));
    expect(wrongTheme.json().errors).toEqual({ forumThemeId: [FORUM_MESSAGES.unknownTheme] });
    const stranger = await t.buildAdmin({ roleId: 2 });
    const notMine = await call(
      stranger,
      'POST',
      '/forum-threads',
      body(stranger, { joinedFiles: [{ fileName: 'x', fileId: file }] }),
    );
    expect(notMine.json().errors).toEqual({ joinedFiles: [FORUM_MESSAGES.fileNotFound] });
    const picture = await t.uploadAs(
      writer,
      9,
      Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
      'p.png',
    );
    const wrongType = await call(
      writer,
      'POST',
      '/forum-threads',
      body(writer, { joinedFiles: [{ fileName: 'x', fileId: picture }] }),
    );
    expect(wrongType.json().errors).toEqual({ joinedFiles: [FORUM_MESSAGES.fileNotFound] });
    const adherentUser = await t.buildAdmin({ roleId: 9 });
    const noAgency = await call(
      adherentUser,
      'POST',
      '/forum-threads',
      body(adherentUser, { forumId: 1, forumThemeId: 1, agencyId: null }),
    );
    expect(noAgency.json().errors).toEqual({ agencyId: [FORUM_MESSAGES.agencyRequired] });
  });
});

describe('GET /api/forum-threads', () => {
  it('filters by forum, theme, closed state and search, last updated first, 10 a page', async () => {
    const writer = await t.buildAdmin({ roleId: 1 });
    const word = `pompe${Date.now()}`;
    const ids: number[] = [];
    for (let n = 0; n < 12; n++)
      ids.push(await open(writer, { forumId: 4, forumThemeId: n % 2 ? 9 : 10, title: `${word} ${n}` }));
    const first = await call(writer, 'GET', `/forum-threads?forumId=4&search=${word}`);
    const list = first.json() as ForumThreadList;
    expect(list.pageCount).toBe(2);
    expect(list.forumThreads.map((th) => th.id)).toEqual([...ids].reverse().slice(0, 10));
    const themed = (
      await call(writer, 'GET', `/forum-threads?forumId=4&forumThemeId=9&search=${word}`)
    ).json() as ForumThreadList;
    expect(themed.forumThreads.every((th) => th.forumThemeId === 9)).toBe(true);
    expect(themed.forumThreads).toHaveLength(6);
    const thread = (await call(writer, 'GET', `/forum-threads/${ids[0]}`)).json() as ForumThread;
    expect((await call(writer, 'PUT', `/forum-threads/${ids[0]}`, update(thread, { isClosed: true }))).statusCode).toBe(204);
    const closed = (await call(writer, 'GET', `/forum-threads?isClosed=true&search=${word}`)).json() as ForumThreadList;
    expect(closed.forumThreads.map((th) => th.id)).toEqual([ids[0]]);
    const technician = await t.buildAdmin({ roleId: 6 });
    const hidden = (await call(technician, 'GET', `/forum-threads?search=${word}`)).json() as ForumThreadList;
    expect(hidden).toEqual({ forumThreads: [], pageCount: 0 });
    const bad = await call(writer, 'GET', '/forum-threads?isClosed=maybe&pageSize=0');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['isClosed', 'pageSize']);
  });
});

describe('PUT and DELETE /api/forum-threads/{id}', () => {
  it('lets the author, roles 1 to 3, and roles 4 and 7 of the same adherent edit; others get 403', async () => {
    const author = await t.buildAdmin({ roleId: 6 });
    const id = await open(author);
    const thread = (await call(author, 'GET', `/forum-threads/${id}`)).json() as ForumThread;
    const sameAdherentManager = await t.buildAdmin({ roleId: 7, adherentId: author.adherentId, agencyIds: author.agencyIds });
    const otherManager = await t.buildAdmin({ roleId: 4 });
    const colleague = await t.buildAdmin({ roleId: 6, adherentId: author.adherentId });
    const animator = await t.buildAdmin({ roleId: 3 });
    // Role 7 lacks the technical forum: it may not read it, so it is not found for it.
    expect((await call(sameAdherentManager, 'PUT', `/forum-threads/${id}`, update(thread))).statusCode).toBe(404);
    expect((await call(colleague, 'PUT', `/forum-threads/${id}`, update(thread))).statusCode).toBe(403);
    expect((await call(colleague, 'GET', `/forum-threads/${id}`)).json().isEditable).toBe(false);
    expect((await call(animator, 'PUT', `/forum-threads/${id}`, update(thread, { title: 'Renommé' }))).statusCode).toBe(204);
    expect((await call(author, 'PUT', `/forum-threads/${id}`, update(thread, { title: 'Par son auteur' }))).statusCode).toBe(204);

    const memberThreadAuthor = await t.buildAdmin({ roleId: 9 });
    const memberThread = await open(memberThreadAuthor, { forumId: 1, forumThemeId: 1 });
    const own = (await call(memberThreadAuthor, 'GET', `/forum-threads/${memberThread}`)).json() as ForumThread;
    const manager = await t.buildAdmin({
      roleId: 4,
      adherentId: memberThreadAuthor.adherentId,
      agencyIds: memberThreadAuthor.agencyIds,
    });
    expect((await call(manager, 'GET', `/forum-threads/${memberThread}`)).json().isEditable).toBe(true);
    expect((await call(otherManager, 'GET', `/forum-threads/${memberThread}`)).json().isEditable).toBe(false);
    expect((await call(otherManager, 'PUT', `/forum-threads/${memberThread}`, update(own, { isClosed: true }))).statusCode).toBe(
      403,
    );
    expect((await call(otherManager, 'DELETE', `/forum-threads/${memberThread}`)).statusCode).toBe(403);
    expect((await call(manager, 'PUT', `/forum-threads/${memberThread}`, update(own, { isClosed: true }))).statusCode).toBe(204);
    const closed = (await call(manager, 'GET', `/forum-threads/${memberThread}`)).json() as ForumThread;
    expect(closed).toMatchObject({ isClosed: true, title: own.title, content: own.content, lastUpdateDate: own.lastUpdateDate });
    expect((await call(manager, 'DELETE', `/forum-threads/${memberThread}`)).statusCode).toBe(204);
    expect((await call(manager, 'GET', `/forum-threads/${memberThread}`)).statusCode).toBe(404);
    const customer = await t.buildClient();
    expect((await call(customer, 'DELETE', `/forum-threads/${id}`)).statusCode).toBe(403);
    const bad = await call(author, 'PUT', `/forum-threads/${id}`, { ...update(thread), isClosed: 'oui', title: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['isClosed', 'title']);
  });

  it('deletes its replies, their notifications and search entries; a renamed thread renames its notifications', async () => {
    const author = await t.buildAdmin({ roleId: 2 });
    const replier = await t.buildAdmin({ roleId: 6 });
    const id = await open(author);
    const post = await call(replier, 'POST', '/forum-posts', {
      forumThreadId: id,
      content: '<p>Réponse</p>',
      agencyId: replier.agencyIds[0],
      joinedFiles: [],
    });
    expect(post.statusCode).toBe(201);
    const thread = (await call(author, 'GET', `/forum-threads/${id}`)).json() as ForumThread;
    await call(author, 'PUT', `/forum-threads/${id}`, update(thread, { title: 'Nouveau titre' }));
    const ofThread = sql`${notifications.data}->>'forumThreadId' = ${String(id)}`;
    const titles = await t.db.select({ data: notifications.data }).from(notifications).where(ofThread);
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.every((n) => (n.data as { forumThreadTitle: string }).forumThreadTitle === 'Nouveau titre')).toBe(true);
    const postId = (post.json() as { id: number }).id;
    const [postEntry] = await t.db
      .select()
      .from(searchables)
      .where(and(eq(searchables.entityType, 'forum_post'), eq(searchables.entityId, postId)));
    expect(postEntry?.title).toBe('Nouveau titre');

    expect((await call(author, 'DELETE', `/forum-threads/${id}`)).statusCode).toBe(204);
    expect(await t.db.$count(notifications, ofThread)).toBe(0);
    expect((await call(author, 'GET', `/forum-posts/${postId}`)).statusCode).toBe(404);
    const left = await t.db
      .select()
      .from(searchables)
      .where(
        sql`(${searchables.entityType} = 'forum_thread' and ${searchables.entityId} = ${id}) or (${searchables.entityType} = 'forum_post' and ${searchables.entityId} = ${postId})`,
      );
    expect(left).toEqual([]);
    expect((await call(author, 'DELETE', `/forum-threads/${id}`)).statusCode).toBe(404);
  });
});

describe('forum search entries', () => {
  it('are found only by callers holding the forum permission', async () => {
    const writer = await t.buildAdmin({ roleId: 1 });
    const word = `desembouage${Date.now()}`;
    const id = await open(writer, { forumId: 4, forumThemeId: 9, title: `Sujet ${word}` });
    const search = createPostgresSearchIndex(t.db);
    const scope = (permissions: string[]): SearchScope => ({
      includePrivate: true,
      agencyIds: null,
      adherentIds: null,
      regionIds: null,
      permissions,
    });
    const hits = async (s: SearchScope) =>
      (await search.search({ text: word, scope: s, limit: 10, offset: 0 })).hits.map((h) => h.entityId);
    expect(await hits(scope(['forum_ca_administration']))).toEqual([id]);
    expect(await hits(scope(['forum_tech_administration']))).toEqual([]);
    expect(await hits({ includePrivate: true, agencyIds: null, adherentIds: null, regionIds: null })).toEqual([]);
  });
});
