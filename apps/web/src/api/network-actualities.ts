import { NETWORK_ACTUALITIES_PAGE_SIZE } from '@reseau/contracts/constants/network-actualities';
import type {
  NetworkActuality,
  NetworkActualityBody,
  NetworkActualityCategory,
  NetworkActualityList,
} from '@reseau/contracts/schemas/network-actualities';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import i18n from '../i18n';
import { notifyError } from '../lib/notify';
import { getSession } from '../lib/session';
import { usePagedQuery } from '../lib/use-paged-query';
import { api, landingGet } from './http';
import { pageOf } from './pages';
import { queryClient } from './query-client';

export type { NetworkActuality, NetworkActualityBody, NetworkActualityCategory, NetworkActualityList };

/** The list's query as the URL and GET /network-actualities know it (spec 01 §7). */
export interface NetworkActualityFilters {
  search?: string;
  isPublic?: 0 | 1;
  categoryId?: number;
  pageNumber?: number;
  pageSize?: number;
}

export const networkActualityKeys = {
  all: ['network-actualities'] as const,
  list: (filters: NetworkActualityFilters) => ['network-actualities', 'list', filters] as const,
  detail: (id: number) => ['network-actualities', 'detail', id] as const,
  categories: ['network-actuality-categories'] as const,
};

/** GET /network-actualities: newest first, a page at a time (the server keeps roles 5, 6, 8 to public news). */
export function useNetworkActualities(filters: NetworkActualityFilters) {
  return useQuery({
    queryKey: networkActualityKeys.list(filters),
    ...landingGet<NetworkActualityList>('/network-actualities', { ...filters }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'networkActualityErrors.loadActualities' },
  });
}

/** GET /network-actualities/{id} */
export function useNetworkActuality(id: number) {
  return useQuery({
    queryKey: networkActualityKeys.detail(id),
    queryFn: () => api.get<NetworkActuality>(`/network-actualities/${id}`),
    enabled: Number.isInteger(id) && id > 0,
    meta: { errorMessage: 'networkActualityErrors.loadActuality' },
  });
}

/** GET /network-actuality-categories: a reference list, kept for the session. */
export function useNetworkActualityCategories() {
  return useQuery({
    queryKey: networkActualityKeys.categories,
    ...landingGet(
      '/network-actuality-categories',
      undefined,
      (answer: { categories: NetworkActualityCategory[] }) => answer.categories,
    ),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorMessage: 'networkActualityErrors.loadCategories' },
  });
}

/** The id read marks are written for: the impersonated user's when impersonating (spec 00 §4), else the caller's. */
function readerId(): number {
  const session = getSession();
  return session.impersonation?.id ?? Number(session.claims?.sub);
}

/** POST /network-actualities-read {networkActualityId, adminId} and DELETE /network-actualities-unread/{id}. */
export function useSetNetworkActualityRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isRead }: { id: number; isRead: boolean }) =>
      isRead
        ? api.post('/network-actualities-read', { networkActualityId: id, adminId: readerId() })
        : api.delete(`/network-actualities-unread/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: networkActualityKeys.all }),
    onError: () => notifyError(i18n.t('networkActualityErrors.updateRead')),
  });
}

/**
 * The news page's list (spec 01 §2): 10 a page by default, as a Page for the list components
 * (CardGrid, PagedTable), the previous page kept on screen while the next one loads.
 */
export function useNetworkActualityPage({
  pageSize = NETWORK_ACTUALITIES_PAGE_SIZE,
  ...filters
}: Omit<NetworkActualityFilters, 'pageNumber'> & { pageNumber: number }) {
  const query = { ...filters, pageSize };
  return usePagedQuery<NetworkActuality>({
    queryKey: networkActualityKeys.list(query),
    ...pageOf('/network-actualities', 'networkActualities', query),
    errorMessage: 'networkActualityErrors.loadActualities',
  });
}

/**
 * POST /network-actualities (no id) or PUT /network-actualities/{id}: the files are already
 * uploaded, the body carries their ids. Answers the item's id.
 */
export async function saveNetworkActuality(id: number | null, body: NetworkActualityBody): Promise<number> {
  let savedId = id;
  if (savedId === null) savedId = (await api.post<{ id: number }>('/network-actualities', body)).id;
  else await api.put(`/network-actualities/${savedId}`, body);
  await queryClient.invalidateQueries({ queryKey: networkActualityKeys.all });
  return savedId;
}

/** DELETE /network-actualities/{id} */
export function deleteNetworkActuality(id: number): Promise<unknown> {
  return api.delete(`/network-actualities/${id}`);
}
