import { keepPreviousData, type QueryKey, type UseQueryResult, useQuery } from '@tanstack/react-query';

/** One page of a staff list, whatever key the API gives its rows (`networkActualities`, `users`…). */
export interface Page<T> {
  items: T[];
  pageCount: number;
}

/** What a paged list screen reads from its query (a fake in tests, useQuery in the app). */
export type PagedQuery<T> = Pick<
  UseQueryResult<Page<T>>,
  'data' | 'isPending' | 'isError' | 'isFetching' | 'isPlaceholderData' | 'refetch'
>;

/**
 * The query of a paged list. While the next page (or another filter) loads, the previous rows stay
 * on screen (`keepPreviousData`), dimmed by the list, instead of a skeleton flashing at every click.
 * `errorMessage` is the i18n key of the popover shown when the load fails (query-client.ts).
 */
export function usePagedQuery<T>({
  queryKey,
  fetchPage,
  initialPage,
  errorMessage,
  enabled = true,
}: {
  queryKey: QueryKey;
  fetchPage: (signal: AbortSignal) => Promise<Page<T>>;
  /** The page already in hand (an early answer, api/pages.ts `pageOf`), for the first render. */
  initialPage?: () => Page<T> | undefined;
  errorMessage?: string;
  enabled?: boolean;
}): UseQueryResult<Page<T>> {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchPage(signal),
    initialData: initialPage,
    placeholderData: keepPreviousData,
    enabled,
    meta: errorMessage ? { errorMessage } : undefined,
  });
}
