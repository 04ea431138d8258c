import type { Timer } from '../scheduler.js';

/** A Timer whose clock moves only when the test says so: no sleeping, no real time. */
export function createManualTimer() {
  let now = 0;
  let nextId = 1;
  const pending = new Map<number, { at: number; fn: () => unknown }>();
  const timer: Timer = {
    set(fn, ms) {
      const id = nextId++;
      pending.set(id, { at: now + ms, fn });
      return id;
    },
    clear: (handle) => void pending.delete(handle as number),
    now: () => now,
  };
  return {
    timer,
    /** Moves the clock by `ms`, fires what falls due and returns once those runs have ended. */
    async advance(ms: number) {
      now += ms;
      const due = [...pending].filter(([, t]) => t.at <= now);
      for (const [id] of due) pending.delete(id);
      await Promise.all(due.map(([, t]) => t.fn()));
    },
    /** Timers waiting to fire. */
    get pending() {
      return pending.size;
    },
  };
}
