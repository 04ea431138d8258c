import { FILE_MESSAGES } from '@reseau/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import type { Config } from '../../config.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { files } from '../../db/schema/index.js';
import { RetryLaterError } from '../../lib/errors.js';

const DAY_MS = 24 * 3_600_000;
const MiB = 1024 * 1024;
/**
 * First key of the quota's advisory locks (the second is the account's hash). Two-key locks are
 * apart from the scheduler's one-key ones (jobs/scheduler.ts), so no job run can hold an upload.
 */
const QUOTA_LOCK_CLASS = 72_724_024;

/** What one account may upload over a rolling 24 hours (UPLOAD_QUOTA_* of the configuration). */
export interface UploadQuota {
  bytes: number;
  files: number;
}

export const uploadQuotaOf = (config: Pick<Config, 'UPLOAD_QUOTA_MB_PER_DAY' | 'UPLOAD_QUOTA_FILES_PER_DAY'>): UploadQuota => ({
  bytes: config.UPLOAD_QUOTA_MB_PER_DAY * MiB,
  files: config.UPLOAD_QUOTA_FILES_PER_DAY,
});

const uploadedBy = (principal: Principal) =>
  principal.kind === 'admin' ? eq(files.uploadedByAdminId, principal.adminId) : eq(files.uploadedByClientId, principal.clientId);

const accountOf = (principal: Principal) =>
  principal.kind === 'admin' ? `admin:${principal.adminId}` : `client:${principal.clientId}`;

interface Usage {
  count: number;
  bytes: number;
  /** The oldest upload of the window: the window frees when it is a day old. */
  oldest: Date | null;
}

/** The account's uploads of the 24 hours before `now` (their rows: a refused upload left none). */
async function usageOf(db: DbOrTx, principal: Principal, now: Date): Promise<Usage> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      bytes: sql<number>`coalesce(sum(${files.size}), 0)`.mapWith(Number),
      oldest: sql<Date | null>`min(${files.createdAt})`.mapWith(files.createdAt),
    })
    .from(files)
    .where(and(uploadedBy(principal), gt(files.createdAt, new Date(now.getTime() - DAY_MS))));
  return { count: row?.count ?? 0, bytes: row?.bytes ?? 0, oldest: row?.oldest ?? null };
}

/**
 * 429 `upload_quota_exceeded`, to come back when the oldest upload of the window leaves it (the
 * first moment the allowance grows); a day when the window is empty (a file larger than the
 * whole quota: waiting will not help, the message says to ask the administrator).
 */
function exceeded(usage: Usage, now: Date): RetryLaterError {
  const freesAt = usage.oldest ? usage.oldest.getTime() + DAY_MS : now.getTime() + DAY_MS;
  const seconds = Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000));
  return new RetryLaterError(FILE_MESSAGES.uploadQuotaExceeded, seconds, 'upload_quota_exceeded');
}

/** What an upload may still take, read before its first byte. */
export interface UploadAllowance {
  quota: UploadQuota;
  /** The bytes left today: the stream is cut past them. */
  bytesLeft: number;
  /** The refusal to answer when the stream is cut by `bytesLeft`. */
  exceeded: () => RetryLaterError;
}

/** The account's allowance now; throws 429 when no file or no byte is left. */
export async function uploadAllowance(db: DbOrTx, principal: Principal, quota: UploadQuota, now = new Date()) {
  const usage = await usageOf(db, principal, now);
  const bytesLeft = quota.bytes - usage.bytes;
  if (usage.count >= quota.files || bytesLeft <= 0) throw exceeded(usage, now);
  return { quota, bytesLeft, exceeded: () => exceeded(usage, now) } satisfies UploadAllowance;
}

/**
 * Runs `insert` (the file's row) only if the account's quota still has room for one more file of
 * `size` bytes, else throws 429 (the caller then deletes the bytes). The allowance read before
 * the stream is not enough: uploads sent at once all read the same one. So the last check and
 * the insert run under a lock of the account (an advisory lock held to the end of the
 * transaction): concurrent uploads are recorded one after the other, each seeing the rows of
 * those before, and the rows kept never pass the quota. What can pass it is transient: while
 * they stream, N concurrent uploads may hold up to N times the bytes left in the storage, until
 * the late ones are refused here and their bytes deleted. (A counter in the throttle store
 * would be atomic too, but it counts attempts, not files kept, and keeps no sizes.)
 */
export async function recordWithinQuota<T>(
  db: DbOrTx,
  principal: Principal,
  quota: UploadQuota,
  size: number,
  insert: (tx: Tx) => Promise<T>,
  now = new Date(),
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK_CLASS}, hashtext(${accountOf(principal)}))`);
    const usage = await usageOf(tx, principal, now);
    if (usage.count + 1 > quota.files || usage.bytes + size > quota.bytes) throw exceeded(usage, now);
    return insert(tx);
  });
}
