import { ADHERENTS_PAGE_SIZE } from '@reseau/contracts/constants/adherents';
import type {
  Adherent,
  AdherentBody,
  AgencyAdherent,
  MapAdherent,
  MapAdherentList,
  Region,
} from '@reseau/contracts/schemas/adherents';
import { useQuery } from '@tanstack/react-query';
import { usePagedQuery } from '../lib/use-paged-query';
import { api, landingGet } from './http';
import { pageOf } from './pages';
import { queryClient } from './query-client';

export type { Adherent, AdherentBody, AgencyAdherent, MapAdherent, Region };

export const adherentKeys = {
  all: ['adherents'] as const,
  list: (query: object) => ['adherents', 'list', query] as const,
  detail: (id: number) => ['adherents', 'detail', id] as const,
  regions: ['regions'] as const,
};

/** GET /adherents?isForMap=true: the adherents with their placed agencies (refused to role 8). */
export function useMapAdherents(enabled = true) {
  return useQuery({
    queryKey: ['adherents', 'map'],
    ...landingGet('/adherents', { isForMap: true }, (answer: MapAdherentList) => answer.adherents),
    enabled,
    staleTime: 5 * 60_000,
    meta: { errorMessage: 'intranetHome.map.loadError' },
  });
}

/** GET /adherents: name contains `search`, `regionId`, alphabetical, 100 a page (spec 01 §2). */
export function useAdherentPage(filters: { pageNumber: number; search: string; regionId: number | null }) {
  const query = { ...filters, regionId: filters.regionId ?? undefined, pageSize: ADHERENTS_PAGE_SIZE };
  return usePagedQuery<Adherent>({
    queryKey: adherentKeys.list(query),
    ...pageOf('/adherents', 'adherents', query),
    errorMessage: 'adherents.errors.loadAdherents',
  });
}

/** GET /adherents/{id} */
export function useAdherent(id: number | null) {
  return useQuery({
    queryKey: adherentKeys.detail(id ?? 0),
    queryFn: () => api.get<Adherent>(`/adherents/${id}`),
    enabled: id !== null,
    meta: { errorMessage: 'adherents.errors.loadAdherent' },
  });
}

/** POST /adherents or PUT /adherents/{id} */
export async function saveAdherent(id: number | null, body: AdherentBody): Promise<Adherent> {
  const saved = await (id === null ? api.post<Adherent>('/adherents', body) : api.put<Adherent>(`/adherents/${id}`, body));
  await queryClient.invalidateQueries({ queryKey: adherentKeys.all });
  return saved;
}

/** GET /regions: a reference list, kept for the session. */
export function useRegions() {
  return useQuery({
    queryKey: adherentKeys.regions,
    ...landingGet('/regions', undefined, (answer: { regions: Region[] }) => answer.regions),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorMessage: 'adherents.errors.loadRegions' },
  });
}
