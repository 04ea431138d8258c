/**
 * Failures that mean "the database cannot be reached right now" (as opposed to a bad query):
 * network errors of node-postgres, SQLSTATE class 08 (connection exception), 57P01–57P03 (the
 * server is shutting down or starting), 53300 (too many connections), the pool's connect
 * time-out, and a closed PGlite. Drizzle wraps the driver's error: its `cause` is looked at too.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'EPIPE',
]);
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const MESSAGES = [/^Connection terminated/, /timeout exceeded when trying to connect/, /^PGlite is clos(ed|ing)/];

/** The code that names the failure (`ECONNREFUSED`, `57P03`…) or null when it is not one. */
export function databaseUnavailableReason(err: unknown): string | null {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return code;
    // AggregateError: a host name resolving to several addresses, each refused.
    if (e instanceof AggregateError) {
      for (const inner of e.errors) {
        const reason = databaseUnavailableReason(inner);
        if (reason) return reason;
      }
    }
    if (MESSAGES.some((m) => m.test(e.message))) return /timeout/.test(e.message) ? 'délai dépassé' : 'connexion fermée';
  }
  return null;
}

export const isDatabaseUnavailable = (err: unknown) => databaseUnavailableReason(err) !== null;
