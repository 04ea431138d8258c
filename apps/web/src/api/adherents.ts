import type { MapAdherent, MapAdherentList } from '@reseau/contracts/schemas/adherents';
import { useQuery } from '@tanstack/react-query';
import { api } from './http';

export type { MapAdherent };

/** GET /adherents?isForMap=true: the adherents with their placed agencies (refused to role 8). */
export function useMapAdherents(enabled = true) {
  return useQuery({
    queryKey: ['adherents', 'map'],
    queryFn: async () => (await api.get<MapAdherentList>('/adherents', { query: { isForMap: true } })).adherents,
    enabled,
    staleTime: 5 * 60_000,
    meta: { errorMessage: 'intranetHome.map.loadError' },
  });
}
