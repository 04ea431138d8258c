import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import { backgroundJobs } from '../../db/schema/index.js';
import type { JobHandler } from '../../jobs/background-jobs.js';

/** The job that deletes storage keys whose rows are gone (jobs/background-jobs.ts). */
export const STORAGE_DELETE_JOB = 'storage_delete';
/** Storage deletions at once (a file and its previews are up to five). */
const STORAGE_CONCURRENCY = 16;

/**
 * Written in the transaction that deletes the rows naming `keys`, so that their bytes go even if
 * the process dies or the storage fails right after the commit: the job is retried with backoff,
 * then shown dead on the mail-queue screen. One INSERT into the queue's table (as
 * `jobs.enqueue(kind, payload, tx)`), so that the sweeps need only the database. Answers its id.
 */
export async function queueStorageDeletion(tx: DbOrTx, keys: readonly string[]): Promise<number | null> {
  if (keys.length === 0) return null;
  const [row] = await tx
    .insert(backgroundJobs)
    .values({ kind: STORAGE_DELETE_JOB, payload: { keys: [...keys] } })
    .returning({ id: backgroundJobs.id });
  return row!.id;
}

/** Deletes the keys, a few at a time; answers how many deletions failed (deleting a missing key is no failure). */
async function deleteKeys(deps: Pick<AppDeps, 'storage'>, keys: readonly string[]): Promise<number> {
  let failed = 0;
  for (let i = 0; i < keys.length; i += STORAGE_CONCURRENCY) {
    const results = await Promise.allSettled(keys.slice(i, i + STORAGE_CONCURRENCY).map((key) => deps.storage.delete(key)));
    failed += results.filter((result) => result.status === 'rejected').length;
  }
  return failed;
}

/**
 * The sweep's own pass right after its commit: when every key went, its job is done at once (if
 * no drainer took it meanwhile; one that did deletes them again, which is harmless). Answers how
 * many deletions failed: those keys stay with the job, for its retries.
 */
export async function deleteQueuedKeys(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  jobId: number | null,
  keys: readonly string[],
): Promise<number> {
  if (jobId === null) return 0;
  const failed = await deleteKeys(deps, keys);
  if (failed === 0) {
    await deps.db
      .update(backgroundJobs)
      .set({ state: 'sent', doneAt: sql`now()` })
      .where(and(eq(backgroundJobs.id, jobId), eq(backgroundJobs.state, 'pending')));
  }
  return failed;
}

/** The job's handler: every key deleted, or it fails and is tried again. */
export function storageDeletionHandler(deps: Pick<AppDeps, 'storage'>): JobHandler {
  return async (payload) => {
    const keys = Array.isArray(payload.keys) ? payload.keys.filter((k): k is string => typeof k === 'string') : [];
    const failed = await deleteKeys(deps, keys);
    if (failed > 0) throw new Error(`${failed} of ${keys.length} storage deletions failed`);
  };
}
