import { Card } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeListView, fakeApi, renderFakeList, rows } from '../test/paged-list';
import { CardGrid } from './CardGrid';
import { EmptyBlock } from './EmptyBlock';

const gridView: FakeListView = ({ query, list }) => (
  <CardGrid
    label="Cartes d'essai"
    query={query}
    pageNumber={list.pageNumber}
    onPageChange={list.setPage}
    itemKey={(row) => row.id}
    renderItem={(row) => <Card>{row.name}</Card>}
    empty={<EmptyBlock icon="∅" title="Aucune carte" />}
  />
);

describe('CardGrid', () => {
  it('shows placeholder cards while loading, then one list item per card', async () => {
    let answer: (page: { items: { id: number; name: string }[]; pageCount: number }) => void = () => {};
    renderFakeList(
      '/list',
      fakeApi(() => new Promise((resolve) => (answer = resolve))),
      gridView,
    );
    expect(await screen.findByLabelText('Chargement…')).toHaveAttribute('aria-busy', 'true');
    answer({ items: rows('Chaudières', 'Pompes à chaleur', 'Solaire'), pageCount: 1 });
    const list = await screen.findByRole('list', { name: "Cartes d'essai" });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Chaudières', 'Pompes à chaleur', 'Solaire']);
  });

  it('shows the screen’s own empty message, or « Aucune donnée » when it gives none', async () => {
    const empty = fakeApi(async () => ({ items: [], pageCount: 0 }));
    const first = renderFakeList('/list', empty, gridView);
    expect(await screen.findByText('Aucune carte')).toBeInTheDocument();
    first.unmount();
    const plain: FakeListView = ({ query, list }) => (
      <CardGrid
        label="Sans message"
        query={query}
        pageNumber={list.pageNumber}
        onPageChange={list.setPage}
        itemKey={(row) => row.id}
        renderItem={(row) => row.name}
      />
    );
    renderFakeList('/list', empty, plain);
    expect(await screen.findByText('Aucune donnée')).toBeInTheDocument();
  });

  it('retries a failed load', async () => {
    let fail = true;
    const api = fakeApi(async () => {
      if (fail) throw new Error('réseau');
      return { items: rows('Biomasse'), pageCount: 1 };
    });
    renderFakeList('/list', api, gridView);
    fail = false;
    await userEvent.setup().click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Biomasse')).toBeInTheDocument();
    expect(api).toHaveBeenCalledTimes(2);
  });

  it('keeps the cards of the page shown while the next one loads, then pages in the address', async () => {
    let answerPage2: (page: { items: { id: number; name: string }[]; pageCount: number }) => void = () => {};
    const api = fakeApi(({ pageNumber }) =>
      pageNumber === 1
        ? Promise.resolve({ items: rows('Première'), pageCount: 2 })
        : new Promise((resolve) => (answerPage2 = resolve)),
    );
    const { search } = renderFakeList('/list', api, gridView);
    await screen.findByText('Première');
    await userEvent
      .setup()
      .click(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: 'Page 2' }));
    expect(search().get('page')).toBe('2');
    // The previous page stays, marked busy, instead of a skeleton.
    await waitFor(() => expect(screen.getByText('Première').closest('[aria-busy="true"]')).not.toBeNull());
    answerPage2({ items: rows('Seconde'), pageCount: 2 });
    expect(await screen.findByText('Seconde')).toBeInTheDocument();
    expect(screen.queryByText('Première')).not.toBeInTheDocument();
  });
});
