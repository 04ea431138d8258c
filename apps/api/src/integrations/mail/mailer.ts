import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db, DbOrTx } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';
import { claimDue, createKicker, DEFAULT_RETRY, markDone, markFailed, type RetryPolicy } from '../../jobs/queue.js';
import { domainMetrics } from '../../lib/metrics.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SendOptions {
  /** The transaction of the change that causes the mail: both commit, or neither. */
  db?: DbOrTx;
  /** One mail per key however often the cause is replayed; a new key per call by default. */
  key?: string;
}

export interface Mailer {
  /** Queues the mail (one INSERT, never the network): delivery follows, retried until it succeeds or dies. */
  send(mail: Mail, opts?: SendOptions): Promise<void>;
}

export interface MailQueue extends Mailer {
  /** Delivers the due mails (nothing without SMTP); resolves with how many were tried. */
  drain(): Promise<number>;
}

interface ClaimedMail {
  id: number;
  attempts: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  message_id: string | null;
}

const BATCH = 20;
/** A drain stops after this many batches; the next tick goes on (a failing SMTP never spins). */
const MAX_BATCHES = 10;

/** A stable, header-safe Message-ID from the idempotency key: every attempt of a mail carries the same one. */
export const messageIdFor = (key: string, from: string) =>
  `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${/@([^>\s]+)/.exec(from)?.[1] ?? 'localhost'}>`;

/** A 5xx answer is the server's final word (unknown mailbox…): retrying cannot change it. */
const isPermanent = (err: unknown) => {
  const code = (err as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};
const reasonOf = (err: unknown) => (err as { response?: string }).response ?? (err as Error).message ?? String(err);

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  maxAttempts: number;
  retryBaseMs?: number;
  leaseMs?: number;
  log: (msg: string, err?: unknown) => void;
  /** Runs a drain after a mail is queued, tracked so that closing the app waits for it. */
  run?: (task: () => Promise<unknown>) => void;
}

/**
 * The mail outbox as a durable queue. Without SMTP (demo, tests) a mail is delivered by being kept
 * in the outbox, as /dev/mailbox shows it; with SMTP it is `pending` until the drainer sends it.
 */
export function createMailer(db: Db, opts: MailerOptions): MailQueue {
  const transport = opts.smtpUrl
    ? nodemailer.createTransport({ url: opts.smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 })
    : null;
  const policy: RetryPolicy = {
    ...DEFAULT_RETRY,
    maxAttempts: opts.maxAttempts,
    baseDelayMs: opts.retryBaseMs ?? DEFAULT_RETRY.baseDelayMs,
    leaseMs: opts.leaseMs ?? DEFAULT_RETRY.leaseMs,
  };

  async function deliver(row: ClaimedMail) {
    try {
      const { to, subject, text, html } = row;
      await transport?.sendMail({ from: opts.from, to, subject, text, html, messageId: row.message_id ?? undefined });
    } catch (err) {
      opts.log('mail delivery failed', err);
      domainMetrics.mailsFailed.inc();
      await markFailed(db, 'mail_outbox', row, policy, reasonOf(err), isPermanent(err));
      return;
    }
    await markDone(db, 'mail_outbox', row, 'delivered_at');
    domainMetrics.mailsSent.inc();
  }

  async function drain() {
    if (!transport) return 0;
    let tried = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const rows = await claimDue<ClaimedMail>(db, 'mail_outbox', BATCH, policy, sql`"to", subject, text, html, message_id`);
      for (const row of rows) await deliver(row);
      tried += rows.length;
      if (rows.length < BATCH) break;
    }
    return tried;
  }

  const kick = opts.run ? createKicker(opts.run, drain) : () => {};

  return {
    async send(mail, sendOpts = {}) {
      const key = sendOpts.key ?? randomUUID();
      const kept = await (sendOpts.db ?? db)
        .insert(mailOutbox)
        .values({ ...mail, idempotencyKey: key, messageId: messageIdFor(key, opts.from), state: transport ? 'pending' : 'sent' })
        .onConflictDoNothing({ target: mailOutbox.idempotencyKey })
        .returning({ id: mailOutbox.id });
      // Without SMTP_URL the outbox is where mails go: kept there is sent (a replayed key is not).
      if (!transport && kept.length > 0) domainMetrics.mailsSent.inc();
      // Inside a transaction the row shows only at its commit: the scheduler's next drain takes it.
      if (transport && !sendOpts.db) kick();
    },
    drain,
  };
}
