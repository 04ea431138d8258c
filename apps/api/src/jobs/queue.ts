import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { queueFailures } from '../lib/metrics.js';

/**
 * The claim/lease/backoff rules shared by the two durable queues (`mail_outbox`, `background_jobs`):
 * both have `state`, `attempts`, `next_attempt_at`, `locked_until` and `error`.
 *
 * Delivery is at least once: a row is leased (state 'sending' until `locked_until`) by one claim,
 * and a sender that dies before recording the outcome leaves it to be claimed again once the lease
 * is over. The claim is one UPDATE over a `for update skip locked` subquery, so two drainers (two
 * instances on PostgreSQL) never lease the same row at once; on PGlite the single connection runs
 * the statement whole, which gives the same result.
 */
export type QueueTable = 'mail_outbox' | 'background_jobs';

export interface RetryPolicy {
  maxAttempts: number;
  /** The wait after the first failure, doubled at each further one up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** How long a claimed row stays with its sender; longer than one send can take. */
  leaseMs: number;
}

export const DEFAULT_RETRY: Omit<RetryPolicy, 'maxAttempts'> = {
  baseDelayMs: 30_000,
  maxDelayMs: 3_600_000,
  leaseMs: 120_000,
};

/** The wait before the next try after `attempts` failed ones (attempts ≥ 1). */
export const retryDelayMs = (policy: RetryPolicy, attempts: number) =>
  Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempts - 1));

const rowsOf = async <T>(db: DbOrTx, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Leases up to `limit` due rows (pending and due, or sending with an expired lease) and counts the
 * attempt now: a row whose sender keeps crashing still reaches `dead`.
 */
export async function claimDue<T extends { id: number; attempts: number }>(
  db: Db,
  table: QueueTable,
  limit: number,
  policy: RetryPolicy,
  columns: SQL,
): Promise<T[]> {
  const t = sql.identifier(table);
  return rowsOf<T>(
    db,
    sql`update ${t} set state = 'sending', attempts = attempts + 1,
      locked_until = now() + ${`${policy.leaseMs} milliseconds`}::interval
    where id in (
      select id from ${t}
      where (state = 'pending' and next_attempt_at <= now()) or (state = 'sending' and locked_until < now())
      order by id limit ${limit} for update skip locked
    )
    returning id, attempts, ${columns}`,
  );
}

/**
 * Records a success. Fenced by the attempt it was claimed with: a sender whose lease ran out and
 * whose row was claimed again does not overwrite the newer claim's outcome.
 */
export async function markDone(db: DbOrTx, table: QueueTable, row: { id: number; attempts: number }, doneColumn: string) {
  const t = sql.identifier(table);
  await db.execute(
    sql`update ${t} set state = 'sent', locked_until = null, error = null, ${sql.identifier(doneColumn)} = now()
    where id = ${row.id} and state = 'sending' and attempts = ${row.attempts}`,
  );
}

/** Records a failure: a later try with backoff, or `dead` after the last one (or at once when `final`). */
export async function markFailed(
  db: DbOrTx,
  table: QueueTable,
  row: { id: number; attempts: number },
  policy: RetryPolicy,
  reason: string,
  final = false,
) {
  const t = sql.identifier(table);
  const dead = final || row.attempts >= policy.maxAttempts;
  const delay = `${retryDelayMs(policy, row.attempts)} milliseconds`;
  await db.execute(
    sql`update ${t} set locked_until = null, error = ${reason.slice(0, 1000)},
      state = ${dead ? 'dead' : 'pending'},
      next_attempt_at = ${dead ? sql`next_attempt_at` : sql`now() + ${delay}::interval`}
    where id = ${row.id} and state = 'sending' and attempts = ${row.attempts}`,
  );
  queueFailures.inc({ queue: table, outcome: dead ? 'dead' : 'retry' });
}

/**
 * What waits in both queues, by state (sent and done rows excluded: they only grow). Read at each
 * scrape: two small counts over the partial indexes' states.
 */
export async function queueDepth(db: Db): Promise<{ labels: { queue: QueueTable; state: string }; value: number }[]> {
  const states = ['pending', 'sending', 'dead'];
  const rows = await rowsOf<{ queue: QueueTable; state: string; n: number }>(
    db,
    sql`select 'mail_outbox' as queue, state, count(*)::int as n from mail_outbox where state in ('pending', 'sending', 'dead') group by state
        union all
        select 'background_jobs' as queue, state, count(*)::int as n from background_jobs where state in ('pending', 'sending', 'dead') group by state`,
  );
  const tables: QueueTable[] = ['mail_outbox', 'background_jobs'];
  // Every state of both queues is answered, 0 included: an alert on "dead > 0" needs the series to exist.
  return tables.flatMap((queue) =>
    states.map((state) => ({
      labels: { queue, state },
      value: rows.find((r) => r.queue === queue && r.state === state)?.n ?? 0,
    })),
  );
}

/**
 * Drains soon after a write, one drain at a time per instance: a write during a drain asks for
 * one more round instead of a second drain. `run` tracks it, so closing the app waits for it.
 */
export function createKicker(run: (task: () => Promise<unknown>) => void, drain: () => Promise<unknown>) {
  let draining = false;
  let again = false;
  return () => {
    if (draining) {
      again = true;
      return;
    }
    draining = true;
    run(async () => {
      try {
        do {
          again = false;
          await drain();
        } while (again);
      } finally {
        draining = false;
      }
    });
  };
}

/**
 * PGlite only, at start: this process is the only one that may open the folder, so a row still
 * leased was leased by a process that died (kill -9, power cut); it is due again at once instead
 * of after its lease. Never on PostgreSQL, where another instance may be sending it right now.
 */
export async function releaseOrphanedLeases(db: Db) {
  for (const table of ['mail_outbox', 'background_jobs'] as const) {
    await db.execute(sql`update ${sql.identifier(table)} set state = 'pending', locked_until = null where state = 'sending'`);
  }
}
