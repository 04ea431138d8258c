/**
 * True when the failure is a unique violation (SQLSTATE 23505) of the named index, on
 * node-postgres and PGlite alike. Drizzle wraps the driver's error: its `cause` chain is read.
 */
export function isUniqueViolationOf(err: unknown, index: string): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === index || e.message.includes(index);
  }
  return false;
}
