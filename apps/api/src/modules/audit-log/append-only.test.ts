import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { auditLog } from '../../db/schema/index.js';
import { purgeAuditLog } from './purge.js';

const t = await buildTestApp({}, { modules: ['audit-log'] });

const DAY = 86_400_000;
const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;

async function entriesAged(days: number[]) {
  const rows = await t.db
    .insert(auditLog)
    .values(days.map((d) => ({ action: 'job_offer.deleted', at: daysAgo(d), details: { age: d } })))
    .returning({ id: auditLog.id });
  return rows.map((r) => r.id);
}

/** The database's refusal (the driver's error, whatever wraps it). */
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (err: unknown) => String((err as { cause?: unknown }).cause ?? err),
  );

describe('the audit log is append-only, by the database', () => {
  it('refuses an UPDATE, whatever the row', async () => {
    const [recent, old] = await entriesAged([1, 400]);
    for (const id of [recent!, old!]) {
      expect(await refusal(t.db.update(auditLog).set({ action: 'x' }).where(eq(auditLog.id, id)))).toMatch(/append-only/);
    }
    expect(await refusal(t.db.execute(sql`update audit_log set ip = '0.0.0.0'`))).toMatch(/append-only/);
  });

  it('refuses a DELETE of an entry younger than a year, and a TRUNCATE', async () => {
    const [recent] = await entriesAged([364]);
    expect(await refusal(t.db.delete(auditLog).where(eq(auditLog.id, recent!)))).toMatch(/append-only/);
    expect(await refusal(t.db.execute(sql`truncate audit_log`))).toMatch(/append-only/);
    expect(await t.db.$count(auditLog, eq(auditLog.id, recent!))).toBe(1);
  });

  it('lets only kernel/audit.ts write entries and only the purge delete them (no route changes one)', () => {
    const src = join(fileURLToPath(import.meta.url), '../../..');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
      });
    const writers = files(src)
      .filter((path) => !path.includes(`${join('db', 'migrations')}`))
      .filter((path) => {
        const code = readFileSync(path, 'utf8');
        return (
          /\.(insert|update|delete)\(\s*auditLog\b/.test(code) ||
          /\b(insert\s+into|update|delete\s+from|truncate)\s+"?audit_log\b/i.test(code)
        );
      })
      .map((path) => relative(src, path).replaceAll('\\', '/'))
      .sort();
    expect(writers).toEqual(['kernel/audit.ts', 'modules/audit-log/purge.ts']);
  });
});

describe('the yearly purge (a rule of the daily retention job, modules/retention)', () => {
  it('deletes the entries older than a year and keeps the others', async () => {
    const [old, older, recent] = await entriesAged([367, 800, 300]);
    expect(await purgeAuditLog(t.db)).toBeGreaterThanOrEqual(2);
    const left = await t.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(inArray(auditLog.id, [old!, older!, recent!]));
    expect(left.map((r) => r.id)).toEqual([recent]);
    expect(await purgeAuditLog(t.db)).toBe(0);
  });

  it('counts the year from the clock it is given', async () => {
    const [aged] = await entriesAged([370]);
    // Ten days ago, that entry was 360 days old: kept.
    expect(await purgeAuditLog(t.db, new Date(Date.now() - 10 * DAY))).toBe(0);
    expect(await purgeAuditLog(t.db, new Date())).toBe(1);
    expect(await t.db.$count(auditLog, eq(auditLog.id, aged!))).toBe(0);
  });
});
