import type { AgencyDetail, AgencySummary, AgencyUpdateBody } from '@reseau/contracts/schemas/agencies';
import { useQuery } from '@tanstack/react-query';
import { api, landingGet } from './http';
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
    ...landingGet<AgencyDetail>(`/agencies/${id}`),
    enabled: typeof id === 'number',
    meta: { errorMessage: 'errors.loadAgency' },
  });
}

/** The agencies of one adherent (its page's block): GET /agencies?adherentId. */
export function useAdherentAgencies(adherentId: number) {
  return useQuery({
    queryKey: ['agencies', 'adherent', adherentId],
    queryFn: async () => (await api.get<{ agencies: AgencySummary[] }>('/agencies', { query: { adherentId } })).agencies,
    meta: { errorMessage: 'adherents.errors.loadAgencies' },
  });
}

/**
 * POST /agencies (a new agency of `adherentId`) or PUT /agencies/{id}: the agency form, with the
 * agency page's fields when sent (absent ones are kept).
 */
export async function saveAgency(id: number | null, adherentId: number, body: AgencyUpdateBody): Promise<{ id: number }> {
  const saved = id === null ? await api.post<{ id: number }>('/agencies', { ...body, adherentId }) : await putAgency(id, body);
  // The shell's selector, the adherent page and the agency's detail all read agencies.
  await queryClient.invalidateQueries({ queryKey: agenciesQueryKey });
  return saved;
}

async function putAgency(id: number, body: AgencyUpdateBody): Promise<{ id: number }> {
  await api.put<void>(`/agencies/${id}`, body);
  return { id };
}
