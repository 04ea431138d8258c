import { requireAnyAdmin } from '../../auth/guards.js';
import type { AdminPrincipal } from '../../auth/principal.js';

/** Network prestations, their details and the mandatory mark (spec 00 §6). */
export const NETWORK_PERMISSION = 'network_prestation_administration';
/** An agency's own prestations and its prices for the network's. */
export const AGENCY_PERMISSION = 'agency_prestation_administration';

/** Reading the catalogue: either permission (network staff manage it, agency staff price it). */
export const requireCatalogueReader = () => requireAnyAdmin(NETWORK_PERMISSION, AGENCY_PERMISSION);

/** Network staff see every network prestation; agency staff only the active ones. */
export const seesInactiveNetworkPrestations = (admin: AdminPrincipal) => admin.permissions.has(NETWORK_PERMISSION);

/** Who wrote, for the audit log: the real caller, and the user they act as when impersonating. */
export const auditActor = (admin: AdminPrincipal) => ({
  actorAdminId: admin.impersonatedBy ?? admin.adminId,
  impersonatedAdminId: admin.impersonatedBy ? admin.adminId : null,
});
