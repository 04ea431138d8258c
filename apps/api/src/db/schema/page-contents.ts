import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { agencies } from './agencies.js';
import type { FileRef } from './news.js';

/**
 * Contents of the agency pages (spec 01 §2, §3): an agency's own (`agencyId`) or network-wide ones
 * (`agencyId` null), shown on the agencies' public pages. `content` is HTML written through the
 * shared rich-text sanitizer; `contentImages` holds the ids of the images it shows, so that its
 * readers may open them (FILE_HOLDERS).
 */
export const agencyPageContents = pgTable(
  'agency_page_contents',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer().references(() => agencies.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    videoUrl: text(),
    content: text().notNull(),
    contentImages: jsonb().$type<FileRef[]>().notNull().default([]),
    illustrationFileId: integer(),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agency_page_contents_agency_idx').on(t.agencyId)],
);
