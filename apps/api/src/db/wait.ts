import { databaseUnreachableReason } from './unavailable.js';

export type WaitOutcome = { ok: true } | { ok: false; unreachable: boolean; reason: string };

const seconds = (ms: number) => `${(ms / 1000).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} s`;

/**
 * Pings until the database answers: 0.5 s between the first tries, doubling up to 10 s, for
 * `timeoutSeconds` at most, one line per failed try. An error that is not a connection failure
 * (wrong password, unknown database) stops at once: waiting would not fix it.
 */
export async function waitForDatabase(
  ping: () => Promise<unknown>,
  opts: { timeoutSeconds: number; log: (line: string) => void; sleep?: (ms: number) => Promise<void> },
): Promise<WaitOutcome> {
  const sleep = opts.sleep ?? ((ms) => new Promise<void>((r) => setTimeout(r, ms)));
  const deadline = Date.now() + opts.timeoutSeconds * 1000;
  let delay = 500;
  for (;;) {
    try {
      await ping();
      return { ok: true };
    } catch (err) {
      const reason = databaseUnreachableReason(err);
      if (!reason) return { ok: false, unreachable: false, reason: describe(err) };
      const remaining = deadline - Date.now();
      if (remaining <= 0) return { ok: false, unreachable: true, reason };
      const wait = Math.min(delay, remaining);
      opts.log(`Base PostgreSQL injoignable (${reason}) : nouvel essai dans ${seconds(wait)}`);
      await sleep(wait);
      delay = Math.min(delay * 2, 10_000);
    }
  }
}

/** SQLSTATE and message of a refusal (they carry the user name at most, never the password). */
function describe(err: unknown): string {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return `${code} : ${e.message}`;
  }
  return err instanceof Error ? err.message : String(err);
}
