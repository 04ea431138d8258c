import { FORUM_MESSAGES, type ForumPostBody, type ForumPostUpdateBody, NOT_FOUND_SUBJECTS } from '@reseau/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AdminPrincipal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { forumPosts, forumThreads } from '../../db/schema/index.js';
import { audit, auditActor } from '../../kernel/audit.js';
import { notify } from '../../kernel/notify.js';
import { errors } from '../../lib/errors.js';
import type { StaffContext } from '../../lib/request-context.js';
import { checkedAgency, checkedMessage, forumReaders } from './checks.js';
import { editableBy, readableThreads } from './policy.js';
import { postSearchEntry } from './search-entries.js';

const notFound = () => errors.notFound(NOT_FOUND_SUBJECTS.forumPost);

/**
 * Answers a thread. The thread's counter and last update move in one conditional UPDATE that also
 * refuses a closed thread, so concurrent replies all count and a reply never lands after a close.
 * The thread's author and everyone who answered before are told (NEW_FORUM_POST), never the writer.
 */
export async function createForumPost({ db, deps: { search }, caller: admin, ip }: StaffContext, body: ForumPostBody) {
  const [readable] = await db
    .select({ id: forumThreads.id })
    .from(forumThreads)
    .where(and(eq(forumThreads.id, body.forumThreadId), readableThreads(admin)));
  if (!readable) throw errors.notFound(NOT_FOUND_SUBJECTS.forumThread);
  const agencyId = checkedAgency(admin, body.agencyId);
  const message = await checkedMessage(db, admin, body);
  return db.transaction(async (tx) => {
    const [thread] = await tx
      .update(forumThreads)
      .set({ numberOfAnswers: sql`${forumThreads.numberOfAnswers} + 1`, lastUpdateDate: sql`now()` })
      .where(and(eq(forumThreads.id, body.forumThreadId), eq(forumThreads.isClosed, false)))
      .returning({
        id: forumThreads.id,
        forumId: forumThreads.forumId,
        title: forumThreads.title,
        authorId: forumThreads.authorId,
      });
    if (!thread) throw errors.conflict('forum_thread_closed', FORUM_MESSAGES.threadClosed);
    const [row] = await tx
      .insert(forumPosts)
      .values({ forumThreadId: thread.id, ...message, agencyId, authorId: admin.adminId })
      .returning({ id: forumPosts.id });
    const id = row!.id;
    await search.index(postSearchEntry(id, message.content, thread), tx);
    const participants = await tx
      .selectDistinct({ id: forumPosts.authorId })
      .from(forumPosts)
      .where(eq(forumPosts.forumThreadId, thread.id));
    const candidates = [thread.authorId, ...participants.map((p) => p.id)].filter((v): v is number => v !== null);
    await notify(tx, await forumReaders(tx, thread.forumId, admin.adminId, candidates), 'NEW_FORUM_POST', {
      forumId: thread.forumId,
      forumThreadId: thread.id,
      forumThreadTitle: thread.title,
    });
    await audit(tx, { action: 'forum_post.created', ...auditActor(admin), entity: 'forum_post', entityId: id, ip });
    return { id };
  });
}

/** The reply the caller may edit with its thread, or the refusal: 404 when unreadable, 403 when not its editor. */
async function editablePost(db: DbOrTx, admin: AdminPrincipal, id: number) {
  const rule = editableBy(admin, forumPosts.authorId);
  const [row] = await db
    .select({
      id: forumPosts.id,
      editable: rule === undefined ? sql<boolean>`true` : sql<boolean>`coalesce(${rule}, false)`,
      thread: { id: forumThreads.id, forumId: forumThreads.forumId, title: forumThreads.title },
    })
    .from(forumPosts)
    .innerJoin(forumThreads, eq(forumThreads.id, forumPosts.forumThreadId))
    .where(and(eq(forumPosts.id, id), readableThreads(admin)));
  if (!row) throw notFound();
  if (!row.editable) throw errors.forbidden();
  return row;
}

/** Rewrites a reply (its date stays) and its search entry. */
export async function updateForumPost(
  { db, deps: { search }, caller: admin, ip }: StaffContext,
  id: number,
  body: ForumPostUpdateBody,
) {
  const post = await editablePost(db, admin, id);
  const message = await checkedMessage(db, admin, body);
  await db.transaction(async (tx) => {
    const updated = await tx.update(forumPosts).set(message).where(eq(forumPosts.id, id)).returning({ id: forumPosts.id });
    if (updated.length === 0) throw notFound();
    // The entry carries its thread's title: read it now, waiting (FOR SHARE) for a rename under
    // way to commit, or a rename racing this edit would be overwritten with the old title.
    const [thread] = await tx
      .select({ id: forumThreads.id, forumId: forumThreads.forumId, title: forumThreads.title })
      .from(forumThreads)
      .where(eq(forumThreads.id, post.thread.id))
      .for('share');
    await search.index(postSearchEntry(id, message.content, thread ?? post.thread), tx);
    await audit(tx, { action: 'forum_post.updated', ...auditActor(admin), entity: 'forum_post', entityId: id, ip });
  });
}

/** Deletes a reply; the thread's counter goes down in the same transaction (once, however many calls race). */
export async function deleteForumPost({ db, deps: { search }, caller: admin, ip }: StaffContext, id: number) {
  const post = await editablePost(db, admin, id);
  await db.transaction(async (tx) => {
    const deleted = await tx.delete(forumPosts).where(eq(forumPosts.id, id)).returning({ id: forumPosts.id });
    if (deleted.length === 0) throw notFound();
    await tx
      .update(forumThreads)
      .set({ numberOfAnswers: sql`${forumThreads.numberOfAnswers} - 1` })
      .where(eq(forumThreads.id, post.thread.id));
    await search.remove('forum_post', id, tx);
    await audit(tx, { action: 'forum_post.deleted', ...auditActor(admin), entity: 'forum_post', entityId: id, ip });
  });
}
