import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The mail queue (an outbox): a mail is a row written in the transaction of the change that causes
 * it, delivered by the drainer (integrations/mail/drainer.ts) and kept after delivery; read at
 * /dev/mailbox outside production. `state` defaults to 'sent' for the rows of an instance of the
 * previous version, which delivers its mails itself: the drainer must never send those again.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp({ withTimezone: true }),
    /** The last failure's reason (kept on a dead mail for the operator). */
    error: text(),
    state: text().$type<OutboxState>().notNull().default('sent'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The lease of the drainer sending it: past it, a crashed sender's row is claimed again. */
    lockedUntil: timestamp({ withTimezone: true }),
    /** One mail per key however often its cause is replayed (a retried job, two drainers). */
    idempotencyKey: text(),
    /** Sent as the Message-ID header on every attempt, so a receiver can drop a duplicate. */
    messageId: text(),
  },
  (t) => [
    uniqueIndex('mail_outbox_idempotency_uq').on(t.idempotencyKey),
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.state} in ('pending', 'sending')`),
    // The retention job's sent mails whose body is still kept (issue 28 §3: 30 days).
    index('mail_outbox_body_kept_idx').on(t.sentAt).where(sql`${t.state} = 'sent' and ${t.html} <> ''`),
  ],
);

/** pending → sending (leased) → sent, or back to pending with a later try, or dead after the last. */
export type OutboxState = 'pending' | 'sending' | 'sent' | 'dead';

/**
 * Deferred work other than a mail (a forgotten-password request, an import's mails), written before
 * the request that causes it is answered, and run by the same drainer machinery (jobs/queue.ts).
 */
export const backgroundJobs = pgTable(
  'background_jobs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kind: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    state: text().$type<OutboxState>().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('background_jobs_due_idx').on(t.nextAttemptAt).where(sql`${t.state} in ('pending', 'sending')`)],
);

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

/**
 * Who did what, when, from which address (issue 27 §4). Append-only: a trigger refuses every
 * UPDATE, and every DELETE but of rows older than a year (the daily purge, modules/audit-log).
 * `actorAdminId` is the real caller; `impersonatedAdminId` the account it acted as.
 * `adherentId`: the adherent the entry concerns (the acting account's, or the subject's), which
 * scopes a director's reading; `agencyId`: the agency the action was about, when there is one.
 * Both are filled by kernel/audit.ts; rows written before them stay null (role 1 reads them).
 */
export const auditLog = pgTable(
  'audit_log',
  {
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
    adherentId: integer(),
    agencyId: integer(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_log_actor_idx').on(t.actorAdminId, t.at.desc()),
    index('audit_log_impersonated_idx').on(t.impersonatedAdminId, t.at.desc()),
    index('audit_log_action_idx').on(t.action, t.at.desc()),
    index('audit_log_adherent_idx').on(t.adherentId, t.at.desc()),
    index('audit_log_agency_idx').on(t.agencyId, t.at.desc()),
    // One "impersonation started" per session and impersonated account (kernel/audit.ts).
    uniqueIndex('audit_log_impersonation_once')
      .on(sql`(${t.details}->>'sessionId')`, t.impersonatedAdminId)
      .where(sql`${t.action} = 'auth.impersonation_started'`),
  ],
);

/**
 * When each scheduled job last started, on the database all instances share: a run starts only
 * when the previous one (by any instance) started at least 90 % of the job's period ago, so a job
 * runs once per period in the whole cluster, not once per instance (jobs/scheduler.ts).
 */
export const scheduledJobRuns = pgTable('scheduled_job_runs', {
  name: text().primaryKey(),
  lastStartedAt: timestamp({ withTimezone: true }).notNull(),
});
