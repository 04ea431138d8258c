import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, signInAs } from '../test/utils';
import { useSearchables } from './searchables';

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const hit = (n: number) => ({
  metaId: `NA-${n}`,
  entityType: 'network_actuality',
  entityId: n,
  title: `Actualité ${n}`,
  url: `/intranet/news/${n}`,
  snippet: 'La <b>chaudière</b>',
});

describe('useSearchables', () => {
  it('sends the words in `query` and the key in the x-search-key header, never in the URL nor with the bearer', async () => {
    const token = signInAs('intranet', { roleId: 1 });
    const api = mockApi({
      'GET /api/searchables:get-api-key': () => json(200, { apiKey: 'clé-1', expiresAt: '2026-11-22T10:10:00Z' }),
      'GET /api/searchables': ({ url }) =>
        json(200, { searchables: [hit(Number(url.searchParams.get('pageNumber')))], totalCount: 21, pageCount: 2 }),
    });
    const { result } = renderHook(() => useSearchables('  chaudière '), { wrapper });

    await waitFor(() => expect(result.current.data?.pages).toHaveLength(1));
    expect(result.current.hasNextPage).toBe(true);
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.data?.pages).toHaveLength(2));
    expect(result.current.hasNextPage).toBe(false);

    expect(api.callsTo('GET', '/api/searchables:get-api-key')[0]?.headers.get('authorization')).toBe(`Bearer ${token}`);
    const searches = api.callsTo('GET', '/api/searchables');
    expect(searches.map((c) => Object.fromEntries(c.url.searchParams))).toEqual([
      { query: 'chaudière', pageNumber: '1' },
      { query: 'chaudière', pageNumber: '2' },
    ]);
    for (const call of searches) {
      expect(call.headers.get('x-search-key')).toBe('clé-1');
      expect(call.headers.get('authorization')).toBeNull();
    }
    expect(api.callsTo('GET', '/api/searchables:get-api-key')).toHaveLength(1);
  });

  it('fetches a new key once when the search refuses the one it has', async () => {
    signInAs('intranet', { roleId: 2 });
    let issued = 0;
    const api = mockApi({
      'GET /api/searchables:get-api-key': () => json(200, { apiKey: `clé-${++issued}`, expiresAt: '2026-11-22T10:10:00Z' }),
      'GET /api/searchables': ({ headers }) =>
        headers.get('x-search-key') === 'clé-2'
          ? json(200, { searchables: [hit(1)], totalCount: 1, pageCount: 1 })
          : json(401, { code: 'unauthenticated', message: 'Veuillez vous connecter.' }),
    });
    const { result } = renderHook(() => useSearchables('ramonage'), { wrapper });

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.pages[0]?.searchables.map((h) => h.metaId)).toEqual(['NA-1']);
    expect(api.callsTo('GET', '/api/searchables').map((c) => c.headers.get('x-search-key'))).toEqual(['clé-1', 'clé-2']);
  });

  it('sends nothing for a blank query', async () => {
    signInAs('intranet', { roleId: 1 });
    const api = mockApi({});
    const { result } = renderHook(() => useSearchables('   '), { wrapper });
    expect(result.current.fetchStatus).toBe('idle');
    expect(api.calls).toEqual([]);
  });
});
