import { AUDIT_LOG_RETENTION_YEARS } from '@reseau/contracts';
import { inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

/** Entries one statement deletes at most: a year's backlog never makes one long statement. */
const PURGE_BATCH = 500;

/**
 * Deletes the entries older than the retention (a calendar year), the only DELETE the audit log's
 * trigger lets through (migration 0031 counts the year the same way). `now` is the job's clock,
 * which tests set; a clock ahead of the database's would reach entries the trigger still keeps,
 * and the whole purge would be refused. Answers how many entries went. Run daily by the
 * `retention` job (modules/retention/rules.ts), in batches.
 */
export async function purgeAuditLog(db: DbOrTx, now: Date = new Date()): Promise<number> {
  const cutoff = sql`${now.toISOString()}::timestamptz - make_interval(years => ${AUDIT_LOG_RETENTION_YEARS})`;
  let total = 0;
  for (;;) {
    const due = db.select({ id: auditLog.id }).from(auditLog).where(lt(auditLog.at, cutoff)).limit(PURGE_BATCH);
    const gone = await db.delete(auditLog).where(inArray(auditLog.id, due)).returning({ id: auditLog.id });
    total += gone.length;
    if (gone.length < PURGE_BATCH) return total;
  }
}
