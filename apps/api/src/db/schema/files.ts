import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const files = pgTable('files', {
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
});
