import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { admins } from './admins.js';
import { files } from './files.js';

/**
 * The network's applications directory (spec 02 §3): a title, a web address (http or https,
 * checked by the contract's schema) and a logo of upload type 11. The logo is required, so a file
 * that still holds one cannot be deleted from under it.
 */
export const networkApplications = pgTable(
  'network_applications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    title: text().notNull(),
    url: text().notNull(),
    illustrationFileId: integer()
      .notNull()
      .references(() => files.id),
    authorId: integer().references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // Downloads look a logo up by its id (FILE_HOLDERS).
  (t) => [index('network_applications_illustration_idx').on(t.illustrationFileId)],
);
