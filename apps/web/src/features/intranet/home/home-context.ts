import type { PermissionCode } from '@reseau/contracts/constants/permissions';

/** What the intranet shell hands to its home screen (the caller, or the impersonated user). */
export interface HomeContext {
  roleId: number | null;
  roleName: string | null;
  regionId: number | null;
  permissions: readonly PermissionCode[];
  currentAgency: { id: number; name: string } | null;
}
