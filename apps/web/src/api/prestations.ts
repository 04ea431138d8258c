import type {
  AgencyNetworkPrestationUpdate,
  AgencyPrestation,
  AgencyPrestationBody,
  EquipmentType,
  EquipmentTypeDetail,
  EquipmentTypeDetailBody,
  NetworkPrestation,
  NetworkPrestationBody,
} from '@reseau/contracts/schemas/prestations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import i18n from '../i18n';
import { isApiError } from '../lib/api-error';
import { notifyError, notifySuccess } from '../lib/notify';
import { api, landingGet } from './http';

export type { AgencyPrestation, EquipmentType, EquipmentTypeDetail, NetworkPrestation };
export interface Lookup {
  id: number;
  code: string;
}

/** Every query of the catalogue starts with this key: a write refreshes them all. */
export const prestationKeys = {
  all: ['prestations'] as const,
  equipmentTypes: ['prestations', 'equipment-types'] as const,
  equipmentType: (id: number, agencyId: number | null) => ['prestations', 'equipment-type', id, agencyId] as const,
  networkPrestation: (id: number) => ['prestations', 'network', id] as const,
  agencyPrestation: (id: number) => ['prestations', 'agency', id] as const,
  colors: ['prestations', 'colors'] as const,
  types: ['prestations', 'types'] as const,
};

/** GET /equipment-types. */
export function useEquipmentTypes(enabled = true) {
  return useQuery({
    enabled,
    queryKey: prestationKeys.equipmentTypes,
    ...landingGet<{ equipmentTypes: { id: number; name: string }[] }>('/equipment-types'),
    select: (answer) => answer.equipmentTypes,
    staleTime: 5 * 60_000,
    meta: { errorMessage: 'prestations.errors.loadEquipment' },
  });
}

/** GET /equipment-types/{id}?agencyId: the network's view without an agency, that agency's with one. */
export function useEquipmentType(id: number | null, agencyId: number | null, { enabled = true } = {}) {
  return useQuery({
    queryKey: prestationKeys.equipmentType(id ?? 0, agencyId),
    queryFn: () => api.get<EquipmentType>(`/equipment-types/${id}`, { query: agencyId === null ? undefined : { agencyId } }),
    enabled: enabled && id !== null,
    meta: { errorMessage: 'prestations.errors.loadEquipment' },
  });
}

/** GET /prestation-colors. */
export function usePrestationColors() {
  return useQuery({
    queryKey: prestationKeys.colors,
    queryFn: () => api.get<{ prestationColors: Lookup[] }>('/prestation-colors'),
    select: (answer) => answer.prestationColors,
    staleTime: 5 * 60_000,
    meta: { errorMessage: 'prestations.errors.loadColors' },
  });
}

/** GET /prestation-types. */
export function usePrestationTypes() {
  return useQuery({
    queryKey: prestationKeys.types,
    queryFn: () => api.get<{ prestationTypes: Lookup[] }>('/prestation-types'),
    select: (answer) => answer.prestationTypes,
    staleTime: 5 * 60_000,
    meta: { errorMessage: 'prestations.errors.loadTypes' },
  });
}

/** GET /network-prestations/{id} or GET /agency-prestations/{id}; the form handles a failure itself. */
export function usePrestation(kind: 'network' | 'agency', id: number | null) {
  return useQuery({
    queryKey: kind === 'network' ? prestationKeys.networkPrestation(id ?? 0) : prestationKeys.agencyPrestation(id ?? 0),
    queryFn: (): Promise<NetworkPrestation | AgencyPrestation> =>
      kind === 'network'
        ? api.get<NetworkPrestation>(`/network-prestations/${id}`)
        : api.get<AgencyPrestation>(`/agency-prestations/${id}`),
    enabled: id !== null,
    retry: false,
  });
}

/** POST /network-prestations or PUT /network-prestations/{id}. */
export const saveNetworkPrestation = (id: number | null, body: NetworkPrestationBody): Promise<unknown> =>
  id === null ? api.post<{ id: number }>('/network-prestations', body) : api.put<void>(`/network-prestations/${id}`, body);

/** POST /agency-prestations or PUT /agency-prestations/{id}. */
export const saveAgencyPrestation = (id: number | null, body: AgencyPrestationBody): Promise<unknown> =>
  id === null ? api.post<{ id: number }>('/agency-prestations', body) : api.put<void>(`/agency-prestations/${id}`, body);

/** POST /equipment-types-details or PUT /equipment-types-details/{id}: one of the three text blocks. */
export const saveEquipmentTypeDetail = (id: number | null, body: EquipmentTypeDetailBody) =>
  id === null
    ? api.post<EquipmentTypeDetail>('/equipment-types-details', body)
    : api.put<EquipmentTypeDetail>(`/equipment-types-details/${id}`, body);

export function useInvalidatePrestations() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: prestationKeys.all });
}

/** The fields a PUT sends back unchanged, from a prestation as the server gave it. */
function bodyOf(p: NetworkPrestation | AgencyPrestation) {
  return {
    equipmentTypeId: p.equipmentTypeId,
    prestationTypeId: p.prestationTypeId,
    prestationColorId: p.prestationColorId,
    title: p.title,
    subtitle: p.subtitle,
    details: p.details,
    argumentation: p.argumentation,
    isActive: p.isActive,
    goodReasonsBlock: p.goodReasonsBlock,
  };
}

/** The server's first message when it gives one (spec 01 §8), else the screen's default. */
export function errorText(error: unknown, fallbackKey: string): string {
  const first = isApiError(error) ? Object.values(error.errors)[0]?.[0] : undefined;
  return first ?? i18n.t(fallbackKey);
}

type Change =
  | { kind: 'network'; prestation: NetworkPrestation; isActive: boolean }
  | { kind: 'agency'; prestation: AgencyPrestation; isActive?: boolean; price?: number };

/** The active switch of a network prestation (network admin) or an agency's own prestation, and the latter's price. */
export function useChangePrestation() {
  const invalidate = useInvalidatePrestations();
  return useMutation({
    mutationFn: (change: Change) =>
      change.kind === 'network'
        ? saveNetworkPrestation(change.prestation.id, {
            ...bodyOf(change.prestation),
            isMandatory: change.prestation.isMandatory,
            isActive: change.isActive,
          })
        : saveAgencyPrestation(change.prestation.id, {
            ...bodyOf(change.prestation),
            agencyId: change.prestation.agencyId,
            price: change.price ?? change.prestation.price,
            isActive: change.isActive ?? change.prestation.isActive,
          }),
    onSuccess: () => notifySuccess(i18n.t('prestations.saved')),
    onError: (error) => notifyError(errorText(error, 'prestations.errors.save')),
    onSettled: invalidate,
  });
}

/**
 * An agency's price or switch for a network prestation (spec 01 §4): the first one creates the
 * agency's record (POST /agency-network-prestations), later ones update it (PUT …/{id}).
 */
export function useChangeAgencyNetworkPrestation() {
  const invalidate = useInvalidatePrestations();
  return useMutation({
    mutationFn: ({
      agencyId,
      prestation,
      change,
    }: {
      agencyId: number;
      prestation: NetworkPrestation;
      change: Partial<AgencyNetworkPrestationUpdate>;
    }) => {
      const current = prestation.agencyNetworkPrestation;
      const next = { price: current?.price ?? null, isActive: current?.isActive ?? true, ...change };
      return current === null
        ? api.post('/agency-network-prestations', { agencyId, networkPrestationId: prestation.id, ...next })
        : api.put(`/agency-network-prestations/${current.id}`, next);
    },
    onSuccess: () => notifySuccess(i18n.t('prestations.saved')),
    onError: (error) => notifyError(errorText(error, 'prestations.errors.save')),
    onSettled: invalidate,
  });
}

/** DELETE /network-prestations/{id} or /agency-prestations/{id}. */
export function useDeletePrestation() {
  const invalidate = useInvalidatePrestations();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: 'network' | 'agency'; id: number }) =>
      api.delete<void>(kind === 'network' ? `/network-prestations/${id}` : `/agency-prestations/${id}`),
    onSuccess: () => notifySuccess(i18n.t('prestations.deleted')),
    onError: () => notifyError(i18n.t('prestations.errors.delete')),
    onSettled: invalidate,
  });
}

/** POST /network-prestations:reorder or /agency-prestations:reorder (0 = first of its equipment type). */
export function useReorderPrestations(kind: 'network' | 'agency') {
  const invalidate = useInvalidatePrestations();
  return useMutation({
    mutationFn: ({ movedId, newPrecedingId }: { movedId: number; newPrecedingId: number }) =>
      api.post<void>(kind === 'network' ? '/network-prestations:reorder' : '/agency-prestations:reorder', {
        reorderedPrestationId: movedId,
        newPrecedingPrestationId: newPrecedingId,
      }),
    onSettled: invalidate,
  });
}
