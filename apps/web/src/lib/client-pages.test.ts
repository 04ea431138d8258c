import { describe, expect, it } from 'vitest';
import { clientPages } from './client-pages';

const query = { isPending: false, isError: false, isFetching: false, refetch: async () => ({}) as never };

describe('clientPages', () => {
  it('cuts the filtered list into pages for the list components', () => {
    const items = Array.from({ length: 18 }, (_, i) => i + 1);
    expect(clientPages(query, items, 1, 8).data).toEqual({ items: [1, 2, 3, 4, 5, 6, 7, 8], pageCount: 3 });
    expect(clientPages(query, items, 3, 8).data).toEqual({ items: [17, 18], pageCount: 3 });
    expect(clientPages(query, [], 1, 8).data).toEqual({ items: [], pageCount: 0 });
  });

  it('has no page while the list loads or failed, and keeps the query states', () => {
    const loading = clientPages({ ...query, isPending: true }, undefined, 1, 8);
    expect(loading).toMatchObject({ data: undefined, isPending: true, isPlaceholderData: false });
    expect(clientPages({ ...query, isError: true }, undefined, 1, 8)).toMatchObject({ data: undefined, isError: true });
  });
});
