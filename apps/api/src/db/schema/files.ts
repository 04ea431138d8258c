import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const files = pgTable(
  'files',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    typeId: integer().notNull(),
    /** Key in the storage (local folder or S3 bucket); never sent to clients. */
    storageKey: text().notNull(),
    fileName: text().notNull(),
    mimeType: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    uploadedByAdminId: integer(),
    uploadedByClientId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Each upload reads its uploader's files of the last 24 hours (the daily quota, upload-quota.ts).
    index('files_uploaded_by_admin_idx').on(t.uploadedByAdminId, t.createdAt).where(sql`${t.uploadedByAdminId} is not null`),
    index('files_uploaded_by_client_idx').on(t.uploadedByClientId, t.createdAt).where(sql`${t.uploadedByClientId} is not null`),
  ],
);
