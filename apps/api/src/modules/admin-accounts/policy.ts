import type { AdminPrincipal } from '../../auth/principal.js';
import type { admins } from '../../db/schema/index.js';

type AdminRow = typeof admins.$inferSelect;

/**
 * Who may send a connection link to an account: network admins managers for network
 * accounts; adherent managers for any adherent account; adherent-user managers for the users
 * of their own adherent.
 */
export function canSendConnectionLink(caller: AdminPrincipal, target: AdminRow, targetAdminTypeId: number): boolean {
  if (targetAdminTypeId === 1) return caller.permissions.has('network_admins_administration');
  if (caller.permissions.has('adherents_administration')) return true;
  return (
    caller.permissions.has('adherent_users_administration') &&
    caller.adherentId !== null &&
    caller.adherentId === target.adherentId
  );
}
