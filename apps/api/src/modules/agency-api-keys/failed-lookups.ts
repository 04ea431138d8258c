import { createHash } from 'node:crypto';
import { AGENCY_API_KEY_FAILURES_PER_MINUTE, AGENCY_API_KEY_MESSAGES } from '@reseau/contracts';
import type { AppDeps } from '../../app-deps.js';
import { RetryLaterError } from '../../lib/errors.js';

const WINDOW_MS = 60_000;

/**
 * The counter of one client address. A digest, not the address: Redis is shared and its keys get
 * listed. (IPv4 digests can be reversed by trying every address; they still keep addresses out
 * of plain sight, as `mailbox()` does for emails in auth/throttles.ts.)
 */
const counterOf = (address: string) => `agency-key-failures:${createHash('sha256').update(address).digest('hex').slice(0, 32)}`;

const refused = (resetInMs: number) =>
  new RetryLaterError(AGENCY_API_KEY_MESSAGES.tooManyFailures, Math.max(1, Math.ceil(resetInMs / 1000)));

/**
 * The limit per key names its bucket by the key, so every made-up key had a fresh one: failed
 * lookups (missing, malformed, unknown or revoked key) are counted per client address instead,
 * in the shared throttle store. Past AGENCY_API_KEY_FAILURES_PER_MINUTE in a fixed minute the
 * address is refused until that minute ends, before any key is looked up.
 *
 * Decision: a locked address is refused even with a valid key (fails closed, and simpler). Letting
 * valid keys through would mean looking every key up again, so the search for keys the lock
 * stops would go on, each guess answered 429 or 200. Software with a working key never fails: it
 * is locked out only when something at its address searches for keys, or shares it with that.
 */
export function failedKeyLookups(deps: Pick<AppDeps, 'throttle'>, address: string) {
  const counter = counterOf(address);
  return {
    /** Throws 429 while the address is locked. */
    async assertOpen() {
      const seen = await deps.throttle.get(counter);
      if (seen && seen.count >= AGENCY_API_KEY_FAILURES_PER_MINUTE) throw refused(seen.resetInMs);
    },
    /**
     * Counts one failure; answers the error to send. Lookups running at once all pass
     * `assertOpen` before any is counted, so the counter can pass the limit by as many; those
     * past it answer 429 rather than 401 (the hit is atomic, so each gets its own rank).
     */
    async failed(refusal: Error): Promise<Error> {
      const { count, resetInMs } = await deps.throttle.hit(counter, WINDOW_MS);
      return count > AGENCY_API_KEY_FAILURES_PER_MINUTE ? refused(resetInMs) : refusal;
    },
  };
}
