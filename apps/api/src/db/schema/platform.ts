import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Mails waiting for (or kept after) delivery; read at /dev/mailbox outside production. */
export const mailOutbox = pgTable('mail_outbox', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  to: text().notNull(),
  subject: text().notNull(),
  text: text().notNull(),
  html: text().notNull(),
  sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  deliveredAt: timestamp({ withTimezone: true }),
  error: text(),
});

export const notifications = pgTable(
  'notifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer().notNull(),
    type: text().notNull(),
    isRead: boolean().notNull().default(false),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Set when an event must reach each admin once however often it is raised (an announcement's
     * expiry seen by two scheduler runs): `notify(..., { onceKey })`. Null for ordinary events.
     */
    onceKey: text(),
  },
  (t) => [
    index('notifications_admin_idx').on(t.adminId, t.isRead),
    uniqueIndex('notifications_once_uq').on(t.adminId, t.onceKey).where(sql`${t.onceKey} is not null`),
  ],
);

export const auditLog = pgTable('audit_log', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  action: text().notNull(),
  actorAdminId: integer(),
  actorClientId: integer(),
  impersonatedAdminId: integer(),
  entity: text(),
  entityId: text(),
  details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  ip: text(),
});
