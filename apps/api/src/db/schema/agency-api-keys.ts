import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { admins } from './admins.js';
import { agencies } from './agencies.js';

/**
 * Keys with which an agency's own software writes that agency's data (issue 11). Only the
 * SHA-256 of a key is kept (a key is 32 random bytes: a slow hash would add nothing but cost on
 * every call). Revoking sets `revokedAt`; the row stays for the audit trail and the history.
 */
export const agencyApiKeys = pgTable(
  'agency_api_keys',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    label: text().notNull(),
    keyHash: text().notNull(),
    createdByAdminId: integer().references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('agency_api_keys_hash_uq').on(t.keyHash),
    index('agency_api_keys_agency_idx').on(t.agencyId).where(sql`${t.revokedAt} is null`),
  ],
);
