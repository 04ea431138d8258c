import { MAIL_QUEUE_MESSAGES, type MailQueueStateAnswer } from '@reseau/contracts';
import { and, asc, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { backgroundJobs, mailOutbox } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';

const FAILURES_SHOWN = 100;
const WAITING_SHOWN = 20;

const toJobItem = (j: typeof backgroundJobs.$inferSelect) => ({
  id: j.id,
  kind: j.kind,
  state: j.state,
  attempts: j.attempts,
  error: j.error,
  createdAt: j.createdAt.toISOString(),
  nextAttemptAt: j.state === 'dead' ? null : j.nextAttemptAt.toISOString(),
});

/**
 * Counts by state, the mails and jobs that failed (dead, or pending after a failed try) with their
 * reason, and the oldest jobs not tried yet.
 */
export async function mailQueueState(deps: Pick<AppDeps, 'db'>): Promise<MailQueueStateAnswer> {
  const [byState, jobs, failures, jobFailures, waitingJobs] = await Promise.all([
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
    deps.db
      .select()
      .from(backgroundJobs)
      .where(
        or(
          eq(backgroundJobs.state, 'dead'),
          and(inArray(backgroundJobs.state, ['pending', 'sending']), gt(backgroundJobs.attempts, 0)),
        ),
      )
      .orderBy(desc(backgroundJobs.id))
      .limit(FAILURES_SHOWN),
    deps.db
      .select()
      .from(backgroundJobs)
      .where(and(eq(backgroundJobs.state, 'pending'), eq(backgroundJobs.attempts, 0)))
      .orderBy(asc(backgroundJobs.id))
      .limit(WAITING_SHOWN),
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
    jobFailures: jobFailures.map(toJobItem),
    waitingJobs: waitingJobs.map(toJobItem),
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

/**
 * A dead deferred job gets a fresh set of tries, due now, as a dead mail does; only a dead one
 * (a job run twice at once could mail twice). Its handler keys what it writes by the job's id, so
 * a retried job that had half run writes nothing twice.
 */
export async function retryDeadJob(deps: Pick<AppDeps, 'db' | 'jobs'>, id: number) {
  const [row] = await deps.db
    .update(backgroundJobs)
    .set({ state: 'pending', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
    .where(and(eq(backgroundJobs.id, id), eq(backgroundJobs.state, 'dead')))
    .returning({ id: backgroundJobs.id });
  if (row) {
    deps.jobs.kick();
    return;
  }
  const [exists] = await deps.db.select({ id: backgroundJobs.id }).from(backgroundJobs).where(eq(backgroundJobs.id, id));
  if (!exists) throw errors.notFound();
  throw errors.conflict('conflict', MAIL_QUEUE_MESSAGES.jobNotDead);
}
