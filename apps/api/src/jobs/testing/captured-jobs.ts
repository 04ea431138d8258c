import type { Scheduler } from '../scheduler.js';

/**
 * A scheduler that keeps the jobs registered on it for the test to run when it wants (the real
 * scheduler's timing and locks are tested in jobs/scheduler.test.ts).
 */
export function capturingScheduler() {
  const jobs = new Map<string, { intervalMs: number; task: () => Promise<unknown> }>();
  const scheduler: Scheduler = {
    every: (name, intervalMs, task) => void jobs.set(name, { intervalMs, task }),
    start: () => {},
    stop: async () => {},
  };
  return { jobs, scheduler };
}
