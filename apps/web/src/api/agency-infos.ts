import type { AgencyInfosBody } from '@reseau/contracts/schemas/agencies';
import { api } from './http';
import { queryClient } from './query-client';

/** PUT /agencies/{id}/infos: my agency's contact, "contact us" and legal information. */
export async function saveAgencyInfos(agencyId: number, body: AgencyInfosBody): Promise<void> {
  await api.put<void>(`/agencies/${agencyId}/infos`, body);
  // The agency's detail (and the shell's name of it) read these fields.
  await queryClient.invalidateQueries({ queryKey: ['agencies'] });
}
