import type { NetworkApplication, NetworkApplicationBody } from '@reseau/contracts/schemas/network-applications';
import { useQuery } from '@tanstack/react-query';
import type { Page } from '../lib/use-paged-query';
import { api, landingGet } from './http';
import { queryClient } from './query-client';

export type { NetworkApplication, NetworkApplicationBody };

export const networkApplicationKeys = { all: ['network-applications'] as const };

/**
 * GET /network-applications: the whole directory, sorted by title by the server (spec 02 §2 has no
 * pages). Given as one Page so that the list components (CardGrid) draw its states.
 */
export function useNetworkApplications() {
  return useQuery({
    queryKey: networkApplicationKeys.all,
    ...landingGet(
      '/network-applications',
      undefined,
      (answer: { networkApplications: NetworkApplication[] }): Page<NetworkApplication> => ({
        items: answer.networkApplications,
        pageCount: 1,
      }),
    ),
    meta: { errorMessage: 'applications.errors.load' },
  });
}

/** POST /network-applications (no id) or PUT /network-applications/{id}; the logo is uploaded first. */
export async function saveNetworkApplication(id: number | null, body: NetworkApplicationBody): Promise<void> {
  if (id === null) await api.post<{ id: number }>('/network-applications', body);
  else await api.put(`/network-applications/${id}`, body);
  await queryClient.invalidateQueries({ queryKey: networkApplicationKeys.all });
}

/** DELETE /network-applications/{id}, then the directory read again: deleted here or by someone else meanwhile (404), the card goes. */
export async function deleteNetworkApplication(id: number): Promise<void> {
  try {
    await api.delete(`/network-applications/${id}`);
  } finally {
    await queryClient.invalidateQueries({ queryKey: networkApplicationKeys.all });
  }
}
