import type { SecondFactorRequirement } from '../config.js';
import type { RoleCatalog } from '../modules/roles/catalog.js';

/**
 * Whether a staff account must sign in with a second factor (issue 27 §1): its role is named by
 * SECOND_FACTOR_REQUIRED_ROLES, or holds one of the permissions named there, or the account itself
 * is marked so. Customers never must. Read by the sign-in, the refresh and every request's caller.
 */
export type SecondFactorRule = (account: { roleId: number; secondFactorRequired: boolean }) => boolean;

export function secondFactorRule(requirement: SecondFactorRequirement, roles: RoleCatalog): SecondFactorRule {
  const requiredRoles = new Set(
    roles.list
      .filter(
        (role) => requirement.roleIds.includes(role.id) || requirement.permissions.some((code) => role.permissions.has(code)),
      )
      .map((role) => role.id),
  );
  return ({ roleId, secondFactorRequired }) => secondFactorRequired || requiredRoles.has(roleId);
}
