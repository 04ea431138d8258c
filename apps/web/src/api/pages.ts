import type { Page } from '../lib/use-paged-query';
import { api } from './http';

type QueryValue = string | number | boolean | null | undefined;

/**
 * GET a paged list (`{ <listKey>: [...], pageCount }`, spec ARCHITECTURE "Lists") as a Page.
 * Empty values are left out of the query string by the HTTP client.
 */
export async function getPage<T>(
  path: string,
  listKey: string,
  query: Record<string, QueryValue>,
  signal?: AbortSignal,
): Promise<Page<T>> {
  const answer = await api.get<Record<string, unknown>>(path, { query, signal });
  const items = answer[listKey];
  const pageCount = answer.pageCount;
  return { items: Array.isArray(items) ? (items as T[]) : [], pageCount: typeof pageCount === 'number' ? pageCount : 0 };
}
