import { NETWORK_ROLE_IDS } from '@reseau/contracts';
import { or, type SQL, sql } from 'drizzle-orm';
import { agencyScope } from '../../auth/agency-scope.js';
import type { AdminPrincipal } from '../../auth/principal.js';
import { jobOffers } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';

/**
 * Who may do what to a job offer (spec 02 §6). Every call needs job_offer_administration (the
 * routes' guard). Network roles (1–3) read and write every offer and alone mark templates; other
 * roles read and write their agencies' offers and read the templates to start from. A row out of
 * reach is simply not found.
 */
export const isNetworkRole = (admin: Pick<AdminPrincipal, 'roleId'>) => NETWORK_ROLE_IDS.includes(admin.roleId);

/** The whole network's list (`isNetwork`) is for network roles only. */
export function assertMayListNetworkJobOffers(admin: Pick<AdminPrincipal, 'roleId'>): void {
  if (!isNetworkRole(admin)) throw errors.forbidden();
}

/** Offers the caller reads: their agencies' ones and every template. */
export function readableJobOffers(admin: AdminPrincipal): SQL | undefined {
  if (isNetworkRole(admin)) return undefined;
  return or(sql`${jobOffers.isTemplate}`, agencyScope(admin, jobOffers.agencyId));
}

/** Offers the caller edits or deletes: their agencies' ones, never a template (unless a network role). */
export function editableJobOffers(admin: AdminPrincipal): SQL | undefined {
  if (isNetworkRole(admin)) return undefined;
  return sql`(not ${jobOffers.isTemplate} and ${agencyScope(admin, jobOffers.agencyId) ?? sql`false`})`;
}
