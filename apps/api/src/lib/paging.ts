/**
 * The arithmetic of a paged list (`pageNumber` from 1, `pageSize`; the contracts' `pageFields`):
 * `.limit(pageSize).offset(pageOffset(query))`, then `{ <specKey>: rows, pageCount: pageCount(total, query) }`.
 */
export interface PageAsked {
  pageNumber: number;
  pageSize: number;
}

/** How many rows come before the asked page. */
export function pageOffset({ pageNumber, pageSize }: PageAsked): number {
  return (pageNumber - 1) * pageSize;
}

/** How many pages `total` rows fill (0 when there is none). */
export function pageCount(total: number, { pageSize }: Pick<PageAsked, 'pageSize'>): number {
  return Math.ceil(total / pageSize);
}
