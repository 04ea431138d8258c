/** Paged lists (`pageNumber` from 1, `pageSize`): the default page size and the largest one asked. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** The largest `pageNumber` a list takes (keeps the offset far from any integer limit). */
export const MAX_PAGE_NUMBER = 1_000_000;
/** The largest PostgreSQL `integer` (int4): what an int column, an amount in cents included, holds. */
export const MAX_INT4 = 2_147_483_647;
/** The largest id a row has: a larger id in a path or a body is refused, never sent to the database. */
export const MAX_ID = MAX_INT4;
