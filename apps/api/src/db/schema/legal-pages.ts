import type { LegalPageSlug } from '@reseau/contracts';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { admins } from './admins.js';

/**
 * The public legal pages (RGPD issue 28 §4) as role 1 saved them. A page without a row shows the
 * default text of the code (modules/legal-pages/defaults.ts). `content` is sanitized HTML.
 */
export const legalPages = pgTable('legal_pages', {
  slug: text().$type<LegalPageSlug>().primaryKey(),
  title: text().notNull(),
  content: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer().references(() => admins.id, { onDelete: 'set null' }),
});
