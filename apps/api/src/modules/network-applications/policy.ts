import type { PermissionCode } from '@reseau/contracts';
import type { AdminPrincipal } from '../../auth/principal.js';

/** Managing the directory: create, edit, delete (spec 02 §6). */
export const NETWORK_APPLICATION_ADMINISTRATION: PermissionCode = 'network_application_administration';

/**
 * Reading the directory (and its logos): network_application_read, or the administration
 * permission, which implies it (spec 02 §6). Role 8 holds neither. Impersonating, the impersonated
 * user's permissions decide.
 */
export function mayReadNetworkApplications(admin: Pick<AdminPrincipal, 'permissions'>): boolean {
  return admin.permissions.has('network_application_read') || admin.permissions.has(NETWORK_APPLICATION_ADMINISTRATION);
}
