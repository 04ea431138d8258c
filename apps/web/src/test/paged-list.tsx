import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { listParam, useListParams } from '../lib/use-list-params';
import { type Page, type PagedQuery, usePagedQuery } from '../lib/use-paged-query';

/** A row of the fake list the list components are tested with. */
export interface FakeRow {
  id: number;
  name: string;
}

export const rows = (...names: string[]): FakeRow[] => names.map((name, i) => ({ id: i + 1, name }));

export const FAKE_FILTERS = { categoryId: listParam.id(), status: listParam.oneOf(['open', 'closed'] as const, 'open') };

export interface FakeQueryArgs {
  pageNumber: number;
  search: string;
  categoryId: number | null;
  status: 'open' | 'closed';
}

/** The API of the fake list: what it was asked, and an answer chosen by the test. */
export function fakeApi(answer: (args: FakeQueryArgs) => Promise<Page<FakeRow>>) {
  return vi.fn(answer);
}

export type FakeListView = (props: { query: PagedQuery<FakeRow>; list: ReturnType<typeof useFakeListParams> }) => ReactNode;

function useFakeListParams() {
  return useListParams(FAKE_FILTERS, { debounceMs: 10 });
}

/** What an area writes: params → query → list component (here the view under test). */
function FakeListScreen({ fetchPage, view: View }: { fetchPage: ReturnType<typeof fakeApi>; view: FakeListView }) {
  const list = useFakeListParams();
  const args: FakeQueryArgs = { pageNumber: list.pageNumber, search: list.search, ...list.filters };
  const query = usePagedQuery<FakeRow>({ queryKey: ['fake', args], fetchPage: () => fetchPage(args) });
  return <View query={query} list={list} />;
}

/**
 * Renders the fake list at an address, in a memory router whose location the test reads. A
 * second call with the same address and client is a reload: nothing but the address survives.
 */
export function renderFakeList(path: string, fetchPage: ReturnType<typeof fakeApi>, view: FakeListView) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/list', element: <FakeListScreen fetchPage={fetchPage} view={view} /> },
      { path: '/rows/:id', element: <p>Fiche de la ligne</p> },
    ],
    { initialEntries: [path] },
  );
  const utils = render(
    <AppProviders env="test">
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppProviders>,
  );
  return { ...utils, router, search: () => new URLSearchParams(router.state.location.search) };
}
