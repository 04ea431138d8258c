import { TRY_LOCK, UNLOCK } from '../db/advisory-lock.js';
import type { ConnectionQuery, Database } from '../db/client.js';

/** setTimeout's two halves, replaced in tests by a clock they move (testing/manual-timer.ts). */
export interface Timer {
  /** Calls `fn` once after `ms`; what `fn` returns (the run) is the manual timer's to wait for. */
  set(fn: () => unknown, ms: number): unknown;
  clear(handle: unknown): void;
  /** Milliseconds since the epoch: when a run starts, as the other instances' runs see it. */
  now(): number;
}

/** The real clock; unref'd, so a pending job never keeps a stopping process alive. */
export const realTimer: Timer = {
  set: (fn, ms) => setTimeout(fn, ms).unref(),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
  now: () => Date.now(),
};

/**
 * A run goes on only when the job's last start, by any instance, is at least this share of its
 * period old: the instances' timers are not in step, so without it each would run the job once per
 * period. 90 %, not 100 %: a run's own timer fires a little more than a period after its last start,
 * but the start this instance wrote may be later than its timer by a slow query. A start more than
 * a period ahead (a clock set back since) does not hold the job up.
 */
const PERIOD_SHARE = 0.9;
const CLAIM_PERIOD = `insert into scheduled_job_runs (name, last_started_at) values ($1, $2::timestamptz)
  on conflict (name) do update set last_started_at = excluded.last_started_at
  where scheduled_job_runs.last_started_at <= $2::timestamptz - make_interval(secs => $3::double precision / 1000)
     or scheduled_job_runs.last_started_at > $2::timestamptz + make_interval(secs => $3::double precision / 1000)
  returning name`;

export interface Scheduler {
  /** Runs `task` every `intervalMs` (counted from the end of the previous run) once started. */
  every(name: string, intervalMs: number, task: () => Promise<unknown>): void;
  start(): void;
  /** No new run; resolves when the running ones have ended (before the database closes). */
  stop(): Promise<void>;
}

interface Job {
  name: string;
  intervalMs: number;
  task: () => Promise<unknown>;
  handle?: unknown;
}

/**
 * In-process periodic jobs, safe with several instances on one PostgreSQL database: each run takes
 * the advisory lock of its name on a connection held for the run (Database.withConnection), and an
 * instance that does not get it skips this run; under the lock, the run goes on only when no
 * instance started the job in its period (scheduled_job_runs, PERIOD_SHARE). No transaction stays
 * open while the task works (it uses `deps.db` as any request does), so PGlite's one connection is
 * never blocked by a job.
 * A failing run is logged through `onError` and the next one runs at its time.
 */
export function createScheduler(
  database: Database,
  onError: (name: string, err: unknown) => void,
  timer: Timer = realTimer,
  onRun: (name: string, outcome: 'ran' | 'skipped') => void = () => {},
): Scheduler {
  const jobs = new Map<string, Job>();
  const running = new Set<Promise<void>>();
  let started = false;

  async function runOnce(job: Job, query: ConnectionQuery) {
    const [row] = await query(TRY_LOCK, [job.name]);
    if (row?.locked !== true) return onRun(job.name, 'skipped'); // another instance (or scheduler) is running it
    try {
      const startedAt = new Date(timer.now()).toISOString();
      const claimed = await query(CLAIM_PERIOD, [job.name, startedAt, job.intervalMs * PERIOD_SHARE]);
      if (claimed.length === 0) return onRun(job.name, 'skipped'); // another instance ran it in this period
      onRun(job.name, 'ran');
      await job.task();
    } catch (err) {
      onError(job.name, err);
    } finally {
      await query(UNLOCK, [job.name]);
    }
  }

  function arm(job: Job) {
    job.handle = timer.set(() => {
      const run: Promise<void> = database
        .withConnection((query) => runOnce(job, query))
        .catch((err) => onError(job.name, err)) // the lock itself failed (database gone…)
        .finally(() => {
          running.delete(run);
          if (started) arm(job);
        });
      running.add(run);
      return run;
    }, job.intervalMs);
  }

  return {
    every(name, intervalMs, task) {
      if (jobs.has(name)) throw new Error(`job ${name} already scheduled`);
      const job: Job = { name, intervalMs, task };
      jobs.set(name, job);
      if (started) arm(job);
    },
    start() {
      if (started) return;
      started = true;
      for (const job of jobs.values()) arm(job);
    },
    async stop() {
      started = false;
      for (const job of jobs.values()) timer.clear(job.handle);
      while (running.size > 0) await Promise.all(running);
    },
  };
}
