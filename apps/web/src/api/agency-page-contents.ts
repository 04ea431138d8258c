import type { AgencyPageContent, AgencyPageContentBody } from '@reseau/contracts/schemas/agency-page-contents';
import { useQuery } from '@tanstack/react-query';
import { api, landingGet } from './http';
import { queryClient } from './query-client';

export type { AgencyPageContent, AgencyPageContentBody };

export const agencyPageContentKeys = {
  all: ['agency-page-contents'] as const,
  /** An agency's contents, or the network-wide ones (`null`). */
  list: (agencyId: number | null) => ['agency-page-contents', 'list', agencyId] as const,
  detail: (id: number) => ['agency-page-contents', 'detail', id] as const,
};

/** GET /agency-page-contents?agencyId: an agency's contents; without agencyId the network-wide ones. */
export function useAgencyPageContents(agencyId: number | null, enabled = true) {
  return useQuery({
    queryKey: agencyPageContentKeys.list(agencyId),
    ...landingGet(
      '/agency-page-contents',
      agencyId === null ? {} : { agencyId },
      (answer: { agencyPageContents: AgencyPageContent[] }) => answer.agencyPageContents,
    ),
    enabled,
    meta: { errorMessage: 'agencyPage.errors.loadContents' },
  });
}

/** GET /agency-page-contents/{id} */
export function useAgencyPageContent(id: number | null) {
  return useQuery({
    queryKey: agencyPageContentKeys.detail(id ?? 0),
    queryFn: () => api.get<AgencyPageContent>(`/agency-page-contents/${id}`),
    enabled: id !== null,
    meta: { errorMessage: 'agencyPage.errors.loadContent' },
  });
}

/** POST /agency-page-contents (no id) or PUT /agency-page-contents/{id}; the lists are read again. */
export async function saveAgencyPageContent(id: number | null, body: AgencyPageContentBody): Promise<number> {
  const saved = id === null ? (await api.post<{ id: number }>('/agency-page-contents', body)).id : id;
  if (id !== null) await api.put(`/agency-page-contents/${id}`, body);
  await queryClient.invalidateQueries({ queryKey: agencyPageContentKeys.all });
  return saved;
}

/** DELETE /agency-page-contents/{id} */
export async function deleteAgencyPageContent(id: number): Promise<void> {
  await api.delete(`/agency-page-contents/${id}`);
  queryClient.removeQueries({ queryKey: agencyPageContentKeys.detail(id) });
  await queryClient.invalidateQueries({ queryKey: [...agencyPageContentKeys.all, 'list'] });
}
