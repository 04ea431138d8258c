import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database.js';
import { type Database, openDatabase } from '../db/client.js';
import { createScheduler } from './scheduler.js';
import { createManualTimer } from './testing/manual-timer.js';

const database = await openTestDatabase();
/**
 * What a second instance would use. On PostgreSQL: a second pool to the same database, so the
 * two schedulers hold their locks on different sessions and PostgreSQL decides between them. On
 * PGlite there is one connection, hence one session, for the process (and only one process may
 * open a PGlite folder): both schedulers share it. A session re-takes an advisory lock it holds,
 * so the scheduler reads pg_locks first; that this test sees the second one skip proves the lock
 * held by the first is what stops it, not anything kept in the scheduler's memory.
 */
const second: Database = database.url ? await openDatabase({ url: database.url, dataDir: '' }) : database;
afterAll(async () => {
  if (second !== database) await second.close();
  await database.close();
});

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const noErrors = (_name: string, err: unknown) => {
  throw err;
};

describe('scheduler', () => {
  it('runs a task at each tick of the moved clock, and only once started', async () => {
    const clock = createManualTimer();
    const scheduler = createScheduler(database, noErrors, clock.timer);
    let runs = 0;
    scheduler.every('tick-count', 1000, async () => {
      runs++;
    });
    await clock.advance(1000);
    expect(runs).toBe(0);

    scheduler.start();
    await clock.advance(999);
    expect(runs).toBe(0);
    await clock.advance(1);
    expect(runs).toBe(1);
    await clock.advance(1000);
    await clock.advance(1000);
    expect(runs).toBe(3);
    await scheduler.stop();
    expect(clock.pending).toBe(0);
  });

  it('skips the run while another scheduler on the same database holds the lock', async () => {
    const clockA = createManualTimer();
    const clockB = createManualTimer();
    const a = createScheduler(database, noErrors, clockA.timer);
    const b = createScheduler(second, noErrors, clockB.timer);
    const entered = deferred();
    const release = deferred();
    let runsB = 0;
    a.every('shared-job', 1000, async () => {
      entered.resolve();
      await release.promise;
    });
    b.every('shared-job', 1000, async () => {
      runsB++;
    });
    a.start();
    b.start();

    const runA = clockA.advance(1000);
    await entered.promise; // A holds the lock and is working
    await clockB.advance(1000);
    expect(runsB).toBe(0);

    release.resolve();
    await runA; // A's run ended and gave the lock back
    await clockB.advance(1000);
    expect(runsB).toBe(1);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('runs a job once per period when two instances each fire it in that period', async () => {
    const clockA = createManualTimer();
    const clockB = createManualTimer();
    const outcomes: string[] = [];
    const a = createScheduler(database, noErrors, clockA.timer, (_job, outcome) => outcomes.push(`A ${outcome}`));
    const b = createScheduler(second, noErrors, clockB.timer, (_job, outcome) => outcomes.push(`B ${outcome}`));
    let runs = 0;
    for (const scheduler of [a, b]) {
      scheduler.every('once-per-period', 1000, async () => {
        runs++;
      });
      scheduler.start();
    }
    // The two instances' timers fire one after the other in each period (their locks never meet).
    for (let period = 1; period <= 3; period++) {
      await clockA.advance(1000);
      await clockB.advance(1000);
      expect(runs).toBe(period);
    }
    expect(outcomes).toEqual(['A ran', 'B skipped', 'A ran', 'B skipped', 'A ran', 'B skipped']);
    // The instance that ran it stops: the other takes it up at its next turn.
    await a.stop();
    await clockB.advance(1000);
    expect(runs).toBe(4);
    await b.stop();
  });

  it('logs a failing task, gives the lock back and runs the next tick', async () => {
    const clock = createManualTimer();
    const failures: { name: string; err: unknown }[] = [];
    const scheduler = createScheduler(database, (name, err) => failures.push({ name, err }), clock.timer);
    let runs = 0;
    scheduler.every('failing-job', 500, async () => {
      runs++;
      if (runs === 1) throw new Error('boom');
    });
    scheduler.start();
    await clock.advance(500);
    expect(failures).toEqual([{ name: 'failing-job', err: new Error('boom') }]);
    // Had the lock stayed taken, this run would be skipped (pg_locks would show it granted).
    await clock.advance(500);
    expect(runs).toBe(2);
    expect(failures).toHaveLength(1);
    await scheduler.stop();
  });

  it('stop waits for the running task and nothing runs afterwards', async () => {
    const clock = createManualTimer();
    const scheduler = createScheduler(database, noErrors, clock.timer);
    const entered = deferred();
    const release = deferred();
    const events: string[] = [];
    scheduler.every('slow-job', 1000, async () => {
      events.push('task started');
      entered.resolve();
      await release.promise;
      events.push('task ended');
    });
    scheduler.start();
    const run = clock.advance(1000);
    await entered.promise;
    const stopped = scheduler.stop().then(() => events.push('stopped'));
    release.resolve();
    await Promise.all([run, stopped]);
    expect(events).toEqual(['task started', 'task ended', 'stopped']);

    expect(clock.pending).toBe(0);
    await clock.advance(10_000);
    expect(events).toHaveLength(3);
  });
});
