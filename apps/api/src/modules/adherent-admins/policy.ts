import { type PermissionCode, PROTECTED_ADHERENT_ROLE_IDS } from '@reseau/contracts';
import { and, eq, isNull, notInArray, type SQL } from 'drizzle-orm';
import type { AdminPrincipal } from '../../auth/principal.js';
import { admins } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import { coveredAccounts } from '../adherent-users/policy.js';
import { adherentScope } from '../adherents/policy.js';

/** Adherent managers (any adherent) and adherent-user managers (their own adherent, by scope) manage adherent admins. */
export const ADHERENT_ADMINS_MANAGERS: readonly PermissionCode[] = ['adherents_administration', 'adherent_users_administration'];

/**
 * Role 4 and 7 rows refuse edit, disable, connection link and delete from adherent-level callers
 * (issue 8); giving such a role is refused too, or it would be a way round the rule.
 */
export function mayTouchRole(caller: Pick<AdminPrincipal, 'agencyIds'>, roleId: number): boolean {
  return caller.agencyIds === null || !PROTECTED_ADHERENT_ROLE_IDS.includes(roleId);
}

export function assertMayTouchRole(caller: Pick<AdminPrincipal, 'agencyIds'>, roleId: number): void {
  if (!mayTouchRole(caller, roleId)) throw errors.forbidden();
}

/**
 * Adherent admins the caller may see: `isAdherentAdmin` rows of an adherent in the caller's scope,
 * whose agencies are all the caller's (who manages whom: adherent-users/policy.ts), not archived.
 */
export const visibleAdherentAdmins = (caller: AdminPrincipal): SQL | undefined =>
  and(
    eq(admins.isAdherentAdmin, true),
    isNull(admins.archivedAt),
    adherentScope(caller, admins.adherentId),
    coveredAccounts(caller),
  );

/** Those the caller may change: for an adherent-level caller, never a role 4 or 7 row (in the statement, against a race). */
export const writableAdherentAdmins = (caller: AdminPrincipal): SQL | undefined =>
  and(
    visibleAdherentAdmins(caller),
    caller.agencyIds === null ? undefined : notInArray(admins.roleId, [...PROTECTED_ADHERENT_ROLE_IDS]),
  );
