import type { AgencyApiKey, AgencyApiKeyBody, AgencyApiKeyCreated } from '@reseau/contracts/schemas/agency-api-keys';
import { useQuery } from '@tanstack/react-query';
import { api, landingGet } from './http';
import { queryClient } from './query-client';

export type { AgencyApiKey, AgencyApiKeyBody, AgencyApiKeyCreated };

export const agencyApiKeyKeys = {
  all: ['agency-api-keys'] as const,
  of: (agencyId: number) => ['agency-api-keys', agencyId] as const,
};

/** GET /agencies/{id}/api-keys: the agency's live keys (never the keys themselves). */
export function useAgencyApiKeys(agencyId: number) {
  return useQuery({
    queryKey: agencyApiKeyKeys.of(agencyId),
    ...landingGet(
      `/agencies/${agencyId}/api-keys`,
      undefined,
      (answer: { agencyApiKeys: AgencyApiKey[] }) => answer.agencyApiKeys,
    ),
    meta: { errorMessage: 'myAgency.apiKeys.errors.load' },
  });
}

/** POST /agencies/{id}/api-keys: the answer holds the key, shown once. */
export async function createAgencyApiKey(agencyId: number, body: AgencyApiKeyBody): Promise<AgencyApiKeyCreated> {
  const created = await api.post<AgencyApiKeyCreated>(`/agencies/${agencyId}/api-keys`, body);
  void queryClient.invalidateQueries({ queryKey: agencyApiKeyKeys.of(agencyId) });
  return created;
}

/** DELETE /agency-api-keys/{id}: refused from the next call on. Revoked here or elsewhere meanwhile (404), the row goes. */
export async function revokeAgencyApiKey(id: number): Promise<void> {
  try {
    await api.delete(`/agency-api-keys/${id}`);
  } finally {
    await queryClient.invalidateQueries({ queryKey: agencyApiKeyKeys.all });
  }
}
