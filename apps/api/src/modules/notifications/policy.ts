import { eq, type SQL } from 'drizzle-orm';
import type { AdminPrincipal } from '../../auth/principal.js';
import { notifications } from '../../db/schema/index.js';

/**
 * Notifications are personal: every query reads or changes only the caller's own (the
 * impersonated user's when a network admin impersonates), so another's is simply not found.
 */
export function ownNotifications(admin: AdminPrincipal): SQL {
  return eq(notifications.adminId, admin.adminId);
}
