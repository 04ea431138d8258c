import { Button } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeListView, type FakeRow, fakeApi, renderFakeList, rows } from '../test/paged-list';
import { FiltersBar } from './FiltersBar';
import { PagedTable } from './PagedTable';

const COLUMNS = [
  { key: 'name', header: 'Nom', cell: (row: FakeRow) => row.name },
  { key: 'id', header: 'Numéro', cell: (row: FakeRow) => `n° ${row.id}`, align: 'right' as const },
];

/** The table as an area writes it: filters bar, columns, row link and an action. */
const tableView: FakeListView = ({ query, list }) => (
  <PagedTable
    label="Liste des essais"
    query={query}
    pageNumber={list.pageNumber}
    onPageChange={list.setPage}
    columns={COLUMNS}
    rowKey={(row) => row.id}
    rowHref={(row) => `/rows/${row.id}`}
    rowActions={(row) => <Button size="xs">{`Modifier ${row.name}`}</Button>}
    filters={
      <FiltersBar search={list.searchInput}>
        <Button variant="default" onClick={() => list.setFilter('categoryId', 3)}>
          Catégorie 3
        </Button>
      </FiltersBar>
    }
  />
);

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Liste des essais' }))
    .getAllByRole('row')
    .slice(1) as HTMLTableRowElement[];

describe('PagedTable', () => {
  it('shows a skeleton while the first page loads, then the rows under the declared columns', async () => {
    let answer: (page: { items: FakeRow[]; pageCount: number }) => void = () => {};
    const api = fakeApi(() => new Promise((resolve) => (answer = resolve)));
    renderFakeList('/list', api, tableView);
    expect(await screen.findByLabelText('Chargement…')).toHaveAttribute('aria-busy', 'true');
    answer({ items: rows('Lille', 'Nantes'), pageCount: 1 });
    const table = await screen.findByRole('table', { name: 'Liste des essais' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Nom', 'Numéro', 'Actions']);
    expect(bodyRows().map((tr) => tr.textContent)).toEqual(['Lillen° 1Modifier Lille', 'Nantesn° 2Modifier Nantes']);
    expect(screen.queryByLabelText('Chargement…')).not.toBeInTheDocument();
    // One page: no pager.
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('says « Aucune donnée » when the page has no row', async () => {
    renderFakeList(
      '/list',
      fakeApi(async () => ({ items: [], pageCount: 0 })),
      tableView,
    );
    expect(await screen.findByText('Aucune donnée')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the failure with « Réessayer », which loads the page again', async () => {
    let fail = true;
    const api = fakeApi(async () => {
      if (fail) throw new Error('réseau');
      return { items: rows('Lyon'), pageCount: 1 };
    });
    renderFakeList('/list', api, tableView);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("La liste n'a pas pu être chargée.");
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(bodyRows().map((tr) => tr.cells[0]?.textContent)).toEqual(['Lyon']));
    expect(api).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('pages through the server: the pager writes the page in the address and the query asks for it', async () => {
    const api = fakeApi(async ({ pageNumber }) => ({ items: rows(`Ligne de la page ${pageNumber}`), pageCount: 3 }));
    const { search } = renderFakeList('/list', api, tableView);
    const pager = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    const user = userEvent.setup();
    await user.click(within(pager).getByRole('button', { name: 'Page 2' }));
    expect(search().get('page')).toBe('2');
    await screen.findByText('Ligne de la page 2');
    await user.click(within(pager).getByRole('button', { name: 'Page suivante' }));
    await screen.findByText('Ligne de la page 3');
    expect(api.mock.calls.map(([args]) => args.pageNumber)).toEqual([1, 2, 3]);
  });

  it('keeps filters and search in the address: a reload asks for the same page', async () => {
    const api = fakeApi(async () => ({ items: rows('Brest'), pageCount: 4 }));
    const first = renderFakeList('/list?page=2', api, tableView);
    await screen.findByText('Brest');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Catégorie 3' }));
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'pac');
    await waitFor(() => expect(first.search().get('search')).toBe('pac'));
    await user.click(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: 'Page 4' }));
    const address = `${first.router.state.location.pathname}${first.router.state.location.search}`;
    expect(address).toBe('/list?categoryId=3&search=pac&page=4');
    first.unmount();

    api.mockClear();
    renderFakeList(address, api, tableView);
    expect(await screen.findByRole('searchbox', { name: 'Rechercher' })).toHaveValue('pac');
    await screen.findByText('Brest');
    expect(api).toHaveBeenCalledWith({ pageNumber: 4, search: 'pac', categoryId: 3, status: 'open' });
  });

  it('shows the last page when the address asks for one past the end', async () => {
    const api = fakeApi(async ({ pageNumber }) => ({ items: pageNumber <= 2 ? rows(`Page ${pageNumber}`) : [], pageCount: 2 }));
    const { search } = renderFakeList('/list?page=9', api, tableView);
    await screen.findByText('Page 2');
    expect(search().get('page')).toBe('2');
  });

  it('opens a row by its link or a click on the row, but not through its action buttons', async () => {
    const { router } = renderFakeList(
      '/list',
      fakeApi(async () => ({ items: rows('Lille', 'Nantes'), pageCount: 1 })),
      tableView,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Modifier Lille' }));
    expect(router.state.location.pathname).toBe('/list');
    expect(screen.getByRole('link', { name: 'Lille' })).toHaveAttribute('href', '/rows/1');
    await user.click(screen.getByText('n° 2'));
    expect(router.state.location.pathname).toBe('/rows/2');
  });

  it('scrolls sideways in a named, focusable region on narrow screens', async () => {
    renderFakeList(
      '/list',
      fakeApi(async () => ({ items: rows('Lille'), pageCount: 1 })),
      tableView,
    );
    const region = await screen.findByRole('region', { name: 'Liste des essais' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('table')).toBeInTheDocument();
  });
});
