import { SEARCH_KEY_HEADER } from '@reseau/contracts/constants/search';
import type { SearchApiKey, SearchablesList } from '@reseau/contracts/schemas/search';
import { type QueryClient, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-error';
import { api } from './http';

/** The key is fetched again every 10 minutes (spec 02 §9); it lives 15 minutes on the server. */
export const SEARCH_KEY_REFRESH_MS = 10 * 60_000;

const keys = {
  apiKey: ['searchables', 'api-key'] as const,
  hits: (query: string) => ['searchables', 'hits', query] as const,
};

/** GET /searchables:get-api-key (every staff user; the key carries what they may read). */
export const fetchSearchKey = () => api.get<SearchApiKey>('/searchables:get-api-key');

/**
 * GET /searchables?query=&pageNumber=, the key in the x-search-key header: never in the URL,
 * where server logs, proxies and the browser's history would keep it. The key, not the session,
 * authenticates the call, so it goes without the bearer (and a 401 means "new key", not "sign in").
 */
export const fetchSearchables = (apiKey: string, query: string, pageNumber: number, signal?: AbortSignal) =>
  api.get<SearchablesList>('/searchables', {
    query: { query, pageNumber },
    headers: { [SEARCH_KEY_HEADER]: apiKey },
    anonymous: true,
    signal,
  });

const searchKeyQuery = { queryKey: keys.apiKey, queryFn: fetchSearchKey, staleTime: SEARCH_KEY_REFRESH_MS };

/** One page of hits; an expired or refused key is fetched again once before the search gives up. */
async function searchWithFreshKey(client: QueryClient, query: string, pageNumber: number, signal: AbortSignal) {
  const { apiKey } = await client.fetchQuery(searchKeyQuery);
  try {
    return await fetchSearchables(apiKey, query, pageNumber, signal);
  } catch (error) {
    if (!isApiError(error) || error.status !== 401) throw error;
    const fresh = await client.fetchQuery({ ...searchKeyQuery, staleTime: 0 });
    return fetchSearchables(fresh.apiKey, query, pageNumber, signal);
  }
}

/** The search key, kept fresh while a search screen is open. */
export function useSearchKey(enabled = true) {
  return useQuery({ ...searchKeyQuery, refetchInterval: SEARCH_KEY_REFRESH_MS, enabled });
}

/** The hits of `query`, 20 a page, with "load more" (`fetchNextPage`) while pages remain. */
export function useSearchables(query: string) {
  const client = useQueryClient();
  const text = query.trim();
  return useInfiniteQuery({
    queryKey: keys.hits(text),
    enabled: text.length > 0,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => searchWithFreshKey(client, text, pageParam, signal),
    getNextPageParam: (last, pages) => (pages.length < last.pageCount ? pages.length + 1 : undefined),
  });
}
