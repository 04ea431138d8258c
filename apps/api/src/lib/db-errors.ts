/** The PostgreSQL error `code` somewhere in the cause chain (drivers and drizzle nest it differently). */
function hasCode(err: unknown, code: string): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === code) return true;
  }
  return false;
}

/** A unique key refused the write (PostgreSQL 23505), wherever the driver nests the cause. */
export const isUniqueViolation = (err: unknown) => hasCode(err, '23505');

/** A foreign key refused the write or the delete (23503): the row is still pointed at. */
export const isForeignKeyViolation = (err: unknown) => hasCode(err, '23503');

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
