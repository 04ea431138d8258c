import type {
  AgencyAdherentAdmin,
  AgencyAdherentAdminList,
  DirectoryNetworkAdmin,
  DirectoryNetworkAdminList,
} from '@reseau/contracts/schemas/directory';
import { useQuery } from '@tanstack/react-query';
import { api, landingGet } from './http';

export type { AgencyAdherentAdmin, DirectoryNetworkAdmin };

/** The directory reads the whole lists once and pages them on the screen (spec 02 §9: 8 a page, client-side). */
const STALE_MS = 5 * 60_000;

/** GET /agency-adherent-admins: the network adherents tab (refused to role 8). */
export function useAgencyAdherentAdmins(enabled = true) {
  return useQuery({
    queryKey: ['directory', 'agency-adherent-admins'],
    ...landingGet('/agency-adherent-admins', undefined, (answer: AgencyAdherentAdminList) => answer.agencyAdherentAdmins),
    enabled,
    staleTime: STALE_MS,
    meta: { errorMessage: 'directory.errors.load' },
  });
}

/** GET /network-admins?isForDirectory=true: the network heads tab. */
export function useDirectoryNetworkAdmins(enabled = true) {
  return useQuery({
    queryKey: ['directory', 'network-admins'],
    queryFn: async ({ signal }) =>
      (await api.get<DirectoryNetworkAdminList>('/network-admins', { query: { isForDirectory: true }, signal })).networkAdmins,
    enabled,
    staleTime: STALE_MS,
    meta: { errorMessage: 'directory.errors.load' },
  });
}
