import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { admins } from './admins.js';
import { regions } from './network.js';

/** A document base (spec 00 §3): 1 general, 2 CA space, 3 to 7 one per region; seeded by reference.ts. */
export const documentBases = pgTable('document_bases', {
  id: integer().primaryKey(),
  name: text().notNull(),
  regionId: integer().references(() => regions.id),
});

/** The categories of one base (spec 02 §3 "Document category: id, name"). */
export const documentBaseItemCategories = pgTable(
  'document_base_item_categories',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    documentBaseId: integer()
      .notNull()
      .references(() => documentBases.id),
    name: text().notNull(),
  },
  (t) => [index('document_base_item_categories_base_idx').on(t.documentBaseId)],
);

/** The types of one category (the detail's "sub-category" tag). */
export const documentBaseItemTypes = pgTable(
  'document_base_item_types',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    categoryId: integer()
      .notNull()
      .references(() => documentBaseItemCategories.id, { onDelete: 'cascade' }),
    name: text().notNull(),
  },
  (t) => [index('document_base_item_types_category_idx').on(t.categoryId)],
);

export type DocumentFileRef = { fileId: number; fileName: string };

/**
 * A document (spec 02 §3). `content` is HTML stored through the rich-text sanitizer;
 * `searchText` is its plain text with the title and short description, so that the list's text
 * search reads one column without stripping tags per row. The checks hold the spec's limits of
 * 2 illustrations and 4 files whatever writes the row. Every list reads one base, newest edition
 * first; an index per filter (category, type, receivers) keeps each page an index walk.
 */
export const documentBaseItems = pgTable(
  'document_base_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    documentBaseId: integer()
      .notNull()
      .references(() => documentBases.id),
    categoryId: integer()
      .notNull()
      .references(() => documentBaseItemCategories.id),
    typeId: integer().references(() => documentBaseItemTypes.id),
    title: text().notNull(),
    shortDescription: text().notNull(),
    content: text().notNull(),
    searchText: text().notNull().default(''),
    isPublic: boolean().notNull().default(false),
    illustrationFiles: jsonb().$type<DocumentFileRef[]>().notNull().default([]),
    joinedFiles: jsonb().$type<DocumentFileRef[]>().notNull().default([]),
    authorId: integer().references(() => admins.id, { onDelete: 'set null' }),
    lastEditionDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('document_base_items_base_idx').on(t.documentBaseId, t.lastEditionDate.desc(), t.id.desc()),
    index('document_base_items_public_idx').on(t.documentBaseId, t.isPublic, t.lastEditionDate.desc(), t.id.desc()),
    index('document_base_items_category_idx').on(t.categoryId, t.lastEditionDate.desc(), t.id.desc()),
    index('document_base_items_type_idx').on(t.typeId, t.lastEditionDate.desc(), t.id.desc()),
    check('document_base_items_illustrations_check', sql`jsonb_array_length(${t.illustrationFiles}) <= 2`),
    check('document_base_items_joined_files_check', sql`jsonb_array_length(${t.joinedFiles}) <= 4`),
  ],
);
