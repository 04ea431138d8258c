import type { Page } from '../lib/use-paged-query';
import { api, earlyAnswer } from './http';

type QueryValue = string | number | boolean | null | undefined;

/** A paged list's answer (`{ <listKey>: [...], pageCount }`) as a Page. */
function toPage<T>(answer: Record<string, unknown>, listKey: string): Page<T> {
  const items = answer[listKey];
  const pageCount = answer.pageCount;
  return { items: Array.isArray(items) ? (items as T[]) : [], pageCount: typeof pageCount === 'number' ? pageCount : 0 };
}

/**
 * GET a paged list (`{ <listKey>: [...], pageCount }`, spec ARCHITECTURE "Lists") as a Page.
 * Empty values are left out of the query string by the HTTP client.
 */
async function getPage<T>(
  path: string,
  listKey: string,
  query: Record<string, QueryValue>,
  signal?: AbortSignal,
): Promise<Page<T>> {
  return toPage<T>(await api.get<Record<string, unknown>>(path, { query, signal }), listKey);
}

/**
 * The `fetchPage` and `initialPage` of a paged list's query (lib/use-paged-query.ts): the page
 * from the API, and, when the screen's route has started that very GET and its answer is in
 * (api/early-answers.ts), that answer for the first render instead of a skeleton then a second
 * render of the whole screen (about 0.3 s on the phone profile, decisions.md).
 */
export function pageOf<T>(path: string, listKey: string, query: Record<string, QueryValue>) {
  return {
    fetchPage: (signal: AbortSignal) => getPage<T>(path, listKey, query, signal),
    initialPage: () => {
      const answer = earlyAnswer<Record<string, unknown>>(path, query);
      return answer === undefined ? undefined : toPage<T>(answer, listKey);
    },
  };
}
