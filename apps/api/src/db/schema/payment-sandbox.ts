import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The built-in sandbox payment provider's own store: what a real provider keeps on its side.
 * It lives in the database because the API is stateless (several instances share it); our
 * records of payments stay in `invoice_payments`, exactly as with PayPlug.
 */
export const sandboxPayments = pgTable('sandbox_payments', {
  /** `sbx_` and 24 random characters: the id of the hosted page and of the notification. */
  id: text().primaryKey(),
  amount: integer().notNull(),
  currency: text().notNull().default('EUR'),
  emailAddress: text().notNull(),
  /** What the page shows: the merchant (agency) and the paid reference (invoice number). */
  merchantName: text().notNull(),
  reference: text().notNull(),
  returnUrl: text().notNull(),
  cancelUrl: text().notNull(),
  notificationUrl: text().notNull(),
  metadata: jsonb().$type<Record<string, string>>().notNull().default({}),
  /** pending, paid, cancelled */
  status: text().notNull().default('pending'),
  paidAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
