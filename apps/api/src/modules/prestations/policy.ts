import type { FastifyRequest } from 'fastify';
import type { AdminPrincipal } from '../../auth/principal.js';
import { errors } from '../../lib/errors.js';

/** Network prestations, their details and the mandatory mark (spec 00 §6). */
export const NETWORK_PERMISSION = 'network_prestation_administration';
/** An agency's own prestations and its prices for the network's. */
export const AGENCY_PERMISSION = 'agency_prestation_administration';

/** Reading the catalogue: either permission (network staff manage it, agency staff price it). */
export async function requireCatalogueReader(request: FastifyRequest) {
  const p = request.principal;
  if (!p) throw errors.unauthenticated();
  if (p.kind !== 'admin') throw errors.forbidden();
  if (!p.permissions.has(NETWORK_PERMISSION) && !p.permissions.has(AGENCY_PERMISSION)) throw errors.forbidden();
}

/** Network staff see every network prestation; agency staff only the active ones. */
export const seesInactiveNetworkPrestations = (admin: AdminPrincipal) => admin.permissions.has(NETWORK_PERMISSION);

/** Who wrote, for the audit log: the real caller, and the user they act as when impersonating. */
export const auditActor = (admin: AdminPrincipal) => ({
  actorAdminId: admin.impersonatedBy ?? admin.adminId,
  impersonatedAdminId: admin.impersonatedBy ? admin.adminId : null,
});
