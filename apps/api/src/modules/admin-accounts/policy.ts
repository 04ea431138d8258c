import { ADMIN_TYPE } from '@reseau/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { AdminPrincipal } from '../../auth/principal.js';
import { errors } from '../../lib/errors.js';
import { writableAdherentAccounts } from '../adherent-users/policy.js';
import { mayChangeNetworkAccount } from '../network-admins/policy.js';

/**
 * An account a connection link may go to, as the service loads it: `adherentWritable` is the
 * value of `linkableAdherentAccounts(caller)` on its row.
 */
export interface ConnectionLinkTarget {
  id: number;
  roleId: number;
  archivedAt: Date | null;
  adminTypeId: number;
  adherentWritable: boolean;
}

/**
 * The adherent accounts the caller may send a connection link to, as a SQL condition on `admins`:
 * adherent managers and adherent-user managers under the rule of who manages whom
 * (adherent-users/policy.ts: all of its agencies theirs, never a role 4 or 7 row for an
 * adherent-level caller); none for anyone else.
 */
export function linkableAdherentAccounts(caller: AdminPrincipal): SQL {
  if (!caller.permissions.has('adherents_administration') && !caller.permissions.has('adherent_users_administration'))
    return sql`false`;
  return writableAdherentAccounts(caller) ?? sql`true`;
}

/**
 * Who may send a connection link to an account: whoever may change it (issue 24). A network
 * account: network admins managers, and only role 1 for a role 1 account. An adherent account:
 * `linkableAdherentAccounts`. Never an archived account.
 */
export function maySendConnectionLink(caller: AdminPrincipal, target: ConnectionLinkTarget): boolean {
  if (target.archivedAt !== null) return false;
  if (target.adminTypeId === ADMIN_TYPE.network) return mayChangeNetworkAccount(caller, target);
  return target.adherentWritable;
}

/** A 403 unless the caller may send a connection link to this account. */
export function assertMaySendConnectionLink(caller: AdminPrincipal, target: ConnectionLinkTarget): void {
  if (!maySendConnectionLink(caller, target)) throw errors.forbidden();
}
