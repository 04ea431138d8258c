import type { AdherentAdmin, AdherentAdminBody } from '@reseau/contracts/schemas/adherent-admins';
import { useQuery } from '@tanstack/react-query';
import { api } from './http';
import { queryClient } from './query-client';

export type { AdherentAdmin, AdherentAdminBody };

export const adherentAdminKeys = {
  all: ['adherent-admins'] as const,
  ofAdherent: (adherentId: number) => ['adherent-admins', 'adherent', adherentId] as const,
  detail: (id: number) => ['adherent-admins', 'detail', id] as const,
};

/** GET /adherent-admins?adherentId */
export function useAdherentAdmins(adherentId: number | null) {
  return useQuery({
    queryKey: adherentAdminKeys.ofAdherent(adherentId ?? 0),
    queryFn: async () =>
      (await api.get<{ adherentAdmins: AdherentAdmin[] }>('/adherent-admins', { query: { adherentId: adherentId ?? undefined } }))
        .adherentAdmins,
    enabled: adherentId !== null,
    meta: { errorMessage: 'adherents.errors.loadUsers' },
  });
}

/** GET /adherent-admins/{id} */
export function useAdherentAdmin(id: number | null) {
  return useQuery({
    queryKey: adherentAdminKeys.detail(id ?? 0),
    queryFn: () => api.get<AdherentAdmin>(`/adherent-admins/${id}`),
    enabled: id !== null,
    meta: { errorMessage: 'adherents.errors.loadUser' },
  });
}

/** POST /adherent-admins or PUT /adherent-admins/{id} */
export async function saveAdherentAdmin(id: number | null, body: AdherentAdminBody): Promise<AdherentAdmin> {
  const saved = await (id === null
    ? api.post<AdherentAdmin>('/adherent-admins', body)
    : api.put<AdherentAdmin>(`/adherent-admins/${id}`, body));
  await queryClient.invalidateQueries({ queryKey: adherentAdminKeys.all });
  return saved;
}

/** The body of a PUT from a row as GET gives it (the active switch saves the whole user, spec 01 §4). */
export function bodyOf(admin: AdherentAdmin): AdherentAdminBody {
  const { id: _, cooperativeRoles, phone, position, ...rest } = admin;
  return {
    ...rest,
    phone: phone ?? '',
    position: position ?? '',
    cooperativeRoles: cooperativeRoles as AdherentAdminBody['cooperativeRoles'],
  };
}
