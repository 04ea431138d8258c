import { NETWORK_CONTACTS_ROLE_IDS, type PermissionCode } from '@reseau/contracts';
import type { SQL } from 'drizzle-orm';
import { agencyScope, mayActForAgency } from '../../auth/agency-scope.js';
import { assertOwnAgency } from '../../auth/guards.js';
import type { AdminPrincipal } from '../../auth/principal.js';
import { contacts } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';

/** Demands, quotations and invoices (spec 00 §6): whoever holds contact_administration. */
export const CONTACTS_PERMISSION: PermissionCode = 'contact_administration';

/** The network-wide views (no agency) are read-only and for role 1 only (spec 02 §6). */
export function mayReadNetworkContacts(admin: Pick<AdminPrincipal, 'roleId'>): boolean {
  return NETWORK_CONTACTS_ROLE_IDS.includes(admin.roleId);
}

export function assertMayReadNetworkContacts(admin: Pick<AdminPrincipal, 'roleId'>): void {
  if (!mayReadNetworkContacts(admin)) throw errors.forbidden();
}

/**
 * The agency condition of a list: one of the caller's agencies (403 otherwise, as any write's
 * `agencyId`), or, without one, the whole network for role 1 only.
 */
export function listedAgency(admin: AdminPrincipal, agencyId: number | undefined): number | null {
  if (agencyId !== undefined) {
    assertOwnAgency(admin, agencyId);
    return agencyId;
  }
  assertMayReadNetworkContacts(admin);
  return null;
}

/**
 * The contacts this caller may mark handled or to handle: those of its own agencies (every agency
 * for network roles, `undefined`). Another agency's contact is not found.
 */
export function ownContacts(admin: AdminPrincipal): SQL | undefined {
  return agencyScope(admin, contacts.agencyId);
}

/**
 * Whether a staff user may hear that the demands of `agencyId` changed (live events): as the
 * counts route reads them, that agency as one of theirs, or the whole network for role 1.
 */
export function mayHearOfAgencyContacts(admin: AdminPrincipal, agencyId: number): boolean {
  if (!admin.permissions.has(CONTACTS_PERMISSION)) return false;
  return mayActForAgency(admin, agencyId) || mayReadNetworkContacts(admin);
}
