import { NOT_FOUND_SUBJECTS } from '@reseau/contracts';
import { and, eq, exists, type SQL, sql } from 'drizzle-orm';
import { agencyScope } from '../../auth/agency-scope.js';
import type { AdminPrincipal } from '../../auth/principal.js';
import { clientAgencies, clients } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';

/**
 * Who may have an account's data exported (issue 28 §1, docs/data-rights.md):
 * - a customer: their own (POST /clients/me/data-exports, the guard says who);
 * - a staff member: their own (POST /admins/me/data-exports), never while acting as someone else;
 * - an agency's staff holding `contact_administration` (the route's guard): a customer of one of
 *   their agencies, for a customer who asked by phone or mail. Any other customer is not found.
 * The ZIP always goes to the account's own address, never to the staff member who asked.
 */

/** The customers whose data this staff member may export: known to one of the caller's agencies. */
export function exportableClients(admin: AdminPrincipal): SQL {
  const linked = and(eq(clientAgencies.clientId, clients.id), agencyScope(admin, clientAgencies.agencyId));
  return exists(sql`(select 1 from ${clientAgencies} where ${linked})`);
}

/** A customer outside `exportableClients` (or none) is "not found", so ids cannot be probed. */
export function assertMayExportClient<T>(found: T | undefined): asserts found is T {
  if (found === undefined) throw errors.notFound(NOT_FOUND_SUBJECTS.client);
}

/** Whether the staff member asks for their own data as themselves (not while impersonating). */
export const mayExportOwnAdminData = (admin: AdminPrincipal): boolean => admin.impersonatedBy === null;

/** Own data is asked by its owner: acting as another user, the export is refused (403). */
export function assertMayExportOwnAdminData(admin: AdminPrincipal): void {
  if (!mayExportOwnAdminData(admin)) throw errors.forbidden();
}
