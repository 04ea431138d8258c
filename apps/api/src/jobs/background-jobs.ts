import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { backgroundJobs } from '../db/schema/index.js';
import { claimDue, createKicker, DEFAULT_RETRY, markDone, markFailed, type RetryPolicy } from './queue.js';

export interface JobContext {
  /** The job's row id: the idempotency key of what it writes (`job:<id>`), so a replay writes nothing twice. */
  jobId: number;
}
export type JobHandler = (payload: Record<string, unknown>, ctx: JobContext) => Promise<unknown>;

/**
 * Deferred work written before the request that causes it is answered (or in its transaction), so
 * that a crash after the answer loses nothing: the drainer runs it after the answer, and again
 * after a failure or a crash (lease), until it succeeds or dies. Handlers make their effects
 * idempotent with the job id.
 */
export interface JobQueue {
  /**
   * Writes a job and answers its id. With `holdMs`, the job is due only that long from now: work
   * that a longer operation keeps adding to (`extendHold`) and lets go when it ends (`release`),
   * so that a crash in the middle still runs what committed, once the hold is over.
   */
  enqueue(kind: string, payload: Record<string, unknown>, db?: DbOrTx, opts?: { holdMs?: number }): Promise<number>;
  /**
   * Holds a held job `holdMs` longer, in the caller's transaction: the row stays locked until it
   * commits, so no drainer takes the job before what the caller writes beside it is there.
   * Answers false when the job no longer waits (its hold ran out and a drainer took it): the
   * caller then writes a new one.
   */
  extendHold(tx: DbOrTx, id: number, holdMs: number): Promise<boolean>;
  /** Makes a held job due now (a no-op once it runs or ran). */
  release(db: DbOrTx, id: number): Promise<void>;
  /** Runs a drain now: after the commit of a transaction that wrote jobs, rather than waiting for the next tick. */
  kick(): void;
  /** Registered by the module that owns the kind, when the app is built. */
  handle(kind: string, handler: JobHandler): void;
  drain(): Promise<number>;
}

interface ClaimedJob {
  id: number;
  attempts: number;
  kind: string;
  payload: Record<string, unknown>;
}

const BATCH = 20;
const MAX_BATCHES = 10;

export function createJobQueue(
  db: Db,
  opts: {
    maxAttempts: number;
    retryBaseMs?: number;
    leaseMs?: number;
    log: (msg: string, err: unknown) => void;
    /** Runs a drain after a job is written outside a transaction, tracked so that closing waits for it. */
    run: (task: () => Promise<unknown>) => void;
  },
): JobQueue {
  const handlers = new Map<string, JobHandler>();
  const policy: RetryPolicy = {
    ...DEFAULT_RETRY,
    maxAttempts: opts.maxAttempts,
    baseDelayMs: opts.retryBaseMs ?? 5_000,
    leaseMs: opts.leaseMs ?? DEFAULT_RETRY.leaseMs,
  };

  async function runJob(job: ClaimedJob) {
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload, { jobId: job.id });
    } catch (err) {
      opts.log(`job ${job.kind} failed`, err);
      await markFailed(db, 'background_jobs', job, policy, err instanceof Error ? err.message : String(err));
      return;
    }
    await markDone(db, 'background_jobs', job, 'done_at');
  }

  async function drain() {
    let ran = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const jobs = await claimDue<ClaimedJob>(db, 'background_jobs', BATCH, policy, sql`kind, payload`);
      for (const job of jobs) await runJob(job);
      ran += jobs.length;
      if (jobs.length < BATCH) break;
    }
    return ran;
  }

  const kick = createKicker(opts.run, drain);

  return {
    async enqueue(kind, payload, tx, { holdMs } = {}) {
      const [row] = await (tx ?? db)
        .insert(backgroundJobs)
        .values({ kind, payload, ...(holdMs ? { nextAttemptAt: sql`now() + make_interval(secs => ${holdMs / 1000})` } : {}) })
        .returning({ id: backgroundJobs.id });
      if (!tx && !holdMs) kick();
      return row!.id;
    },
    async extendHold(tx, id, holdMs) {
      const held = await tx
        .update(backgroundJobs)
        .set({ nextAttemptAt: sql`now() + make_interval(secs => ${holdMs / 1000})` })
        .where(and(eq(backgroundJobs.id, id), eq(backgroundJobs.state, 'pending'), eq(backgroundJobs.attempts, 0)))
        .returning({ id: backgroundJobs.id });
      return held.length > 0;
    },
    async release(on, id) {
      await on
        .update(backgroundJobs)
        .set({ nextAttemptAt: sql`now()` })
        .where(and(eq(backgroundJobs.id, id), eq(backgroundJobs.state, 'pending'), eq(backgroundJobs.attempts, 0)));
    },
    kick,
    handle(kind, handler) {
      handlers.set(kind, handler);
    },
    drain,
  };
}

/** How long a finished job's row is kept (for an operator's question about last week), then purged. */
export const FINISHED_JOB_RETENTION_DAYS = 7;
/** The purge's period: hourly is enough for rows kept a week. */
export const FINISHED_JOBS_PURGE_INTERVAL_MS = 60 * 60 * 1000;
const PURGE_BATCH = 5000;

/**
 * Deletes the jobs finished more than `FINISHED_JOB_RETENTION_DAYS` ago, a batch at a time. Their
 * payloads name people (a forgotten password's address, an import's customers): kept forever, the
 * table would be a second, unlisted copy of personal data. Dead jobs stay until an operator retries
 * them. Answers how many rows went.
 */
export async function purgeFinishedJobs(db: Db): Promise<number> {
  let purged = 0;
  for (;;) {
    const rows = (await db.execute(
      sql`delete from background_jobs where id in (
        select id from background_jobs
        where state = 'sent' and done_at < now() - make_interval(days => ${FINISHED_JOB_RETENTION_DAYS})
        limit ${PURGE_BATCH})
      returning id`,
    )) as unknown as { rows: unknown[] };
    purged += rows.rows.length;
    if (rows.rows.length < PURGE_BATCH) return purged;
  }
}
