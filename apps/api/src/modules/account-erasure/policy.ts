import { ADMIN_TYPE, PROTECTED_ADHERENT_ROLE_IDS, ROLE, ROLES } from '@reseau/contracts';
import { and, inArray, isNotNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { AdminPrincipal } from '../../auth/principal.js';
import { admins } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import { coveredAccounts } from '../adherent-users/policy.js';
import { adherentScope } from '../adherents/policy.js';

const ADHERENT_ROLE_IDS = ROLES.filter((r) => r.adminTypeId === ADMIN_TYPE.adherent).map((r) => r.id);

/**
 * Who anonymises archived staff accounts (RGPD issue 28 §2): the network's super administrator
 * (role 1), any archived adherent account; an adherent's director (role 4), the archived users of
 * their adherent they managed (the rule of `writableAdherentAccounts`: covered by their agencies,
 * never a role 4 or 7 account, which stays the network's). Nobody else, whatever their permissions.
 */
export function mayAnonymizeAccounts(caller: Pick<AdminPrincipal, 'roleId'>): boolean {
  return caller.roleId === ROLE.superAdmin || caller.roleId === ROLE.adherentDirector;
}

/** The assert of `mayAnonymizeAccounts`: anyone else is refused (403). */
export function assertMayAnonymizeAccounts(caller: Pick<AdminPrincipal, 'roleId'>): void {
  if (!mayAnonymizeAccounts(caller)) throw errors.forbidden();
}

/**
 * The adherent accounts the caller anonymises once they are archived, as a condition on `admins`
 * (archived or not: a live one is then refused as « not archived » rather than not found).
 * `sql\`false\`` for anyone else.
 */
export function anonymizingScope(caller: Pick<AdminPrincipal, 'roleId' | 'agencyIds' | 'adherentId'>): SQL | undefined {
  if (!mayAnonymizeAccounts(caller)) return sql`false`;
  const adherentAccount = and(isNotNull(admins.adherentId), inArray(admins.roleId, ADHERENT_ROLE_IDS));
  if (caller.roleId === ROLE.superAdmin) return adherentAccount;
  return and(
    adherentAccount,
    adherentScope(caller, admins.adherentId),
    coveredAccounts(caller),
    notInArray(admins.roleId, [...PROTECTED_ADHERENT_ROLE_IDS]),
  );
}

/** The archived accounts the caller may anonymise (and list to do so), anonymised ones included (shown done). */
export const anonymizableAccounts = (caller: Pick<AdminPrincipal, 'roleId' | 'agencyIds' | 'adherentId'>): SQL | undefined =>
  and(isNotNull(admins.archivedAt), anonymizingScope(caller));
