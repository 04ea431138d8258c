import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
  },
  (t) => [index('notifications_admin_idx').on(t.adminId, t.isRead)],
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
