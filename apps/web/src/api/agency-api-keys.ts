import type { AgencyApiKey, AgencyApiKeyBody, AgencyApiKeyCreated } from '@reseau/contracts/schemas/agency-api-keys';
import { useQuery } from '@tanstack/react-query';
import { api } from './http';

export type { AgencyApiKey, AgencyApiKeyBody, AgencyApiKeyCreated };

export const agencyApiKeyKeys = { of: (agencyId: number) => ['agency-api-keys', agencyId] as const };

/** GET /agencies/{id}/api-keys: the agency's live keys (never the keys themselves). */
export function useAgencyApiKeys(agencyId: number) {
  return useQuery({
    queryKey: agencyApiKeyKeys.of(agencyId),
    queryFn: async ({ signal }) =>
      (await api.get<{ agencyApiKeys: AgencyApiKey[] }>(`/agencies/${agencyId}/api-keys`, { signal })).agencyApiKeys,
    meta: { errorMessage: 'myAgency.apiKeys.errors.load' },
  });
}

/** POST /agencies/{id}/api-keys: the answer holds the key, shown once. */
export function createAgencyApiKey(agencyId: number, body: AgencyApiKeyBody): Promise<AgencyApiKeyCreated> {
  return api.post<AgencyApiKeyCreated>(`/agencies/${agencyId}/api-keys`, body);
}

/** DELETE /agency-api-keys/{id}: refused from the next call on. */
export function revokeAgencyApiKey(id: number): Promise<unknown> {
  return api.delete(`/agency-api-keys/${id}`);
}
