/** A unique key refused the write (PostgreSQL 23505), wherever the driver nests the cause. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** A unique violation of the named index: the same cause chain, for a write with several unique keys. */
export function isUniqueViolationOf(err: unknown, index: string): boolean {
  for (
    let e = err as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') return e.constraint === index || (typeof e.message === 'string' && e.message.includes(index));
  }
  return false;
}
