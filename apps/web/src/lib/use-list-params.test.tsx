import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FAKE_FILTERS } from '../test/paged-list';
import { type FilterValues, type ListParams, listParam, useListParams } from './use-list-params';

type Params = ListParams<FilterValues<typeof FAKE_FILTERS>>;

/** A lazy route's code that arrives when the test says so. */
function pending() {
  let resolve: (screen: { element: React.ReactNode }) => void = () => {};
  const promise = new Promise<{ element: React.ReactNode }>((ok) => (resolve = ok));
  return { promise, resolve };
}
let slowScreen = pending();

/** Renders the hook in a memory router; `current` is its latest answer. */
function renderParams(path: string) {
  const result: { current: Params | null } = { current: null };
  function Probe() {
    const list = useListParams(FAKE_FILTERS, { debounceMs: 10 });
    result.current = list;
    return (
      <input aria-label="Rechercher" value={list.searchInput.value} onChange={(e) => list.searchInput.onChange(e.target.value)} />
    );
  }
  const router = createMemoryRouter(
    [
      { path: '/start', element: <p>Avant</p> },
      { path: '/list', element: <Probe /> },
      // A screen whose code is still loading (lazy route): the list stays shown meanwhile.
      { path: '/slow', lazy: () => slowScreen.promise },
    ],
    { initialEntries: ['/start', path], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  const current = () => {
    if (!result.current) throw new Error('not rendered');
    return result.current;
  };
  return { current, router, search: () => router.state.location.search };
}

describe('listParam parsers', () => {
  it('read what they accept and fall back to their default on anything else', () => {
    expect(listParam.id().parse('12')).toBe(12);
    for (const bad of [null, '', '0', '-3', '2.5', 'abc', '1e3', '99999999999999999'])
      expect(listParam.id().parse(bad)).toBeNull();
    const status = listParam.oneOf(['open', 'closed'] as const, 'open');
    expect(status.parse('closed')).toBe('closed');
    expect(status.parse('CLOSED')).toBe('open');
    expect(status.serialize('open')).toBeNull();
    expect(listParam.text().parse('  pompe  ')).toBe('pompe');
    expect(listParam.text().serialize('   ')).toBeNull();
    // Ticked boxes: known codes only, in the list's order, none by default.
    const activities = listParam.codes(['GAZ', 'PAC', 'PV'] as const);
    expect(activities.parse('PV,inconnu,GAZ')).toEqual(['GAZ', 'PV']);
    expect(activities.parse(null)).toEqual([]);
    expect(activities.serialize(['PV', 'GAZ'])).toBe('GAZ,PV');
    expect(activities.serialize([])).toBeNull();
  });
});

describe('useListParams', () => {
  it('gives the defaults for an address without parameters', () => {
    const { current } = renderParams('/list');
    expect(current().pageNumber).toBe(1);
    expect(current().search).toBe('');
    expect(current().filters).toEqual({ categoryId: null, status: 'open' });
  });

  it('reads typed values from the address, and falls back on invalid ones', () => {
    const good = renderParams('/list?page=3&search=chaudi%C3%A8re&categoryId=4&status=closed');
    expect(good.current().pageNumber).toBe(3);
    expect(good.current().search).toBe('chaudière');
    expect(good.current().filters).toEqual({ categoryId: 4, status: 'closed' });
  });

  it.each(['page=0', 'page=-2', 'page=abc', 'page=1.5', 'page=999999999'])('reads page 1 from %s', (query) => {
    const { current } = renderParams(`/list?${query}&categoryId=x&status=bogus`);
    expect(current().pageNumber).toBe(1);
    expect(current().filters).toEqual({ categoryId: null, status: 'open' });
  });

  it('writes a page as a new history entry: back returns to the previous page', async () => {
    const { current, router, search } = renderParams('/list?status=closed');
    act(() => current().setPage(2));
    expect(search()).toBe('?status=closed&page=2');
    act(() => current().setPage(3));
    expect(current().pageNumber).toBe(3);
    await act(() => router.navigate(-1));
    expect(current().pageNumber).toBe(2);
    await act(() => router.navigate(1));
    expect(current().pageNumber).toBe(3);
    // Page 1 is the default: it leaves the address.
    act(() => current().setPage(1));
    expect(search()).toBe('?status=closed');
  });

  it('starts again from page 1 when a filter changes, and leaves defaults and other parameters alone', () => {
    const { current, search } = renderParams('/list?page=4&tab=all');
    act(() => current().setFilter('categoryId', 7));
    expect(search()).toBe('?tab=all&categoryId=7');
    expect(current().pageNumber).toBe(1);
    act(() => current().setFilter('status', 'closed'));
    expect(current().filters).toEqual({ categoryId: 7, status: 'closed' });
    act(() => current().setFilter('categoryId', null));
    act(() => current().setFilter('status', 'open'));
    expect(search()).toBe('?tab=all');
  });

  it('writes the search after a pause in typing, from page 1, without a history entry per word', async () => {
    const { current, router, search } = renderParams('/list?page=5');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Rechercher' }), ' pompe ');
    // The box shows the text at once.
    expect(screen.getByRole('textbox', { name: 'Rechercher' })).toHaveValue(' pompe ');
    await waitFor(() => expect(search()).toBe('?search=pompe'));
    expect(current().search).toBe('pompe');
    expect(current().pageNumber).toBe(1);
    // The search replaced the list's entry: back leaves the list.
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/start');
  });

  it('shows the search of the address again after back or a link', async () => {
    const { router } = renderParams('/list');
    await act(() => router.navigate('/list?search=radiateur'));
    expect(screen.getByRole('textbox', { name: 'Rechercher' })).toHaveValue('radiateur');
    await act(() => router.navigate(-1));
    expect(screen.getByRole('textbox', { name: 'Rechercher' })).toHaveValue('');
  });

  it('does not write a search typed just before the user left: the new screen opens', async () => {
    slowScreen = pending();
    const { router } = renderParams('/list');
    await userEvent.type(screen.getByRole('textbox', { name: 'Rechercher' }), 'pompe');
    // Left before the pause: the next screen's code is loading while the search's timer runs out.
    act(() => void router.navigate('/slow'));
    // The search's 10 ms timer was set first, so it has fired once this 30 ms one does.
    await new Promise((wait) => setTimeout(wait, 30));
    expect(router.state.navigation.location?.pathname).toBe('/slow');
    await act(async () => slowScreen.resolve({ element: <p>Arrivé</p> }));
    expect(await screen.findByText('Arrivé')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/slow');
    expect(router.state.location.search).toBe('');
  });
});
