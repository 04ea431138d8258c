import type { UseQueryResult } from '@tanstack/react-query';
import type { PagedQuery } from './use-paged-query';

/**
 * A list read whole (one query) and paged on the screen (the directory: spec 02 §9, 8 a page,
 * client-side) as the PagedQuery that PagedTable and CardGrid draw: same loading, error, empty
 * and pager states as a server-paged list. `items` is the list after the screen's filters.
 */
export function clientPages<T>(
  query: Pick<UseQueryResult<unknown>, 'isPending' | 'isError' | 'isFetching' | 'refetch'>,
  items: readonly T[] | undefined,
  pageNumber: number,
  pageSize: number,
): PagedQuery<T> {
  const data =
    items === undefined
      ? undefined
      : {
          items: items.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
          pageCount: Math.ceil(items.length / pageSize),
        };
  return {
    data,
    isPending: query.isPending,
    isError: query.isError,
    isFetching: query.isFetching,
    isPlaceholderData: false,
    refetch: query.refetch as PagedQuery<T>['refetch'],
  };
}
