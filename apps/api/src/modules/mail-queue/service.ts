import { MAIL_QUEUE_MESSAGES, type MailQueueStateAnswer } from '@reseau/contracts';
import { and, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { backgroundJobs, mailOutbox } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';

const FAILURES_SHOWN = 100;

/** Counts by state, and the mails that failed (dead, or pending after a failed try) with their reason. */
export async function mailQueueState(deps: Pick<AppDeps, 'db'>): Promise<MailQueueStateAnswer> {
  const [byState, jobs, failures] = await Promise.all([
    deps.db.select({ state: mailOutbox.state, n: sql<number>`count(*)::int` }).from(mailOutbox).groupBy(mailOutbox.state),
    deps.db
      .select({ state: backgroundJobs.state, n: sql<number>`count(*)::int` })
      .from(backgroundJobs)
      .where(inArray(backgroundJobs.state, ['pending', 'sending', 'dead']))
      .groupBy(backgroundJobs.state),
    deps.db
      .select()
      .from(mailOutbox)
      .where(or(eq(mailOutbox.state, 'dead'), and(inArray(mailOutbox.state, ['pending', 'sending']), gt(mailOutbox.attempts, 0))))
      .orderBy(desc(mailOutbox.id))
      .limit(FAILURES_SHOWN),
  ]);
  const countOf = (rows: { state: string; n: number }[], ...states: string[]) =>
    rows.filter((r) => states.includes(r.state)).reduce((n, r) => n + r.n, 0);
  return {
    counts: {
      pending: countOf(byState, 'pending'),
      sending: countOf(byState, 'sending'),
      sent: countOf(byState, 'sent'),
      dead: countOf(byState, 'dead'),
    },
    jobs: { pending: countOf(jobs, 'pending', 'sending'), dead: countOf(jobs, 'dead') },
    failures: failures.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      state: m.state,
      attempts: m.attempts,
      error: m.error,
      createdAt: m.sentAt.toISOString(),
      nextAttemptAt: m.state === 'dead' ? null : m.nextAttemptAt.toISOString(),
    })),
  };
}

/**
 * A dead mail gets a fresh set of tries, due now. Only a dead one: a pending or sent mail retried
 * by hand could go out twice. The update is conditional, so two clicks retry it once.
 */
export async function retryDeadMail(deps: Pick<AppDeps, 'db'>, id: number) {
  const [row] = await deps.db
    .update(mailOutbox)
    .set({ state: 'pending', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.state, 'dead')))
    .returning({ id: mailOutbox.id });
  if (row) return;
  const [exists] = await deps.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!exists) throw errors.notFound();
  throw errors.conflict('conflict', MAIL_QUEUE_MESSAGES.notDead);
}
