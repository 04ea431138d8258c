import { AUDIT_LOG_RETENTION_YEARS } from '@reseau/contracts';
import { lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

export const AUDIT_LOG_PURGE_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the entries older than the retention (a calendar year), the only DELETE the audit log's
 * trigger lets through (migration 0031 counts the year the same way). `now` is the job's clock,
 * which tests set; a clock ahead of the database's would reach entries the trigger still keeps,
 * and the whole purge would be refused. Answers how many entries went.
 */
export async function purgeAuditLog(db: DbOrTx, now: Date = new Date()): Promise<number> {
  const cutoff = sql`${now.toISOString()}::timestamptz - make_interval(years => ${AUDIT_LOG_RETENTION_YEARS})`;
  const gone = await db.delete(auditLog).where(lt(auditLog.at, cutoff)).returning({ id: auditLog.id });
  return gone.length;
}
