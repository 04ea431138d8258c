import { ADMIN_TYPE } from '@reseau/contracts';
import { and, eq } from 'drizzle-orm';
import type { AdminPrincipal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { admins } from '../../db/schema/index.js';
import { writableAdherentAccounts } from '../adherent-users/policy.js';
import { mayChangeNetworkAccount } from '../network-admins/policy.js';

type AdminRow = typeof admins.$inferSelect;

/**
 * Who may send a connection link to an account: whoever may change it (issue 24). A network
 * account: network admins managers, and only role 1 for a role 1 account. An adherent account:
 * adherent managers and adherent-user managers under the rule of who manages whom
 * (adherent-users/policy.ts: all of its agencies theirs, never a role 4 or 7 row for an
 * adherent-level caller).
 */
export async function maySendConnectionLink(
  db: DbOrTx,
  caller: AdminPrincipal,
  target: AdminRow,
  targetAdminTypeId: number,
): Promise<boolean> {
  if (target.archivedAt !== null) return false;
  if (targetAdminTypeId === ADMIN_TYPE.network) return mayChangeNetworkAccount(caller, target);
  if (!caller.permissions.has('adherents_administration') && !caller.permissions.has('adherent_users_administration'))
    return false;
  const [row] = await db
    .select({ id: admins.id })
    .from(admins)
    .where(and(eq(admins.id, target.id), writableAdherentAccounts(caller)));
  return row !== undefined;
}
