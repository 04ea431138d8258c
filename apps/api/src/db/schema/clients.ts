import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { agencies } from './agencies.js';

/**
 * An agency's customer. The row exists as soon as an agency knows the customer's email; the
 * password is set at the first connection and the account is usable once the email is verified.
 */
export const clients = pgTable(
  'clients',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    emailAddress: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    passwordHash: text(),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Set by POST /clients/me::erase (RGPD issue 28 §2): the row is anonymised and can never sign in
     * again; it stays for the invoices and contracts the law keeps. An import reference pointing at it
     * is a tombstone (docs/import.md).
     */
    erasedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('clients_email_unique').on(sql`lower(${t.emailAddress})`)],
);

/** The agencies a customer is a customer of. */
export const clientAgencies = pgTable(
  'client_agencies',
  {
    clientId: integer()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    agencyId: integer()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.agencyId] }), index('client_agencies_agency_idx').on(t.agencyId)],
);
