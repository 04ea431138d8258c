import type { ForumThreadBody, ForumThreadUpdateBody } from '@reseau/contracts';
import { FORUM_MESSAGES, NOT_FOUND_SUBJECTS } from '@reseau/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AdminPrincipal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { forumPosts, forumThemes, forumThreads, notifications } from '../../db/schema/index.js';
import type { SearchIndex } from '../../integrations/search/index.js';
import { audit, auditActor } from '../../kernel/audit.js';
import { notify } from '../../kernel/notify.js';
import { errors } from '../../lib/errors.js';
import type { StaffContext } from '../../lib/request-context.js';
import { checkedAgency, checkedMessage, forumReaders, threadNotifications } from './checks.js';
import { assertMayWriteInForum, editableBy, readableThreads } from './policy.js';
import { postSearchEntry, threadSearchEntry } from './search-entries.js';

async function assertThemeOf(db: DbOrTx, forumId: number, forumThemeId: number) {
  const [theme] = await db
    .select({ id: forumThemes.id })
    .from(forumThemes)
    .where(and(eq(forumThemes.id, forumThemeId), eq(forumThemes.forumId, forumId)));
  if (!theme) throw errors.validation({ forumThemeId: [FORUM_MESSAGES.unknownTheme] });
}

/**
 * A thread the caller may read, and whether it may edit it: null when not found (404), so that
 * a forum the caller may not read shows nothing of its threads.
 */
async function threadFor(db: DbOrTx, admin: AdminPrincipal, id: number) {
  const rule = editableBy(admin, forumThreads.authorId);
  const [row] = await db
    .select({
      id: forumThreads.id,
      forumId: forumThreads.forumId,
      title: forumThreads.title,
      editable: rule === undefined ? sql<boolean>`true` : sql<boolean>`coalesce(${rule}, false)`,
    })
    .from(forumThreads)
    .where(and(eq(forumThreads.id, id), readableThreads(admin)));
  return row ?? null;
}

/** The thread the caller may edit, or the refusal: 404 when unreadable, 403 when not its editor. */
async function editableThread(db: DbOrTx, admin: AdminPrincipal, id: number) {
  const thread = await threadFor(db, admin, id);
  if (!thread) throw errors.notFound(NOT_FOUND_SUBJECTS.forumThread);
  if (!thread.editable) throw errors.forbidden();
  return thread;
}

/** Opens a thread in a forum the caller writes in, indexes it and tells the forum's readers (NEW_FORUM_THREAD). */
export async function createForumThread({ db, deps: { search }, caller: admin, ip }: StaffContext, body: ForumThreadBody) {
  assertMayWriteInForum(admin, body.forumId);
  const agencyId = checkedAgency(admin, body.agencyId);
  await assertThemeOf(db, body.forumId, body.forumThemeId);
  const message = await checkedMessage(db, admin, body);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(forumThreads)
      .values({
        forumId: body.forumId,
        forumThemeId: body.forumThemeId,
        title: body.title,
        ...message,
        agencyId,
        authorId: admin.adminId,
      })
      .returning({ id: forumThreads.id });
    const id = row!.id;
    await search.index(threadSearchEntry({ id, forumId: body.forumId, title: body.title, content: message.content }), tx);
    await notify(tx, await forumReaders(tx, body.forumId, admin.adminId), 'NEW_FORUM_THREAD', {
      forumId: body.forumId,
      forumThreadId: id,
      forumThreadTitle: body.title,
    });
    await audit(tx, { action: 'forum_thread.created', ...auditActor(admin), entity: 'forum_thread', entityId: id, ip });
    return { id };
  });
}

/**
 * Rewrites a thread, or only opens or closes it (spec 02 §4: isClosed with the other fields kept).
 * A change of what it says moves its last update; opening or closing does not.
 */
export async function updateForumThread(
  { db, deps: { search }, caller: admin, ip }: StaffContext,
  id: number,
  body: ForumThreadUpdateBody,
): Promise<void> {
  const thread = await editableThread(db, admin, id);
  await assertThemeOf(db, thread.forumId, body.forumThemeId);
  const message = await checkedMessage(db, admin, body);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        title: forumThreads.title,
        content: forumThreads.content,
        joinedFiles: forumThreads.joinedFiles,
        forumThemeId: forumThreads.forumThemeId,
      })
      .from(forumThreads)
      .where(eq(forumThreads.id, id));
    if (!before) throw errors.notFound(NOT_FOUND_SUBJECTS.forumThread);
    const changed =
      before.title !== body.title ||
      before.content !== message.content ||
      before.forumThemeId !== body.forumThemeId ||
      JSON.stringify(before.joinedFiles) !== JSON.stringify(message.joinedFiles);
    await tx
      .update(forumThreads)
      .set({
        title: body.title,
        forumThemeId: body.forumThemeId,
        ...message,
        isClosed: body.isClosed,
        ...(changed ? { lastUpdateDate: sql`now()` } : {}),
      })
      .where(eq(forumThreads.id, id));
    await search.index(threadSearchEntry({ id, forumId: thread.forumId, title: body.title, content: message.content }), tx);
    if (before.title !== body.title) await followTitle(tx, search, { id, forumId: thread.forumId, title: body.title });
    await audit(tx, {
      action: body.isClosed ? 'forum_thread.updated_closed' : 'forum_thread.updated',
      ...auditActor(admin),
      entity: 'forum_thread',
      entityId: id,
      ip,
    });
  });
}

/** A renamed thread: its replies' search entries and its notifications carry the new title. */
async function followTitle(tx: DbOrTx, search: SearchIndex, thread: { id: number; forumId: number; title: string }) {
  const posts = await tx
    .select({ id: forumPosts.id, content: forumPosts.content })
    .from(forumPosts)
    .where(eq(forumPosts.forumThreadId, thread.id));
  for (const post of posts) await search.index(postSearchEntry(post.id, post.content, thread), tx);
  await tx
    .update(notifications)
    .set({ data: sql`jsonb_set(${notifications.data}, '{forumThreadTitle}', to_jsonb(${thread.title}::text))` })
    .where(threadNotifications(thread.id));
}

/** Deletes a thread with its replies, their notifications and search entries. */
export async function deleteForumThread({ db, deps: { search }, caller: admin, ip }: StaffContext, id: number) {
  await editableThread(db, admin, id);
  await db.transaction(async (tx) => {
    const posts = await tx.select({ id: forumPosts.id }).from(forumPosts).where(eq(forumPosts.forumThreadId, id));
    const deleted = await tx.delete(forumThreads).where(eq(forumThreads.id, id)).returning({ id: forumThreads.id });
    if (deleted.length === 0) throw errors.notFound(NOT_FOUND_SUBJECTS.forumThread);
    await tx.delete(notifications).where(threadNotifications(id));
    await search.remove('forum_thread', id, tx);
    for (const post of posts) await search.remove('forum_post', post.id, tx);
    await audit(tx, { action: 'forum_thread.deleted', ...auditActor(admin), entity: 'forum_thread', entityId: id, ip });
  });
}
