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

/** GET /mail-queue (role 1): is mail going out, and which mails are failing and why. */
export const mailQueueState = z.object({
  counts: z.object({ pending: count, sending: count, sent: count, dead: count }),
  /** Deferred jobs (forgotten-password requests, import mails) not run yet, and dead ones. */
  jobs: z.object({ pending: count, dead: count }),
  /** The dead and the failing-but-retried mails, newest first (at most 100). */
  failures: z.array(mailQueueItem),
});
export type MailQueueStateAnswer = z.infer<typeof mailQueueState>;

export const mailQueueItemParams = z.object({ id: idParam });

export const MAIL_QUEUE_MESSAGES = {
  notDead: "Ce message n'est pas en échec définitif : il est déjà envoyé ou en cours de nouvel essai.",
} as const;
