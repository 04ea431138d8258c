import { MAP_HIDDEN_ROLE_IDS } from '@reseau/contracts';
import type { AdminPrincipal } from '../../auth/principal.js';

/**
 * The member directory (list and map) is open to every staff user without a permission of its
 * own, except role 8: "Role 8 does not see the region directory" (spec 00 §6), and its dashboard
 * hides the map (spec 01 §2). The server refuses it rather than trusting the hidden panel.
 */
export function mayReadMemberDirectory(admin: Pick<AdminPrincipal, 'roleId'>): boolean {
  return !MAP_HIDDEN_ROLE_IDS.includes(admin.roleId);
}
