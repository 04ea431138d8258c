import { type PermissionCode, PROTECTED_ADHERENT_ROLE_IDS } from '@reseau/contracts';
import type { AdminPrincipal } from '../../auth/principal.js';
import { errors } from '../../lib/errors.js';

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
