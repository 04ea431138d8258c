/**
 * Failures that mean the database cannot serve us, as opposed to a bad query (a bug, a 500).
 * Two kinds, both answered 503 `database_unavailable`:
 * - unreachable, which waiting may fix: network errors of node-postgres, SQLSTATE class 08
 *   (connection exception), 57P01–57P03 (the server is shutting down or starting), 53300 (too
 *   many connections), the pool's connect time-out, and a closed PGlite;
 * - missing, which it will not: the server answers but our database, schema or tables are not
 *   there (renamed, dropped, restored elsewhere). An operator must act.
 * Drizzle wraps the driver's error: its `cause` is looked at too.
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
/**
 * invalid_catalog_name (the database renamed or dropped: on connect), invalid_schema_name, and
 * undefined_table: the schema dropped leaves every table undefined, as `/api/health` reads it. A
 * table missing from a migrated database is read the same way: an operator's matter too.
 */
const MISSING: Record<string, string> = { '3D000': 'base absente', '3F000': 'schéma absent', '42P01': 'table absente' };

/** The code that names an unreachable database (`ECONNREFUSED`, `57P03`…) or null when it is not one. */
export function databaseUnreachableReason(err: unknown): string | null {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return code;
    // AggregateError: a host name resolving to several addresses, each refused.
    if (e instanceof AggregateError) {
      for (const inner of e.errors) {
        const reason = databaseUnreachableReason(inner);
        if (reason) return reason;
      }
    }
    if (MESSAGES.some((m) => m.test(e.message))) return /timeout/.test(e.message) ? 'délai dépassé' : 'connexion fermée';
  }
  return null;
}

/** What is missing (`base absente`, `schéma absent`, `table absente`), or null when it is not that. */
export function databaseMissingReason(err: unknown): string | null {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && Object.hasOwn(MISSING, code)) return MISSING[code]!;
  }
  return null;
}

/** Either kind: what the routes answer 503 `database_unavailable` to (error-handler.ts). */
export const databaseUnavailableReason = (err: unknown): string | null =>
  databaseMissingReason(err) ?? databaseUnreachableReason(err);

/** Unreachable only: the start retries these, and stops at once on the rest (waiting will not fix them). */
export const isDatabaseUnreachable = (err: unknown) => databaseUnreachableReason(err) !== null;
