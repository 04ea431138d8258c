import { useDebouncedCallback } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigation, useSearchParams } from 'react-router';

/**
 * A staff list's state lives in the address (`?page=2&search=pac&categoryId=3`): a link, a reload
 * or the browser's back button gives the same list. Each value has a parser that reads the text of
 * the address and falls back to its default on anything it does not accept, so a hand-edited or
 * stale link never breaks the screen. Defaults are left out of the address to keep it short.
 */
export interface ParamParser<T> {
  parse(raw: string | null): T;
  /** The text written in the address; null leaves the parameter out (the default). */
  serialize(value: T): string | null;
}

/** The largest page number read from an address: beyond it the link is not one we wrote. */
const MAX_PAGE = 100_000;

function positiveInt(raw: string | null, max = Number.MAX_SAFE_INTEGER): number | null {
  if (raw === null || !/^\d{1,16}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 && value <= max ? value : null;
}

export const listParam = {
  /** Free text; empty by default. */
  text(): ParamParser<string> {
    return { parse: (raw) => raw?.trim() ?? '', serialize: (value) => value.trim() || null };
  },
  /** An entity id (a category, an agency): a positive integer, or null for "all". */
  id(): ParamParser<number | null> {
    return { parse: (raw) => positiveInt(raw), serialize: (value) => (value === null ? null : String(value)) };
  },
  /** Some of a closed set of codes (ticked boxes), comma-separated in the address; none by default. Unknown codes are dropped. */
  codes<V extends string>(values: readonly V[]): ParamParser<V[]> {
    return {
      parse: (raw) => values.filter((v) => (raw ?? '').split(',').includes(v)),
      serialize: (value) => (value.length === 0 ? null : values.filter((v) => value.includes(v)).join(',')),
    };
  },
  /** One of a closed set of codes, with its default. */
  oneOf<V extends string>(values: readonly V[], fallback: V): ParamParser<V> {
    return {
      parse: (raw) => values.find((v) => v === raw) ?? fallback,
      serialize: (value) => (value === fallback ? null : value),
    };
  },
};

/** `page` and `search` belong to every list; an area's filters take other names. */
export const PAGE_PARAM = 'page';
export const SEARCH_PARAM = 'search';

type Parsers = Record<string, ParamParser<unknown>>;
export type FilterValues<S extends Parsers> = { [K in keyof S]: ReturnType<S[K]['parse']> };

export interface ListParams<F> {
  /** 1-based, as the API's `pageNumber`. */
  pageNumber: number;
  /** The search as it stands in the address (what the query sends), trimmed. */
  search: string;
  filters: F;
  /** A new history entry, so back returns to the previous page; `replace` corrects the address instead. */
  setPage(pageNumber: number, options?: { replace?: boolean }): void;
  /** Changing a filter starts again from page 1. */
  setFilter<K extends keyof F>(name: K, value: F[K]): void;
  /** The search box: its text at once, the address after a pause in typing. */
  searchInput: { value: string; onChange(text: string): void };
}

export const SEARCH_DEBOUNCE_MS = 300;

/** Reads and writes a list's page, search and filters in the address (see the top of this file). */
export function useListParams<S extends Parsers>(
  parsers: S & { page?: never; search?: never },
  options: { debounceMs?: number } = {},
): ListParams<FilterValues<S>> {
  const [searchParams, setSearchParams] = useSearchParams();
  // While the user is already leaving (a link clicked, its screen still loading), a search typed
  // just before must not be written: writing it would navigate back to this list.
  const leaving = useRef(false);
  leaving.current = useNavigation().state !== 'idle';
  const key = searchParams.toString();
  const parsersRef = useRef(parsers);

  // Parsed once per address, so the filters object is stable between renders (query keys, effects).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the address these values are read from
  const state = useMemo(() => {
    const filters = Object.fromEntries(
      Object.entries(parsersRef.current).map(([name, parser]) => [name, parser.parse(searchParams.get(name))]),
    ) as FilterValues<S>;
    return {
      pageNumber: positiveInt(searchParams.get(PAGE_PARAM), MAX_PAGE) ?? 1,
      search: listParam.text().parse(searchParams.get(SEARCH_PARAM)),
      filters,
    };
  }, [key]);

  // The address our last write asked for. Two writes in a row (a search, then a page click before
  // the list has drawn the new address) build on it, not on the address of the last render.
  const latest = useRef({ key, params: searchParams });
  if (latest.current.key !== key) latest.current = { key, params: searchParams };

  /** Writes some values; a value equal to its default leaves the address. Other parameters stay. */
  const write = useCallback(
    (values: Record<string, string | null>, replace: boolean) => {
      const next = new URLSearchParams(latest.current.params);
      for (const [name, text] of Object.entries(values)) {
        if (text === null) next.delete(name);
        else next.set(name, text);
      }
      latest.current = { key: latest.current.key, params: next };
      setSearchParams(next, { replace });
    },
    [setSearchParams],
  );

  const setPage = useCallback(
    (pageNumber: number, opts: { replace?: boolean } = {}) =>
      write({ [PAGE_PARAM]: pageNumber > 1 ? String(pageNumber) : null }, opts.replace ?? false),
    [write],
  );

  const setFilter = useCallback(
    <K extends keyof FilterValues<S>>(name: K, value: FilterValues<S>[K]) => {
      const parser = parsersRef.current[name as string];
      if (!parser) return;
      write({ [name as string]: parser.serialize(value), [PAGE_PARAM]: null }, false);
    },
    [write],
  );

  // The box shows what is typed; the address follows after a pause. Typing replaces the current
  // history entry: back leaves the search rather than stepping through every word of it.
  const [text, setText] = useState(state.search);
  const committed = useRef(state.search);
  const commit = useDebouncedCallback((value: string) => {
    const search = value.trim();
    if (search === committed.current || leaving.current) return;
    committed.current = search;
    write({ [SEARCH_PARAM]: search || null, [PAGE_PARAM]: null }, true);
  }, options.debounceMs ?? SEARCH_DEBOUNCE_MS);

  // Back, forward or a link changed the search: the box shows it.
  useEffect(() => {
    if (state.search === committed.current) return;
    committed.current = state.search;
    commit.cancel();
    setText(state.search);
  }, [state.search, commit]);

  const onSearchChange = useCallback(
    (value: string) => {
      setText(value);
      commit(value);
    },
    [commit],
  );

  return {
    ...state,
    setPage,
    setFilter,
    searchInput: { value: text, onChange: onSearchChange },
  };
}
