import { MAX_PAGE_SIZE } from '@reseau/contracts/constants/pagination';
import type { NetworkAdmin, NetworkAdminBody } from '@reseau/contracts/schemas/network-admins';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import i18n from '../i18n';
import { isApiError } from '../lib/api-error';
import { notifyError, notifySuccess } from '../lib/notify';
import { usePagedQuery } from '../lib/use-paged-query';
import { api } from './http';
import { pageOf } from './pages';

export type { NetworkAdmin, NetworkAdminBody };

export const networkAdminKeys = {
  all: ['network-admins'] as const,
  list: (pageNumber: number) => ['network-admins', 'list', pageNumber] as const,
  detail: (id: number) => ['network-admins', 'detail', id] as const,
};

/**
 * GET /network-admins in display order. The network has a few dozen admins at most: a page holds
 * the largest page size, so that reorder mode moves the whole list.
 */
export function useNetworkAdminPage(pageNumber: number) {
  const query = { pageNumber, pageSize: MAX_PAGE_SIZE };
  return usePagedQuery<NetworkAdmin>({
    queryKey: networkAdminKeys.list(pageNumber),
    ...pageOf('/network-admins', 'networkAdmins', query),
    errorMessage: 'networkAdmins.errors.loadUsers',
  });
}

/** GET /network-admins/{id}; the form handles the failure itself (message, then back to the list). */
export function useNetworkAdmin(id: number | null) {
  return useQuery({
    queryKey: networkAdminKeys.detail(id ?? 0),
    queryFn: () => api.get<NetworkAdmin>(`/network-admins/${id}`),
    enabled: id !== null,
    retry: false,
  });
}

/** POST /network-admins or PUT /network-admins/{id}. */
export function saveNetworkAdmin(id: number | null, body: NetworkAdminBody) {
  return id === null ? api.post<NetworkAdmin>('/network-admins', body) : api.put<NetworkAdmin>(`/network-admins/${id}`, body);
}

export function useInvalidateNetworkAdmins() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: networkAdminKeys.all });
}

/** The active switch saves the whole admin at once (spec 01 §4). */
export function useToggleNetworkAdmin() {
  const invalidate = useInvalidateNetworkAdmins();
  return useMutation({
    mutationFn: ({ admin, isActive }: { admin: NetworkAdmin; isActive: boolean }) =>
      saveNetworkAdmin(admin.id, {
        firstName: admin.firstName,
        lastName: admin.lastName,
        position: admin.position ?? '',
        phone: admin.phone ?? '',
        emailAddress: admin.emailAddress,
        roleId: admin.roleId,
        avatarFileId: admin.avatarFileId,
        isHidden: admin.isHidden,
        isActive,
      }),
    onSuccess: (_, { isActive }) => notifySuccess(i18n.t(isActive ? 'networkAdmins.activated' : 'networkAdmins.deactivated')),
    onSettled: invalidate,
    onError: (error) => notifyError(errorText(error, 'networkAdmins.errors.update')),
  });
}

/** POST /network-admins:reorder {reorderedAdminId, newPrecedingAdminId} (0 = first). */
export function useReorderNetworkAdmins() {
  const invalidate = useInvalidateNetworkAdmins();
  return useMutation({
    mutationFn: ({ movedId, newPrecedingId }: { movedId: number; newPrecedingId: number }) =>
      api.post<void>('/network-admins:reorder', { reorderedAdminId: movedId, newPrecedingAdminId: newPrecedingId }),
    onSettled: invalidate,
  });
}

/** POST /admins/{email}/open-password-reset with context "init": the connection link (spec 01 §7). */
export function useSendConnectionLink() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post<void>(`/admins/${encodeURIComponent(email)}/open-password-reset`, { context: 'init' }),
    onSuccess: () => notifySuccess(i18n.t('networkAdmins.linkSent')),
    onError: () => notifyError(i18n.t('networkAdmins.errors.sendLink')),
  });
}

/** The server's first message when it gives one (spec 01 §8), else the screen's default. */
function errorText(error: unknown, fallbackKey: string): string {
  const first = isApiError(error) ? Object.values(error.errors)[0]?.[0] : undefined;
  return first ?? i18n.t(fallbackKey);
}
