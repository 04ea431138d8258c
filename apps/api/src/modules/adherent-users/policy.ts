import { ADMIN_TYPE, PROTECTED_ADHERENT_ROLE_IDS, ROLES } from '@reseau/contracts';
import { and, inArray, isNotNull, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { AdminPrincipal } from '../../auth/principal.js';
import { adminAgencies, admins, agencies } from '../../db/schema/index.js';
import { adherentScope } from '../adherents/policy.js';

const ADHERENT_ROLE_IDS = ROLES.filter((r) => r.adminTypeId === ADMIN_TYPE.adherent).map((r) => r.id);

type Caller = Pick<AdminPrincipal, 'agencyIds' | 'adherentId'>;

/**
 * Who manages whom among adherent accounts (issue 24; spec 01 §1 "agency-level administrators
 * manage their own agency", spec 00 §6 "those of users they manage"), as a condition on the
 * `admins` row: network callers every account; an adherent-level caller only the accounts of its
 * adherent whose agencies are **all** among its own. An account without any agency belongs to
 * the whole adherent: the caller must then hold every agency of the adherent. So an agency
 * manager never reaches a user who also works for another agency, whom it could otherwise
 * re-address and take over.
 */
export function coveredAccounts(caller: Caller): SQL | undefined {
  if (caller.agencyIds === null) return undefined;
  if (caller.agencyIds.length === 0 || caller.adherentId === null) return sql`false`;
  const own = [...caller.agencyIds];
  const agencyOfAccount = sql`select 1 from ${adminAgencies} where ${adminAgencies.adminId} = ${admins.id}`;
  const agencyOfAccountNotOwn = sql`${agencyOfAccount} and ${notInArray(adminAgencies.agencyId, own)}`;
  const agencyOfAdherentNotOwn = sql`select 1 from ${agencies} where ${agencies.adherentId} = ${admins.adherentId} and ${notInArray(agencies.id, own)}`;
  return and(
    adherentScope(caller, admins.adherentId),
    sql`not exists (${agencyOfAccountNotOwn})`,
    sql`(exists (${agencyOfAccount}) or not exists (${agencyOfAdherentNotOwn}))`,
  );
}

/**
 * The adherent accounts the caller may read: an adherent-level role, an adherent in the caller's
 * scope, covered by the caller's agencies (above), not archived.
 */
export const visibleAdherentAccounts = (caller: Caller): SQL | undefined =>
  and(
    isNull(admins.archivedAt),
    isNotNull(admins.adherentId),
    inArray(admins.roleId, ADHERENT_ROLE_IDS),
    adherentScope(caller, admins.adherentId),
    coveredAccounts(caller),
  );

/** Role 4 and 7 rows stay the network's to change (spec 00 §6, issue 8): never an adherent-level caller's. */
const unprotectedFor = (caller: Caller): SQL | undefined =>
  caller.agencyIds === null ? undefined : notInArray(admins.roleId, [...PROTECTED_ADHERENT_ROLE_IDS]);

/**
 * The accounts the caller may change (edit, switch, archive, send a connection link): the visible
 * ones, and for an adherent-level caller not a role 4 or 7 one. Put in the statement itself, so a
 * role or agency changed meanwhile cannot slip past it.
 */
export const writableAdherentAccounts = (caller: Caller): SQL | undefined =>
  and(visibleAdherentAccounts(caller), unprotectedFor(caller));

/**
 * The accounts whose forum items the caller moderates (spec 02 §6, roles 4 and 7 "those of users
 * they manage"): the same rule as changing them, archived accounts included (what they wrote
 * stays in the forums).
 */
export const moderatedAccounts = (caller: Caller): SQL | undefined =>
  and(
    isNotNull(admins.adherentId),
    inArray(admins.roleId, ADHERENT_ROLE_IDS),
    adherentScope(caller, admins.adherentId),
    coveredAccounts(caller),
    unprotectedFor(caller),
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
