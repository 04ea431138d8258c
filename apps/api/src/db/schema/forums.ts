import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { admins } from './admins.js';
import { agencies } from './agencies.js';

/** A forum attachment (file type 13) with the name the writer gave it. */
export type ForumJoinedFileRef = { fileName: string; fileId: number };

/** The four forums (spec 00 §6), reference data written by seed/reference.ts from FORUMS. */
export const forums = pgTable('forums', {
  id: integer().primaryKey(),
  title: text().notNull(),
});

/** Each forum's themes, reference data from FORUM_THEMES. */
export const forumThemes = pgTable(
  'forum_themes',
  {
    id: integer().primaryKey(),
    forumId: integer()
      .notNull()
      .references(() => forums.id),
    name: text().notNull(),
  },
  (t) => [index('forum_themes_forum_idx').on(t.forumId)],
);

/**
 * A forum thread (spec 02 §3): its opening post is the thread itself. `numberOfAnswers` and
 * `lastUpdateDate` move in the same statement that adds or removes a reply (modules/forums),
 * so concurrent replies keep them right; the thread list sorts on the last update.
 */
export const forumThreads = pgTable(
  'forum_threads',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    forumId: integer()
      .notNull()
      .references(() => forums.id),
    forumThemeId: integer()
      .notNull()
      .references(() => forumThemes.id),
    title: text().notNull(),
    content: text().notNull(),
    agencyId: integer().references(() => agencies.id, { onDelete: 'set null' }),
    authorId: integer().references(() => admins.id, { onDelete: 'set null' }),
    joinedFiles: jsonb().$type<ForumJoinedFileRef[]>().notNull().default([]),
    isClosed: boolean().notNull().default(false),
    publicationDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUpdateDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    numberOfAnswers: integer().notNull().default(0),
  },
  (t) => [
    // One index per filter of GET /forum-threads, each ending in the list's order (last update first).
    index('forum_threads_forum_recent_idx').on(t.forumId, t.lastUpdateDate.desc(), t.id.desc()),
    index('forum_threads_theme_recent_idx').on(t.forumThemeId, t.lastUpdateDate.desc(), t.id.desc()),
    index('forum_threads_forum_closed_recent_idx').on(t.forumId, t.isClosed, t.lastUpdateDate.desc(), t.id.desc()),
    index('forum_threads_recent_idx').on(t.lastUpdateDate.desc(), t.id.desc()),
    index('forum_threads_author_idx').on(t.authorId),
    check('forum_threads_joined_files_check', sql`jsonb_array_length(${t.joinedFiles}) <= 2`),
    check('forum_threads_answers_check', sql`${t.numberOfAnswers} >= 0`),
  ],
);

/** A reply to a thread; deleting the thread deletes its replies. */
export const forumPosts = pgTable(
  'forum_posts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    forumThreadId: integer()
      .notNull()
      .references(() => forumThreads.id, { onDelete: 'cascade' }),
    content: text().notNull(),
    agencyId: integer().references(() => agencies.id, { onDelete: 'set null' }),
    authorId: integer().references(() => admins.id, { onDelete: 'set null' }),
    joinedFiles: jsonb().$type<ForumJoinedFileRef[]>().notNull().default([]),
    publicationDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('forum_posts_thread_idx').on(t.forumThreadId, t.publicationDate, t.id),
    index('forum_posts_author_idx').on(t.authorId),
    check('forum_posts_joined_files_check', sql`jsonb_array_length(${t.joinedFiles}) <= 2`),
  ],
);
