import type { AgencyDetail, AgencySummary, AgencyUpdateBody } from '@reseau/contracts/schemas/agencies';
import { useQuery } from '@tanstack/react-query';
import { api } from './http';
import { queryClient } from './query-client';

export const agenciesQueryKey = ['agencies'] as const;

/** GET /agencies: the agencies the caller may act for (admins) or is a customer of (customers). */
export function useAgencies(enabled = true) {
  return useQuery({
    queryKey: agenciesQueryKey,
    queryFn: async () => (await api.get<{ agencies: AgencySummary[] }>('/agencies')).agencies,
    enabled,
    meta: { errorMessage: 'errors.loadAgencies' },
  });
}

/** GET /agencies/{id}: name, logo, contact data and opening hours. */
export function useAgency(id: number | null | undefined) {
  return useQuery({
    queryKey: ['agencies', id],
    queryFn: () => api.get<AgencyDetail>(`/agencies/${id}`),
    enabled: typeof id === 'number',
    meta: { errorMessage: 'errors.loadAgency' },
  });
}

/** PUT /agencies/{id}: the agency form, with the agency page's fields when sent (absent ones are kept). */
export async function saveAgency(id: number, body: AgencyUpdateBody): Promise<void> {
  await api.put<void>(`/agencies/${id}`, body);
  await queryClient.invalidateQueries({ queryKey: agenciesQueryKey });
}
