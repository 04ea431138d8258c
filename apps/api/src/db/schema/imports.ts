import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { admins } from './admins.js';
import { agencies } from './agencies.js';
import { agencyApiKeys } from './agency-api-keys.js';
import { clients } from './clients.js';
import { backgroundJobs } from './platform.js';

/** One item's outcome in an import's stored report (issue 11). */
export interface ImportResultRow {
  index: number;
  externalRef: string | null;
  status: 'created' | 'updated' | 'unchanged' | 'error';
  errors: Record<string, string[]> | null;
}

/**
 * One call of POST /imports (issue 11): who sent it (a key, or later a staff member with a CSV),
 * its counts per status for the history, and the per-item report GET /imports/{id} gives back.
 */
export const imports = pgTable(
  'imports',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    keyId: integer().references(() => agencyApiKeys.id, { onDelete: 'set null' }),
    adminId: integer().references(() => admins.id, { onDelete: 'set null' }),
    /** api (JSON with a key) or csv (one item type per file). */
    source: text().$type<'api' | 'csv'>().notNull(),
    /** The one item type of a CSV import; null for a JSON batch, which may mix types. */
    itemType: text(),
    createdCount: integer().notNull().default(0),
    updatedCount: integer().notNull().default(0),
    unchangedCount: integer().notNull().default(0),
    errorCount: integer().notNull().default(0),
    results: jsonb().$type<ImportResultRow[]>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('imports_agency_idx').on(t.agencyId, t.createdAt)],
);

/**
 * What an agency's reference of one item type points at, with the hash of the item last written.
 * The key (agency, type, reference) is what makes imports idempotent: two batches racing for the same reference
 * make one row, the second finds the first's. `entityId` is null only inside the transaction that
 * claims the reference, until the row it points at is made.
 */
export const importRefs = pgTable(
  'import_refs',
  {
    agencyId: integer()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    externalRef: text().notNull(),
    entityId: integer(),
    contentHash: text().notNull(),
    /** SHA-256 of the PDF last attached through PUT /imports/files (quotations, invoices, service calls, documents). */
    fileHash: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'import_refs_pk', columns: [t.agencyId, t.type, t.externalRef] })],
);

/**
 * Customers invited to their extranet by an import (`"invite": true`): the primary key makes the
 * invitation mail go once per customer, whichever agency asks and however often.
 */
export const clientInvitations = pgTable('client_invitations', {
  clientId: integer()
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  agencyId: integer().references(() => agencies.id, { onDelete: 'set null' }),
  invitedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * What one committed chunk of an import leaves to tell the customers (their mails), written in the
 * chunk's transaction beside the import's held `import_mails` job, which reads them all when it
 * runs. A row per chunk rather than a payload grown by each chunk: a first import of 100 000
 * quotes would otherwise rewrite that payload 200 times.
 */
export const importMailEffects = pgTable(
  'import_mail_effects',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    jobId: integer()
      .notNull()
      .references(() => backgroundJobs.id, { onDelete: 'cascade' }),
    effects: jsonb().$type<{ newDocuments: unknown[]; invitedClientIds: number[] }>().notNull(),
  },
  (t) => [index('import_mail_effects_job_idx').on(t.jobId)],
);
