/** A counter that lives for a window: what a hit answers. */
export interface ThrottleCount {
  count: number;
  /** Milliseconds until the counter disappears (measured by the store, so clocks never disagree). */
  resetInMs: number;
}

export interface HitOptions {
  /** Each hit restarts the window (the counter lives `windowMs` after the last hit, not the first). */
  sliding?: boolean;
}

/**
 * Counters shared by every instance when Redis is configured (one per process otherwise): the
 * per-account sign-in backoff and the per-recipient mail quota. Keys are given without prefix.
 */
export interface ThrottleStore {
  /** Adds one to the key's counter, creating it for `windowMs` when absent. */
  hit(key: string, windowMs: number, options?: HitOptions): Promise<ThrottleCount>;
  /** The counter when it is alive, null otherwise; changes nothing. */
  get(key: string): Promise<ThrottleCount | null>;
  reset(key: string): Promise<void>;
}
