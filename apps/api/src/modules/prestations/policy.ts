import { mayActForAgency } from '../../auth/agency-scope.js';
import { requireAnyAdmin } from '../../auth/guards.js';
import type { AdminPrincipal } from '../../auth/principal.js';
import { errors } from '../../lib/errors.js';

/** Network prestations, their details and the mandatory mark (spec 00 §6). */
export const NETWORK_PERMISSION = 'network_prestation_administration';
/** An agency's own prestations and its prices for the network's. */
export const AGENCY_PERMISSION = 'agency_prestation_administration';

/** Reading the catalogue: either permission (network staff manage it, agency staff price it). */
export const requireCatalogueReader = () => requireAnyAdmin(NETWORK_PERMISSION, AGENCY_PERMISSION);

/** Network staff see every network prestation; agency staff only the active ones. */
export const seesInactiveNetworkPrestations = (admin: AdminPrincipal) => admin.permissions.has(NETWORK_PERMISSION);

/**
 * Equipment types' details (texts): the network's (`agencyId` null) need the network permission;
 * an agency's, the agency one and that agency among the caller's.
 */
export function mayWriteDetails(admin: AdminPrincipal, agencyId: number | null): boolean {
  if (agencyId === null) return admin.permissions.has(NETWORK_PERMISSION);
  return admin.permissions.has(AGENCY_PERMISSION) && mayActForAgency(admin, agencyId);
}

export function assertMayWriteDetails(admin: AdminPrincipal, agencyId: number | null): void {
  if (!mayWriteDetails(admin, agencyId)) throw errors.forbidden();
}

/** Who wrote, for the audit log: the real caller, and the user they act as when impersonating. */
export const auditActor = (admin: AdminPrincipal) => ({
  actorAdminId: admin.impersonatedBy ?? admin.adminId,
  impersonatedAdminId: admin.impersonatedBy ? admin.adminId : null,
});
