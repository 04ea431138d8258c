import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import { retentionRows } from '../../lib/metrics.js';
import { RETENTION_RULES, type RetentionRun } from './rules.js';

export const RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000;

export type RetentionCounts = Record<string, number>;

/**
 * One run of the daily `retention` job (RGPD issue 28 §3): each rule of RETENTION_RULES in turn,
 * with the same clock, each counted in `reseau_retention_rows_total{rule}`; the counts are logged
 * together. A rule that fails does not stop the others: the run logs it and fails at the end (the
 * scheduler logs `job failed`), so the next day tries again.
 */
export async function runRetention(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  now: Date = new Date(),
  rules: Record<string, RetentionRun> = RETENTION_RULES,
): Promise<RetentionCounts> {
  const counts: RetentionCounts = {};
  const failed: string[] = [];
  for (const [name, run] of Object.entries(rules)) {
    try {
      counts[name] = await run({ db: deps.db, deps }, now);
      retentionRows.inc({ rule: name }, counts[name]);
    } catch (err) {
      failed.push(name);
      log.error({ err, rule: name }, 'retention rule failed');
    }
  }
  log.info({ counts, failed }, 'retention run');
  if (failed.length > 0) throw new Error(`retention rules failed: ${failed.join(', ')}`);
  return counts;
}
