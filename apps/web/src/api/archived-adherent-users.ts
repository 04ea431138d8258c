import type { ArchivedAdherentUser } from '@reseau/contracts/schemas/account-erasure';
import { usePagedQuery } from '../lib/use-paged-query';
import { api } from './http';
import { pageOf } from './pages';
import { queryClient } from './query-client';

export type { ArchivedAdherentUser };

export const archivedAdherentUserKeys = {
  all: ['archived-adherent-users'] as const,
  page: (pageNumber: number) => ['archived-adherent-users', pageNumber] as const,
};

/** GET /adherent-users/archived: the archived accounts the caller may anonymise (role 1, or an adherent's director). */
export function useArchivedAdherentUsers(pageNumber: number, enabled: boolean) {
  return usePagedQuery<ArchivedAdherentUser>({
    queryKey: archivedAdherentUserKeys.page(pageNumber),
    ...pageOf('/adherent-users/archived', 'archivedAdherentUsers', { pageNumber }),
    errorMessage: 'adherentUsers.archived.loadFailed',
    enabled,
  });
}

/** POST /adherent-users/{id}:anonymize (irreversible), then the list again. */
export async function anonymizeAdherentUser(id: number): Promise<void> {
  await api.post<void>(`/adherent-users/${id}:anonymize`);
  await queryClient.invalidateQueries({ queryKey: archivedAdherentUserKeys.all });
}
