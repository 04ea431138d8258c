import type { AdminPrincipal } from '../../auth/principal.js';
import type { admins } from '../../db/schema/index.js';
import { mayTouchRole } from '../adherent-admins/policy.js';

type AdminRow = typeof admins.$inferSelect;

/**
 * Who may send a connection link to an account: network admins managers for network
 * accounts; adherent managers for any adherent account; adherent-user managers for the users
 * of their own adherent.
 */
export function canSendConnectionLink(caller: AdminPrincipal, target: AdminRow, targetAdminTypeId: number): boolean {
  if (target.archivedAt !== null) return false;
  if (targetAdminTypeId === 1) return caller.permissions.has('network_admins_administration');
  // Role 4 and 7 users refuse a connection link from an adherent-level caller (issue 8).
  if (!mayTouchRole(caller, target.roleId)) return false;
  if (caller.permissions.has('adherents_administration')) return true;
  return (
    caller.permissions.has('adherent_users_administration') &&
    caller.adherentId !== null &&
    caller.adherentId === target.adherentId
  );
}
