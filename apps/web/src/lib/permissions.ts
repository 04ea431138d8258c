import type { PermissionCode } from '@reseau/contracts/constants/permissions';

/** Who may see a screen: permission codes (any of them), role ids (any of them), a current agency. */
export interface AccessRule {
  anyPermission?: readonly PermissionCode[];
  roleIds?: readonly number[];
  needsAgency?: boolean;
}

export interface AccessContext {
  permissions: readonly PermissionCode[];
  roleId: number | null;
  hasAgency: boolean;
}

export function hasPermission(permissions: readonly PermissionCode[], code: PermissionCode): boolean {
  return permissions.includes(code);
}

/** True when every condition of the rule holds; a rule without conditions is open to all. */
export function canAccess(rule: AccessRule | undefined, ctx: AccessContext): boolean {
  if (!rule) return true;
  if (rule.anyPermission && !rule.anyPermission.some((code) => ctx.permissions.includes(code))) return false;
  if (rule.roleIds && (ctx.roleId === null || !rule.roleIds.includes(ctx.roleId))) return false;
  if (rule.needsAgency && !ctx.hasAgency) return false;
  return true;
}
