import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SubjectKind } from './auth.js';

export type DataExportStatus = 'pending' | 'ready' | 'failed';

/**
 * "Télécharger mes données" (issue 28 §1, docs/data-rights.md): one ZIP of what the platform holds
 * about an account (a customer or a staff member), made by the `data_export` job, kept on the
 * storage under `storageKey` and mailed to the account as a link whose token is stored hashed.
 * One export at a time per account: a partial unique index on the pending ones.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Whose data: a customer ('client') or a staff member ('admin'). */
    subjectKind: text().$type<SubjectKind>().notNull(),
    subjectId: integer().notNull(),
    /** The staff member who asked (an agency for its customer, or staff for themselves); null: the customer. */
    requestedByAdminId: integer(),
    status: text().$type<DataExportStatus>().notNull().default('pending'),
    /** Where the ZIP is on the storage, once ready; never sent to a client. */
    storageKey: text(),
    size: bigint({ mode: 'number' }),
    /** SHA-256 (base64url) of the mailed link's token. */
    tokenHash: text().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp({ withTimezone: true }),
    /** The link works until then (7 days after the ZIP was ready); the purge deletes the ZIP and the row after it. */
    expiresAt: timestamp({ withTimezone: true }),
    /** The first download. */
    downloadedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // One export being made per account: a second request while one is pending is refused (409).
    uniqueIndex('data_exports_one_pending').on(t.subjectKind, t.subjectId).where(sql`status = 'pending'`),
    index('data_exports_subject_idx').on(t.subjectKind, t.subjectId),
    index('data_exports_expiry_idx').on(t.expiresAt),
  ],
);
