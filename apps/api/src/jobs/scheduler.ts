import type { ConnectionQuery, Database } from '../db/client.js';

/** setTimeout's two halves, replaced in tests by a clock they move (testing/manual-timer.ts). */
export interface Timer {
  /** Calls `fn` once after `ms`; what `fn` returns (the run) is the manual timer's to wait for. */
  set(fn: () => unknown, ms: number): unknown;
  clear(handle: unknown): void;
}

/** The real clock; unref'd, so a pending job never keeps a stopping process alive. */
export const realTimer: Timer = {
  set: (fn, ms) => setTimeout(fn, ms).unref(),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface Scheduler {
  /** Runs `task` every `intervalMs` (counted from the end of the previous run) once started. */
  every(name: string, intervalMs: number, task: () => Promise<unknown>): void;
  start(): void;
  /** No new run; resolves when the running ones have ended (before the database closes). */
  stop(): Promise<void>;
}

/**
 * Takes the session-level advisory lock of the job's name unless this database already shows it
 * granted. The check matters on PGlite: its one connection is one session for the whole process,
 * and a session re-takes its own advisory lock (locks stack), so two schedulers there would both
 * "get" it; pg_locks tells them apart, and the single connection runs this statement whole. On
 * PostgreSQL pg_try_advisory_lock alone decides between sessions; the check changes nothing there.
 * A bigint key shows in pg_locks as its high half (classid) and low half (objid), objsubid 1.
 */
const TRY_LOCK = `select case when exists (
    select 1 from pg_locks where locktype = 'advisory' and granted and objsubid = 1
      and classid::bigint = ((hashtext($1)::bigint >> 32) & 4294967295)
      and objid::bigint = (hashtext($1)::bigint & 4294967295)
  ) then false else pg_try_advisory_lock(hashtext($1)) end as locked`;
const UNLOCK = 'select pg_advisory_unlock(hashtext($1))';

interface Job {
  name: string;
  intervalMs: number;
  task: () => Promise<unknown>;
  handle?: unknown;
}

/**
 * In-process periodic jobs, safe with several instances on one PostgreSQL database: each run takes
 * the advisory lock of its name on a connection held for the run (Database.withConnection), and an
 * instance that does not get it skips this run. No transaction stays open while the task works (it
 * uses `deps.db` as any request does), so PGlite's one connection is never blocked by a job.
 * A failing run is logged through `onError` and the next one runs at its time.
 */
export function createScheduler(
  database: Database,
  onError: (name: string, err: unknown) => void,
  timer: Timer = realTimer,
): Scheduler {
  const jobs = new Map<string, Job>();
  const running = new Set<Promise<void>>();
  let started = false;

  async function runOnce(job: Job, query: ConnectionQuery) {
    const [row] = await query(TRY_LOCK, [job.name]);
    if (row?.locked !== true) return; // another instance (or scheduler) is running it
    try {
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
