import type { AdherentUser, AdherentUserBody } from '@reseau/contracts/schemas/adherent-users';
import type { AgencyAdherent } from '@reseau/contracts/schemas/adherents';
import { useQuery } from '@tanstack/react-query';
import { adherentAdminKeys } from './adherent-admins';
import { api, landingGet } from './http';
import { queryClient } from './query-client';

export type { AdherentUser, AdherentUserBody };

export const adherentUserKeys = {
  all: ['adherent-users'] as const,
  ofAdherent: (adherentId: number) => ['adherent-users', 'adherent', adherentId] as const,
  detail: (id: number) => ['adherent-users', 'detail', id] as const,
  agencyAdherents: ['adherent-users', 'agency-adherents'] as const,
};

/** GET /adherent-users?adherentId: the adherent's users that are not adherent admins. */
export function useAdherentUsers(adherentId: number | null) {
  return useQuery({
    queryKey: adherentUserKeys.ofAdherent(adherentId ?? 0),
    queryFn: async () =>
      (await api.get<{ adherentUsers: AdherentUser[] }>('/adherent-users', { query: { adherentId: adherentId ?? undefined } }))
        .adherentUsers,
    enabled: adherentId !== null,
    meta: { errorMessage: 'adherentUsers.errors.loadUsers' },
  });
}

/** GET /adherent-users/{id} */
export function useAdherentUser(id: number | null) {
  return useQuery({
    queryKey: adherentUserKeys.detail(id ?? 0),
    queryFn: () => api.get<AdherentUser>(`/adherent-users/${id}`),
    enabled: id !== null,
    meta: { errorMessage: 'adherentUsers.errors.loadUser' },
  });
}

/** GET /all-agency-adherents: the adherents the caller may see (its own for an adherent account), each with its agencies. */
export function useAgencyAdherents() {
  return useQuery({
    queryKey: adherentUserKeys.agencyAdherents,
    ...landingGet('/all-agency-adherents', undefined, (answer: { adherents: AgencyAdherent[] }) => answer.adherents),
    staleTime: 60_000,
    meta: { errorMessage: 'adherentUsers.errors.loadAdherents' },
  });
}

/** POST /adherent-users or PUT /adherent-users/{id} */
export async function saveAdherentUser(id: number | null, body: AdherentUserBody): Promise<AdherentUser> {
  const saved = await (id === null
    ? api.post<AdherentUser>('/adherent-users', body)
    : api.put<AdherentUser>(`/adherent-users/${id}`, body));
  await refreshAdherentAccounts();
  return saved;
}

/** POST /adherent-users/{id}:archive — the "delete" of the users table. */
export async function archiveAdherentUser(id: number): Promise<void> {
  await api.post<void>(`/adherent-users/${id}:archive`);
  await refreshAdherentAccounts();
}

/** The users' list merges an adherent's users and admins: a write reads both again. */
function refreshAdherentAccounts() {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adherentUserKeys.all }),
    queryClient.invalidateQueries({ queryKey: adherentAdminKeys.all }),
  ]);
}

/** The body of a PUT from a user as GET gives it (the active switch saves the whole user, spec 01 §4). */
export function adherentUserBodyOf(user: AdherentUser): AdherentUserBody {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    position: user.position ?? '',
    phone: user.phone ?? '',
    emailAddress: user.emailAddress,
    roleId: user.roleId,
    avatarFileId: user.avatarFileId,
    isActive: user.isActive,
    agencies: user.agencies,
  };
}

/** POST /admins/{email}/open-password-reset with context "init": the connection link (spec 01 §7). */
export function sendConnectionLink(emailAddress: string) {
  return api.post<void>(`/admins/${encodeURIComponent(emailAddress)}/open-password-reset`, { context: 'init' });
}
