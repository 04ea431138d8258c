import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { admins } from './admins.js';

/** Reference list of news categories (spec 01 §3 "Category: id, code"); seeded by reference.ts. */
export const networkActualityCategories = pgTable(
  'network_actuality_categories',
  {
    id: integer().primaryKey(),
    code: text().notNull(),
  },
  (t) => [uniqueIndex('network_actuality_categories_code_uq').on(t.code)],
);

export type FileRef = { fileId: number };

/**
 * Network news (spec 01 §3). `content` is HTML; every write must go through the shared rich-text
 * sanitizer. `isPublic` keeps the spec's "receivers" values: 0 only adherents, 1 everyone (roles
 * 5, 6 and 8 read only the public ones). The checks hold the spec's limits of 2 illustrations
 * and 4 attached files whatever writes the row.
 */
export const networkActualities = pgTable(
  'network_actualities',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    title: text().notNull(),
    content: text().notNull(),
    categoryId: integer()
      .notNull()
      .references(() => networkActualityCategories.id),
    publicationDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    illustrationFiles: jsonb().$type<FileRef[]>().notNull().default([]),
    joinedFiles: jsonb().$type<FileRef[]>().notNull().default([]),
    isPublic: integer().notNull().default(0),
    authorId: integer().references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Every list reads newest first (dashboard, news page): one index serves both.
    index('network_actualities_newest_idx').on(t.publicationDate.desc(), t.id.desc()),
    check('network_actualities_is_public_check', sql`${t.isPublic} in (0, 1)`),
    check('network_actualities_illustrations_check', sql`jsonb_array_length(${t.illustrationFiles}) <= 2`),
    check('network_actualities_joined_files_check', sql`jsonb_array_length(${t.joinedFiles}) <= 4`),
  ],
);

/** Who read which news (spec 01 §4 "isRead state per user"): one row per pair, idempotent by its key. */
export const networkActualityReads = pgTable(
  'network_actuality_reads',
  {
    networkActualityId: integer()
      .notNull()
      .references(() => networkActualities.id, { onDelete: 'cascade' }),
    adminId: integer()
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    readAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.networkActualityId, t.adminId] }), index('network_actuality_reads_admin_idx').on(t.adminId)],
);
