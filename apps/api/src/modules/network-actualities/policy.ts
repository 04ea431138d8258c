import { NETWORK_ACTUALITY_RECEIVERS, PUBLIC_ONLY_ROLE_IDS } from '@reseau/contracts';
import { eq, type SQL } from 'drizzle-orm';
import type { AdminPrincipal } from '../../auth/principal.js';
import { networkActualities } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';

/** Whether the caller reads only the news meant for everyone (roles 5, 6 and 8, spec 00 §6). */
export function readsPublicNewsOnly(admin: Pick<AdminPrincipal, 'roleId'>): boolean {
  return PUBLIC_ONLY_ROLE_IDS.includes(admin.roleId);
}

/**
 * The news the caller may read, as a condition of every query: roles 5, 6 and 8 read only the
 * public ones (another is simply not found), every other staff user reads them all. Reading has
 * no permission of its own (spec 00 §6). Impersonating, the impersonated user's role decides.
 */
export function readableNews(admin: Pick<AdminPrincipal, 'roleId'>): SQL | undefined {
  return readsPublicNewsOnly(admin) ? eq(networkActualities.isPublic, NETWORK_ACTUALITY_RECEIVERS.everyone) : undefined;
}

/** Read marks are personal: the `adminId` sent must be the caller's own (the impersonated user's when impersonating). */
export function mayMarkReadFor(admin: Pick<AdminPrincipal, 'adminId'>, adminId: number): boolean {
  return admin.adminId === adminId;
}

export function assertMayMarkReadFor(admin: Pick<AdminPrincipal, 'adminId'>, adminId: number): void {
  if (!mayMarkReadFor(admin, adminId)) throw errors.forbidden();
}
