import { NETWORK_ADMIN_MESSAGES, NETWORK_ROLE_IDS, networkAdminLocks, ROLE } from '@reseau/contracts';
import { and, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AdminPrincipal } from '../../auth/principal.js';
import { admins } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';

/**
 * The network admins' list: accounts of a network role that belong to no adherent. Every call
 * of this module and the reorder's lock are limited to it, so an adherent account is never read,
 * changed or renumbered here.
 */
export const networkAdminsOnly = () => and(isNull(admins.adherentId), inArray(admins.roleId, [...NETWORK_ROLE_IDS]));

/** The administration list of network admins (not the directory's): network_admins_administration. */
export function mayListNetworkAdmins(admin: Pick<AdminPrincipal, 'permissions'>): boolean {
  return admin.permissions.has('network_admins_administration');
}

export function assertMayListNetworkAdmins(admin: Pick<AdminPrincipal, 'permissions'>): void {
  if (!mayListNetworkAdmins(admin)) throw errors.forbidden();
}

/** Spec 01 §4: the role 1 administrator cannot be disabled (checked on the role it has and the one it gets). */
export function disablesSuperAdmin(currentRoleId: number | null, next: { roleId: number; isActive: boolean }): boolean {
  if (next.isActive) return false;
  return currentRoleId === ROLE.superAdmin || next.roleId === ROLE.superAdmin;
}

type Caller = Pick<AdminPrincipal, 'adminId' | 'roleId' | 'permissions'>;
type Protected = { roleId: number; isActive: boolean; emailAddress: string };

/**
 * Whether the caller may change a network account of this role at all (its connection link
 * too): network admins managers, and for a role 1 account only a role 1 caller (issue 24).
 */
export function mayChangeNetworkAccount(caller: Caller, target: { id: number; roleId: number }): boolean {
  return caller.permissions.has('network_admins_administration') && !networkAdminLocks(caller, target).connectionLink;
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Who may manage whom among network admins (`networkAdminLocks`, shared with the form): a write
 * that changes a field locked for this caller, or gives role 1 without being role 1, is refused.
 * `current` is null for a new account. Answers the message of the refusal, or null.
 */
export function networkAdminChangeRefusal(caller: Caller, target: (Protected & { id: number }) | null, next: Protected) {
  const locks = networkAdminLocks(caller, target);
  if (target && locks.roleId && next.roleId !== target.roleId)
    return target.id === caller.adminId ? NETWORK_ADMIN_MESSAGES.ownRoleUnchanged : NETWORK_ADMIN_MESSAGES.superAdminReserved;
  if (target && locks.emailAddress && !sameEmail(next.emailAddress, target.emailAddress))
    return NETWORK_ADMIN_MESSAGES.superAdminReserved;
  if (target && locks.isActive && next.isActive !== target.isActive) return NETWORK_ADMIN_MESSAGES.superAdminReserved;
  if (locks.superAdminRole && next.roleId === ROLE.superAdmin && target?.roleId !== ROLE.superAdmin)
    return NETWORK_ADMIN_MESSAGES.superAdminReserved;
  return null;
}

/**
 * The same rule in the UPDATE itself, so that a row made role 1 between the read and the write
 * cannot slip past it: for a caller other than role 1, a role 1 row changes only when its
 * address, role and state stay as they are.
 */
export function networkAdminWritableRow(caller: Caller, next: Protected): SQL | undefined {
  if (caller.roleId === ROLE.superAdmin) return undefined;
  return or(
    ne(admins.roleId, ROLE.superAdmin),
    and(
      eq(admins.roleId, next.roleId),
      eq(admins.isActive, next.isActive),
      sql`lower(${admins.emailAddress}) = lower(${next.emailAddress})`,
    ),
  );
}
