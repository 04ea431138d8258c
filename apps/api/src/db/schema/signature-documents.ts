import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { admins } from './admins.js';
import { agencies } from './agencies.js';
import { files } from './files.js';

/**
 * A PDF an agency sends for electronic signature to a recipient (spec 02 §3 "Signature
 * document"): the second kind of envelope at the signature provider, beside the quotes'.
 * The row is written `created` before the provider is called and becomes `ongoing` with the
 * provider's request id once sent, so a send the provider refused stays `created` (the
 * "failed" label of spec 02 §4). Later states come from the provider by webhook.
 */
export const signatureDocuments = pgTable(
  'signature_documents',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    authorId: integer().references(() => admins.id, { onDelete: 'set null' }),
    clientFirstName: text().notNull(),
    clientLastName: text().notNull(),
    clientEmailAddress: text().notNull(),
    title: text().notNull(),
    /** `[{ pdfFileId }]`, in the order they were given (and merged into the one envelope). */
    pdfFiles: jsonb().$type<{ pdfFileId: number }[]>().notNull(),
    /** created, ongoing, signed, expired, declined (spec 02 §3). */
    status: text().notNull().default('created'),
    provider: text().notNull(),
    providerRequestId: text(),
    envelopeFileId: integer().references(() => files.id),
    openingTime: timestamp({ withTimezone: true }),
    signedAt: timestamp({ withTimezone: true }),
    creationDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('signature_documents_status_check', sql`${t.status} in ('created', 'ongoing', 'signed', 'expired', 'declined')`),
    // A notification names a request: one document per request and provider.
    unique('signature_documents_provider_request').on(t.provider, t.providerRequestId),
    index('signature_documents_agency_created_idx').on(t.agencyId, t.creationDate.desc()),
    index('signature_documents_agency_signed_idx').on(t.agencyId, t.signedAt).where(sql`${t.status} = 'signed'`),
  ],
);
