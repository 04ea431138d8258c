import type { PermissionCode } from '@reseau/contracts/constants/permissions';
import { useQuery } from '@tanstack/react-query';
import { api } from './http';

export interface Role {
  id: number;
  name: string;
  adminTypeId: number;
  macroPermissions: Array<{ code: PermissionCode }>;
}

export const rolesQueryKey = ['roles'] as const;

/** GET /roles: the permission codes of every role. */
export function useRoles(enabled = true) {
  return useQuery({
    queryKey: rolesQueryKey,
    queryFn: () => api.get<Role[]>('/roles'),
    enabled,
    staleTime: 5 * 60_000,
    meta: { errorMessage: 'errors.loadRoles' },
  });
}
