import { NETWORK_ROLE_IDS, ROLE } from '@reseau/contracts';
import { and, inArray, isNull } from 'drizzle-orm';
import { admins } from '../../db/schema/index.js';

/**
 * The network admins' list: accounts of a network role that belong to no adherent. Every call
 * of this module and the reorder's lock are limited to it, so an adherent account is never read,
 * changed or renumbered here.
 */
export const networkAdminsOnly = () => and(isNull(admins.adherentId), inArray(admins.roleId, [...NETWORK_ROLE_IDS]));

/** Spec 01 §4: the role 1 administrator cannot be disabled (checked on the role it has and the one it gets). */
export function disablesSuperAdmin(currentRoleId: number | null, next: { roleId: number; isActive: boolean }): boolean {
  if (next.isActive) return false;
  return currentRoleId === ROLE.superAdmin || next.roleId === ROLE.superAdmin;
}
