import { ADMIN_TYPE, PROTECTED_ADHERENT_ROLE_IDS, ROLES } from '@reseau/contracts';
import { and, inArray, isNotNull, isNull, notInArray, type SQL } from 'drizzle-orm';
import type { AdminPrincipal } from '../../auth/principal.js';
import { admins } from '../../db/schema/index.js';
import { adherentScope } from '../adherents/policy.js';

const ADHERENT_ROLE_IDS = ROLES.filter((r) => r.adminTypeId === ADMIN_TYPE.adherent).map((r) => r.id);

/**
 * The adherent accounts the caller may read: an adherent-level role, an adherent in the caller's
 * scope (network roles every one, adherent-level staff their own), not archived.
 */
export const visibleAdherentAccounts = (caller: AdminPrincipal): SQL | undefined =>
  and(
    isNull(admins.archivedAt),
    isNotNull(admins.adherentId),
    inArray(admins.roleId, ADHERENT_ROLE_IDS),
    adherentScope(caller, admins.adherentId),
  );

/**
 * The accounts the caller may change (edit, switch, archive): the visible ones, and for an
 * adherent-level caller not a role 4 or 7 one (issue 8). Put in the statement itself, so a role
 * changed meanwhile cannot slip past it.
 */
export const writableAdherentAccounts = (caller: AdminPrincipal): SQL | undefined =>
  and(
    visibleAdherentAccounts(caller),
    caller.agencyIds === null ? undefined : notInArray(admins.roleId, [...PROTECTED_ADHERENT_ROLE_IDS]),
  );

/**
 * The agencies an adherent-level caller may give or take away: its own (spec 00 §6). Agencies the
 * user already has and the caller does not manage are kept as they are.
 */
export function changedAgenciesAllowed(
  caller: Pick<AdminPrincipal, 'agencyIds'>,
  before: readonly number[],
  after: readonly number[],
): boolean {
  if (caller.agencyIds === null) return true;
  const own = new Set(caller.agencyIds);
  const was = new Set(before);
  const now = new Set(after);
  return [...after.filter((id) => !was.has(id)), ...before.filter((id) => !now.has(id))].every((id) => own.has(id));
}
