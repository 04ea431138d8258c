import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The built-in sandbox signature provider's own store: what Yousign keeps on its side. It lives
 * in the database (the documents in the file storage) because the API is stateless; our records
 * of signatures stay in `quotation_signatures`, exactly as with Yousign.
 */
export const esignSandboxRequests = pgTable('esign_sandbox_requests', {
  /** A random UUID: the capability in the signature link, as Yousign's signed links are. */
  id: text().primaryKey(),
  /** What the page shows as the title: the quote number and amount. */
  name: text().notNull(),
  signerFirstName: text().notNull(),
  signerLastName: text().notNull(),
  signerEmailAddress: text().notNull(),
  /** Storage keys of the document to sign and, once signed, of the stamped envelope. */
  documentKey: text().notNull(),
  documentName: text().notNull(),
  documentSha256: text().notNull(),
  signedDocumentKey: text(),
  /** ongoing, signed, declined, cancelled (expiry is read from `expiresAt`). */
  status: text().notNull().default('ongoing'),
  successUrl: text().notNull(),
  declineUrl: text().notNull(),
  openedAt: timestamp({ withTimezone: true }),
  signedAt: timestamp({ withTimezone: true }),
  declinedAt: timestamp({ withTimezone: true }),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
