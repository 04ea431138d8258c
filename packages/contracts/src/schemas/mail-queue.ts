import { z } from 'zod';
import { idParam } from './primitives.js';

/** The mail queue's states (pending → sending → sent, or dead after the last try). */
export const MAIL_QUEUE_STATES = ['pending', 'sending', 'sent', 'dead'] as const;
export type MailQueueState = (typeof MAIL_QUEUE_STATES)[number];

const count = z.number().int().min(0);

/** A mail that has failed at least once: waiting for its next try, or dead. */
export const mailQueueItem = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  state: z.enum(MAIL_QUEUE_STATES),
  attempts: count,
  /** The last failure's reason, as the mail server gave it. */
  error: z.string().nullable(),
  /** ISO 8601 instants. */
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
});
export type MailQueueItem = z.infer<typeof mailQueueItem>;

/** The background jobs' states: as mails, done once run. */
export const BACKGROUND_JOB_STATES = ['pending', 'sending', 'sent', 'dead'] as const;

/**
 * A deferred job (forgotten-password request, an import's customer mails…): waiting for its first
 * or next try, or dead. Its kind names the work; its payload stays on the
 * server (addresses, an import's contents).
 */
export const backgroundJobItem = z.object({
  id: z.number().int(),
  /** `admin_password_reset`, `client_password_reset`, `import_mails`, … */
  kind: z.string(),
  state: z.enum(BACKGROUND_JOB_STATES),
  attempts: count,
  /** The last failure's reason. */
  error: z.string().nullable(),
  /** ISO 8601 instants. */
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
});
export type BackgroundJobItem = z.infer<typeof backgroundJobItem>;

/** GET /mail-queue (role 1): is mail going out, and which mails are failing and why. */
export const mailQueueState = z.object({
  counts: z.object({ pending: count, sending: count, sent: count, dead: count }),
  /** Deferred jobs (forgotten-password requests, import mails) not run yet, and dead ones. */
  jobs: z.object({ pending: count, dead: count }),
  /** The dead and the failing-but-retried mails, newest first (at most 100). */
  failures: z.array(mailQueueItem),
  /** The dead and the failing-but-retried deferred jobs, newest first (at most 100). */
  jobFailures: z.array(backgroundJobItem),
  /**
   * The deferred jobs not tried yet, oldest first (at most 20): a queue that no longer drains shows
   * how long its oldest has waited; an import's mails held until its end show when they go.
   */
  waitingJobs: z.array(backgroundJobItem),
});
export type MailQueueStateAnswer = z.infer<typeof mailQueueState>;

export const mailQueueItemParams = z.object({ id: idParam });

export const MAIL_QUEUE_MESSAGES = {
  notDead: "Ce message n'est pas en échec définitif : il est déjà envoyé ou en cours de nouvel essai.",
  jobNotDead: "Cette tâche n'est pas en échec définitif : elle est déjà faite ou en cours de nouvel essai.",
} as const;
