import type { ForumPostList, ForumThread } from '@reseau/contracts';
import { FORUM_MESSAGES } from '@reseau/contracts';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { notifications } from '../../db/schema/index.js';

const t = await buildTestApp();
type Who = Parameters<typeof t.authHeader>[0];
type Staff = Awaited<ReturnType<typeof t.buildAdmin>>;
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');

async function call(who: Who, method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) {
  return t.app.inject({ method, url: `/api${url}`, headers: await t.authHeader(who), ...(payload ? { payload } : {}) });
}

async function openThread(who: Staff, forumId = 2, forumThemeId = 4) {
  const res = await call(who, 'POST', '/forum-threads', {
    forumId,
    forumThemeId,
    title: 'Réglage loi d’eau',
    content: '<p>Question</p>',
    agencyId: who.agencyIds[0] ?? null,
    joinedFiles: [],
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

const reply = (who: Staff, forumThreadId: number, values: object = {}) =>
  call(who, 'POST', '/forum-posts', {
    forumThreadId,
    content: '<p>Réponse</p>',
    agencyId: who.agencyIds[0] ?? null,
    joinedFiles: [],
    ...values,
  });

const threadOf = async (who: Who, id: number) => (await call(who, 'GET', `/forum-threads/${id}`)).json() as ForumThread;

describe('POST /api/forum-posts', () => {
  it('answers with a named attachment, pages replies 5 at a time oldest first, and counts them', async () => {
    const author = await t.buildAdmin({ roleId: 6 });
    const replier = await t.buildAdmin({ roleId: 6 });
    const id = await openThread(author);
    const before = await threadOf(author, id);
    const file = await t.uploadAs(replier, 13, PDF, 'schema.pdf');
    const first = await reply(replier, id, {
      joinedFiles: [{ fileName: 'Schéma', fileId: file }],
      content: '<p>Voir <em>schéma</em><img src="x"></p>',
    });
    expect(first.statusCode, first.body).toBe(201);
    for (let n = 0; n < 5; n++) expect((await reply(author, id, { content: `<p>R${n}</p>` })).statusCode).toBe(201);
    const page1 = (await call(author, 'GET', `/forum-posts?forumThreadId=${id}`)).json() as ForumPostList;
    expect(page1.pageCount).toBe(2);
    expect(page1.forumPosts).toHaveLength(5);
    expect(page1.forumPosts[0]).toMatchObject({
      forumThreadId: id,
      authorId: replier.id,
      agencyId: replier.agencyIds[0],
      joinedFiles: [{ fileName: 'Schéma', fileId: file }],
      content: '<p>Voir <em>schéma</em></p>',
      isEditable: false,
    });
    const page2 = (await call(author, 'GET', `/forum-posts?forumThreadId=${id}&pageNumber=2`)).json() as ForumPostList;
    expect(page2.forumPosts.map((p) => p.content)).toEqual(['<p>R4</p>']);
    const after = await threadOf(author, id);
    expect(after.numberOfAnswers).toBe(6);
    expect(after.lastUpdateDate > before.lastUpdateDate).toBe(true);
    // The attachment follows the thread's forum: a reader of it downloads it, another forum's reader does not.
    expect((await call(author, 'GET', `/files/${file}`)).statusCode).toBe(200);
    expect((await call(await t.buildAdmin({ roleId: 5 }), 'GET', `/files/${file}`)).statusCode).toBe(404);
    const one = await call(author, 'GET', `/forum-posts/${page1.forumPosts[0]!.id}`);
    expect(one.json().id).toBe(page1.forumPosts[0]!.id);
  });

  it('keeps numberOfAnswers right under concurrent replies', async () => {
    const author = await t.buildAdmin({ roleId: 2 });
    const id = await openThread(author);
    const repliers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => t.buildAdmin({ roleId: 6 })));
    const answers = await Promise.all(repliers.map((r) => reply(r, id)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect((await threadOf(author, id)).numberOfAnswers).toBe(6);
    const posts = (await call(author, 'GET', `/forum-posts?forumThreadId=${id}&pageSize=10`)).json() as ForumPostList;
    await Promise.all(posts.forumPosts.slice(0, 3).map((p) => call(author, 'DELETE', `/forum-posts/${p.id}`)));
    expect((await threadOf(author, id)).numberOfAnswers).toBe(3);
  });

  it('refuses a reply to a closed thread with a French message, also when the close races the replies', async () => {
    const author = await t.buildAdmin({ roleId: 2 });
    const replier = await t.buildAdmin({ roleId: 6 });
    const id = await openThread(author);
    const thread = await threadOf(author, id);
    const close = {
      forumThemeId: thread.forumThemeId,
      title: thread.title,
      content: thread.content,
      joinedFiles: [],
      isClosed: true,
    };
    const [closing, ...replies] = await Promise.all([
      call(author, 'PUT', `/forum-threads/${id}`, close),
      reply(replier, id),
      reply(replier, id),
      reply(replier, id),
    ]);
    expect(closing!.statusCode).toBe(204);
    const accepted = replies.filter((r) => r.statusCode === 201).length;
    expect((await threadOf(author, id)).numberOfAnswers).toBe(accepted);
    const refused = await reply(replier, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'forum_thread_closed', message: FORUM_MESSAGES.threadClosed });
  });

  it("tells the thread's author and participants (NEW_FORUM_POST), never the writer", async () => {
    const author = await t.buildAdmin({ roleId: 6 });
    const first = await t.buildAdmin({ roleId: 6 });
    const second = await t.buildAdmin({ roleId: 6 });
    const bystander = await t.buildAdmin({ roleId: 6 });
    const id = await openThread(author);
    await reply(first, id);
    await reply(second, id);
    const rows = await t.db
      .select({ adminId: notifications.adminId, type: notifications.type, data: notifications.data })
      .from(notifications)
      .where(inArray(notifications.adminId, [author.id, first.id, second.id, bystander.id]));
    const posts = rows.filter((r) => r.type === 'NEW_FORUM_POST' && (r.data as { forumThreadId: number }).forumThreadId === id);
    // First reply: the author; second reply: the author and the first replier.
    expect(posts.map((p) => p.adminId).sort()).toEqual([author.id, author.id, first.id].sort());
    expect(posts[0]!.data).toEqual({ forumId: 2, forumThreadId: id, forumThreadTitle: 'Réglage loi d’eau' });
  });

  it('refuses an unreadable thread (404), another agency (403), a customer (403) and bad input (400)', async () => {
    const author = await t.buildAdmin({ roleId: 6 });
    const id = await openThread(author);
    const accountant = await t.buildAdmin({ roleId: 8 });
    expect((await reply(accountant, id)).statusCode).toBe(404);
    expect((await call(accountant, 'GET', `/forum-posts?forumThreadId=${id}`)).statusCode).toBe(404);
    const otherAgency = await t.buildAgency();
    expect((await reply(author, id, { agencyId: otherAgency.id })).statusCode).toBe(403);
    const customer = await t.buildClient();
    expect(
      (await call(customer, 'POST', '/forum-posts', { forumThreadId: id, content: '<p>x</p>', agencyId: null, joinedFiles: [] }))
        .statusCode,
    ).toBe(403);
    const bad = await reply(author, id, { content: '', joinedFiles: [{ fileName: 'x' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      content: ['Veuillez remplir ce champ'],
      'joinedFiles.0.fileId': [FORUM_MESSAGES.fileRequired],
    });
    expect((await call(author, 'GET', '/forum-posts')).json().errors.forumThreadId).toBeDefined();
  });
});

describe('PUT and DELETE /api/forum-posts/{id}', () => {
  it('lets the author, network roles and the managers of its adherent edit and delete; others get 403', async () => {
    const member = await t.buildAdmin({ roleId: 9 });
    const id = await openThread(member, 1, 1);
    const postId = ((await reply(member, id)).json() as { id: number }).id;
    const colleague = await t.buildAdmin({ roleId: 9, adherentId: member.adherentId });
    const manager = await t.buildAdmin({ roleId: 7, adherentId: member.adherentId, agencyIds: member.agencyIds });
    const otherManager = await t.buildAdmin({ roleId: 4 });
    const network = await t.buildAdmin({ roleId: 3 });
    const edit = { content: '<p>Corrigé</p>', joinedFiles: [] };
    expect((await call(colleague, 'PUT', `/forum-posts/${postId}`, edit)).statusCode).toBe(403);
    expect((await call(otherManager, 'PUT', `/forum-posts/${postId}`, edit)).statusCode).toBe(403);
    expect((await call(otherManager, 'DELETE', `/forum-posts/${postId}`)).statusCode).toBe(403);
    expect((await call(member, 'PUT', `/forum-posts/${postId}`, edit)).statusCode).toBe(204);
    expect((await call(manager, 'PUT', `/forum-posts/${postId}`, edit)).statusCode).toBe(204);
    expect((await call(network, 'PUT', `/forum-posts/${postId}`, { content: '<p>Réseau</p>', joinedFiles: [] })).statusCode).toBe(
      204,
    );
    expect((await call(member, 'GET', `/forum-posts/${postId}`)).json().content).toBe('<p>Réseau</p>');
    const bad = await call(member, 'PUT', `/forum-posts/${postId}`, { content: '<p></p>', joinedFiles: [] });
    expect(bad.json().errors).toEqual({ content: ['Veuillez remplir ce champ'] });
    const technician = await t.buildAdmin({ roleId: 6 });
    expect((await call(technician, 'PUT', `/forum-posts/${postId}`, edit)).statusCode).toBe(404);
    const customer = await t.buildClient();
    expect((await call(customer, 'PUT', `/forum-posts/${postId}`, edit)).statusCode).toBe(403);
    expect((await call(manager, 'DELETE', `/forum-posts/${postId}`)).statusCode).toBe(204);
    expect((await call(manager, 'DELETE', `/forum-posts/${postId}`)).statusCode).toBe(404);
    expect((await threadOf(member, id)).numberOfAnswers).toBe(0);
  });
});
