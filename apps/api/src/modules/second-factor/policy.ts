import { ROLE } from '@reseau/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AdminPrincipal, Principal } from '../../auth/principal.js';
import { admins } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import { visibleAdherentAccounts } from '../adherent-users/policy.js';

/**
 * Whose lost second factor a staff member may reset (issue 27 §1): role 1 any staff account; an
 * adherent's director the users of their own adherent they can see; nobody else. A condition on
 * the `admins` row, so an account out of reach is simply not found.
 */
export function resettableSecondFactors(caller: AdminPrincipal): SQL {
  if (caller.roleId === ROLE.superAdmin) return sql`true`;
  if (caller.roleId === ROLE.adherentDirector && caller.adherentId !== null) {
    return and(eq(admins.adherentId, caller.adherentId), visibleAdherentAccounts(caller)) ?? sql`false`;
  }
  return sql`false`;
}

export function mayResetSecondFactors(caller: AdminPrincipal): boolean {
  return caller.roleId === ROLE.superAdmin || (caller.roleId === ROLE.adherentDirector && caller.adherentId !== null);
}

/** A role that resets nobody's factor is refused; an account out of reach is a 404 (resettableSecondFactors). */
export function assertMayResetSecondFactors(caller: AdminPrincipal): void {
  if (!mayResetSecondFactors(caller)) throw errors.forbidden();
}

/**
 * One's own second factor is changed by oneself only: never while acting as someone else, whose
 * factor the impersonator must not learn or remove.
 */
export function mayChangeOwnSecondFactor(caller: Principal): boolean {
  return caller.kind === 'client' || caller.impersonatedBy === null;
}

export function assertMayChangeOwnSecondFactor(caller: Principal): void {
  if (!mayChangeOwnSecondFactor(caller)) throw errors.forbidden();
}
