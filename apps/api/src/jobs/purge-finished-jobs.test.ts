import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.js';
import { backgroundJobs } from '../db/schema/index.js';
import { FINISHED_JOB_RETENTION_DAYS, purgeFinishedJobs } from './background-jobs.js';

const t = await buildTestApp({}, { modules: ['health'] });

describe('purge of finished background jobs', () => {
  it('deletes the jobs finished before the retention, keeps the recent ones, the dead and the waiting', async () => {
    const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;
    const rows = await t.db
      .insert(backgroundJobs)
      .values([
        { kind: 'test', payload: { email: 'ancien@test.fr' }, state: 'sent', doneAt: daysAgo(FINISHED_JOB_RETENTION_DAYS + 1) },
        { kind: 'test', payload: { email: 'recent@test.fr' }, state: 'sent', doneAt: daysAgo(FINISHED_JOB_RETENTION_DAYS - 1) },
        { kind: 'test', payload: {}, state: 'dead', createdAt: daysAgo(60) },
        { kind: 'test', payload: {}, state: 'pending', createdAt: daysAgo(60) },
      ])
      .returning({ id: backgroundJobs.id });
    const ids = rows.map((r) => r.id);

    expect(await purgeFinishedJobs(t.db)).toBe(1);

    const left = await t.db.select({ id: backgroundJobs.id }).from(backgroundJobs).where(sql`${backgroundJobs.id} in ${ids}`);
    expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual(ids.slice(1));
    expect(await purgeFinishedJobs(t.db)).toBe(0);
  });
});
