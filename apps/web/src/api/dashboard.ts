import type { DashboardContacts } from '@reseau/contracts/schemas/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from './http';

export type { DashboardContacts };

/** Whose counts the clients panel shows: the whole network (role 1) or one agency. */
export type DashboardScope = { kind: 'network' } | { kind: 'agency'; agencyId: number };

/** GET /network-dashboard-contacts or GET /my-adherent-dashboard-contacts/{agencyId}. */
export function useDashboardContacts(scope: DashboardScope | null) {
  const path =
    scope === null
      ? ''
      : scope.kind === 'network'
        ? '/network-dashboard-contacts'
        : `/my-adherent-dashboard-contacts/${scope.agencyId}`;
  return useQuery({
    queryKey: ['dashboard-contacts', path],
    queryFn: () => api.get<DashboardContacts>(path),
    enabled: scope !== null,
    meta: { errorMessage: 'intranetHome.clients.loadError' },
  });
}
