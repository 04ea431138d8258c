import type {
  Forum,
  ForumPost,
  ForumPostList,
  ForumPostListQuery,
  ForumTheme,
  ForumThread,
  ForumThreadList,
  ForumThreadListQuery,
} from '@reseau/contracts';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AdminPrincipal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import {
  admins,
  agencies,
  type ForumJoinedFileRef,
  forumPosts,
  forums,
  forumThemes,
  forumThreads,
} from '../../db/schema/index.js';
import { likePattern } from '../../lib/like-pattern.js';
import { pageCount, pageOffset } from '../../lib/paging.js';
import type { StaffContext } from '../../lib/request-context.js';
import { editableFlag, readableForumIds, readableThreads } from './policy.js';

const authorName = sql<string>`coalesce(${admins.firstName} || ' ' || ${admins.lastName}, '')`;
const agencyName = sql<string>`coalesce(${agencies.name}, '')`;
const files = (refs: ForumJoinedFileRef[]) => refs.map(({ fileName, fileId }) => ({ fileName, fileId }));

export async function listForums({ db, caller: admin }: StaffContext): Promise<Forum[]> {
  const ids = readableForumIds(admin);
  if (ids.length === 0) return [];
  return db.select({ id: forums.id, title: forums.title }).from(forums).where(inArray(forums.id, ids)).orderBy(asc(forums.id));
}

/** A forum's themes; null when the caller may not read the forum. */
export async function listForumThemes({ db, caller: admin }: StaffContext, forumId: number): Promise<ForumTheme[] | null> {
  if (!readableForumIds(admin).includes(forumId)) return null;
  return db
    .select({ id: forumThemes.id, name: forumThemes.name })
    .from(forumThemes)
    .where(eq(forumThemes.forumId, forumId))
    .orderBy(asc(forumThemes.id));
}

const threadColumns = (admin: AdminPrincipal) => ({
  id: forumThreads.id,
  forumId: forumThreads.forumId,
  forumThemeId: forumThreads.forumThemeId,
  title: forumThreads.title,
  content: forumThreads.content,
  agencyId: forumThreads.agencyId,
  authorId: forumThreads.authorId,
  joinedFiles: forumThreads.joinedFiles,
  isClosed: forumThreads.isClosed,
  publicationDate: forumThreads.publicationDate,
  lastUpdateDate: forumThreads.lastUpdateDate,
  numberOfAnswers: forumThreads.numberOfAnswers,
  author: authorName,
  agencyName,
  isEditable: editableFlag(admin, forumThreads.authorId),
});
type ThreadRow = Awaited<ReturnType<ReturnType<typeof threadQuery>['execute']>>[number];

function threadQuery(db: DbOrTx, admin: AdminPrincipal, where: SQL | undefined) {
  return db
    .select(threadColumns(admin))
    .from(forumThreads)
    .leftJoin(admins, eq(admins.id, forumThreads.authorId))
    .leftJoin(agencies, eq(agencies.id, forumThreads.agencyId))
    .where(where)
    .$dynamic();
}

/** The presenter: only the contract's fields leave the server. */
function presentThread(row: ThreadRow): ForumThread {
  return {
    ...row,
    joinedFiles: files(row.joinedFiles),
    publicationDate: row.publicationDate.toISOString(),
    lastUpdateDate: row.lastUpdateDate.toISOString(),
    isEditable: Boolean(row.isEditable),
  };
}

/** The threads the caller may read, filtered, last updated first: one query for the page, one for the count. */
export async function listForumThreads(
  { db, caller: admin }: StaffContext,
  query: ForumThreadListQuery,
): Promise<ForumThreadList> {
  const search = query.search ? likePattern(query.search) : undefined;
  const where = and(
    readableThreads(admin),
    query.forumId === undefined ? undefined : eq(forumThreads.forumId, query.forumId),
    query.forumThemeId === undefined ? undefined : eq(forumThreads.forumThemeId, query.forumThemeId),
    query.isClosed === undefined ? undefined : eq(forumThreads.isClosed, query.isClosed),
    search === undefined ? undefined : or(ilike(forumThreads.title, search), ilike(forumThreads.content, search)),
  );
  const rows = await threadQuery(db, admin, where)
    .orderBy(desc(forumThreads.lastUpdateDate), desc(forumThreads.id))
    .limit(query.pageSize)
    .offset(pageOffset(query));
  const total = await db.$count(forumThreads, where);
  return { forumThreads: rows.map(presentThread), pageCount: pageCount(total, query) };
}

/** One thread, or null when it does not exist or the caller may not read its forum. */
export async function getForumThread({ db, caller: admin }: StaffContext, id: number): Promise<ForumThread | null> {
  const [row] = await threadQuery(db, admin, and(eq(forumThreads.id, id), readableThreads(admin)));
  return row ? presentThread(row) : null;
}

/** A thread's replies, oldest first; null when the caller may not read the thread. */
export async function listForumPosts(
  { db, caller: admin }: StaffContext,
  query: ForumPostListQuery,
): Promise<ForumPostList | null> {
  const [thread] = await db
    .select({ id: forumThreads.id })
    .from(forumThreads)
    .where(and(eq(forumThreads.id, query.forumThreadId), readableThreads(admin)));
  if (!thread) return null;
  const where = eq(forumPosts.forumThreadId, query.forumThreadId);
  const rows = await postQuery(db, admin, where)
    .orderBy(asc(forumPosts.publicationDate), asc(forumPosts.id))
    .limit(query.pageSize)
    .offset(pageOffset(query));
  const total = await db.$count(forumPosts, where);
  return { forumPosts: rows.map(presentPost), pageCount: pageCount(total, query) };
}

function postQuery(db: DbOrTx, admin: AdminPrincipal, where: SQL | undefined) {
  return db
    .select({
      id: forumPosts.id,
      forumThreadId: forumPosts.forumThreadId,
      content: forumPosts.content,
      agencyId: forumPosts.agencyId,
      authorId: forumPosts.authorId,
      joinedFiles: forumPosts.joinedFiles,
      publicationDate: forumPosts.publicationDate,
      author: authorName,
      agencyName,
      isEditable: editableFlag(admin, forumPosts.authorId),
    })
    .from(forumPosts)
    .leftJoin(admins, eq(admins.id, forumPosts.authorId))
    .leftJoin(agencies, eq(agencies.id, forumPosts.agencyId))
    .where(where)
    .$dynamic();
}
type PostRow = Awaited<ReturnType<ReturnType<typeof postQuery>['execute']>>[number];

function presentPost(row: PostRow): ForumPost {
  return {
    ...row,
    joinedFiles: files(row.joinedFiles),
    publicationDate: row.publicationDate.toISOString(),
    isEditable: Boolean(row.isEditable),
  };
}

/** One reply, or null when it does not exist or the caller may not read its thread. */
export async function getForumPost({ db, caller: admin }: StaffContext, id: number): Promise<ForumPost | null> {
  const [row] = await postQuery(
    db,
    admin,
    and(
      eq(forumPosts.id, id),
      inArray(forumPosts.forumThreadId, db.select({ id: forumThreads.id }).from(forumThreads).where(readableThreads(admin))),
    ),
  );
  return row ? presentPost(row) : null;
}
