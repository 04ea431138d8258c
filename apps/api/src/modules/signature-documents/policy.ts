import type { AnyColumn, SQL } from 'drizzle-orm';
import { agencyScope, mayActForAgency } from '../../auth/agency-scope.js';
import { assertOwnAgency } from '../../auth/guards.js';
import type { AdminPrincipal } from '../../auth/principal.js';

/**
 * Who sees which signature rows (docs/decisions.md "Signature"). Holders of
 * `signature_document_administration` (checked by the routes' guard) work on their agencies'
 * documents and quotations; network roles (no agency list) on every agency's. The counts
 * overview is open to every staff user over the same scope: the network for roles 1–3, their
 * own agencies otherwise. A row out of scope is not found; an `agencyId` asked for out of scope
 * is refused (403), as a write's `agencyId` is.
 */
export const signatureScope = (admin: AdminPrincipal, agencyColumn: AnyColumn): SQL | undefined =>
  agencyScope(admin, agencyColumn);

/** A list or a write naming an agency: it must be one of the caller's (403 otherwise). */
export function assertAgencyInScope(admin: AdminPrincipal, agencyId: number | undefined) {
  if (agencyId !== undefined) assertOwnAgency(admin, agencyId);
}

/**
 * Whether a staff user may hear that an agency's signatures changed (live events): the agency is
 * in their signature scope, as the counts route (open to every staff user over that scope) reads
 * it; the lists then answer only to holders of the permission, by their own guard.
 */
export function mayHearOfAgencySignatures(admin: AdminPrincipal, agencyId: number): boolean {
  return mayActForAgency(admin, agencyId);
}
