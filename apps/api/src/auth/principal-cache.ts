/**
 * The callers this instance checked in the last few seconds, so that most requests skip the
 * database round trip of the caller lookup (auth/principal.ts) while a revocation still takes
 * effect at once:
 * - any change to a session, an account or its agencies fires NOTIFY `principal_changed`
 *   (migration 0011), and every instance empties its cache when it hears it;
 * - a write request answered by this instance empties it before its answer leaves, so the
 *   caller's next request never races the notification (app.ts);
 * - while the listening connection is down, nothing is cached or read from the cache (fail
 *   closed), and the cache is emptied when it comes back, since messages may have been missed;
 * - a lookup that started before a change does not store its (possibly stale) answer;
 * - an entry lives `ttlMs` at most, and never past the end of its session.
 * Only found callers are kept: an unknown or refused one is asked again each time.
 */
export interface PrincipalCache {
  load<T extends object>(key: string, loader: () => Promise<CacheableLookup<T> | null>): Promise<T | null>;
  clear(): void;
  setLive(live: boolean): void;
  readonly size: number;
}

/** A lookup's answer and the moment it stops being true by itself (its session's end). */
export interface CacheableLookup<T> {
  value: T;
  validUntil?: Date | null;
}

export const PRINCIPAL_CHANGED_CHANNEL = 'principal_changed';

export function createPrincipalCache({
  ttlMs = 10_000,
  maxEntries = 10_000,
  now = Date.now,
}: {
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
} = {}): PrincipalCache {
  const entries = new Map<string, { value: object; expiresAt: number }>();
  let live = false;
  let generation = 0;

  const clear = () => {
    generation += 1;
    entries.clear();
  };

  return {
    get size() {
      return entries.size;
    },
    clear,
    setLive(next) {
      if (next !== live) clear();
      live = next;
    },
    async load<T extends object>(key: string, loader: () => Promise<CacheableLookup<T> | null>) {
      const hit = live ? entries.get(key) : undefined;
      if (hit && hit.expiresAt > now()) return hit.value as T;
      if (hit) entries.delete(key);
      const started = generation;
      const found = await loader();
      if (!found) return null;
      if (live && started === generation) {
        const sessionEnd = found.validUntil ? found.validUntil.getTime() : Number.POSITIVE_INFINITY;
        const expiresAt = Math.min(now() + ttlMs, sessionEnd);
        // The oldest entry goes first (a Map keeps insertion order).
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
        if (expiresAt > now()) entries.set(key, { value: found.value, expiresAt });
      }
      return found.value;
    },
  };
}
