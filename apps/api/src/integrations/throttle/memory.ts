import type { ThrottleCount, ThrottleStore } from './store.js';

interface Entry {
  count: number;
  expiresAt: number;
}

/**
 * One process's counters. Bounded: when full, expired entries go first, then the oldest ones
 * (a flood of made-up keys may then shorten a real counter, never grow the memory).
 */
export function createMemoryThrottleStore(options: { maxEntries?: number; now?: () => number } = {}): ThrottleStore {
  const maxEntries = options.maxEntries ?? 100_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();

  const alive = (key: string): Entry | null => {
    const entry = entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt > now()) return entry;
    entries.delete(key);
    return null;
  };
  const answer = (entry: Entry): ThrottleCount => ({ count: entry.count, resetInMs: entry.expiresAt - now() });

  function makeRoom() {
    if (entries.size < maxEntries) return;
    const t = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= t) entries.delete(key);
    // Map keeps insertion order: the first keys are the oldest.
    for (const key of entries.keys()) {
      if (entries.size < maxEntries) break;
      entries.delete(key);
    }
  }

  return {
    async hit(key, windowMs, hitOptions) {
      const entry = alive(key);
      if (entry) {
        entry.count += 1;
        if (hitOptions?.sliding) entry.expiresAt = now() + windowMs;
        return answer(entry);
      }
      makeRoom();
      const created = { count: 1, expiresAt: now() + windowMs };
      entries.set(key, created);
      return answer(created);
    },
    async get(key) {
      const entry = alive(key);
      return entry ? answer(entry) : null;
    },
    async reset(key) {
      entries.delete(key);
    },
  };
}
