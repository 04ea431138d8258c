import type { PermissionCode } from '@reseau/contracts';
import { mayActForAgency } from '../../auth/agency-scope.js';
import type { AdminPrincipal } from '../../auth/principal.js';
import { errors } from '../../lib/errors.js';

const NETWORK_CONTENTS: PermissionCode = 'network_agency_page_content_administration';
const AGENCY_CONTENTS: PermissionCode = 'agency_info_administration';

/**
 * Who manages the contents of one agency's page, or the network-wide ones (`agencyId` null),
 * spec 01 §6: network-wide ones need network_agency_page_content_administration; an agency's need
 * agency_info_administration and that agency in the caller's scope. Reading follows the same rule:
 * these are administration screens (the public pages read them elsewhere).
 */
export function mayManageContents(admin: AdminPrincipal, agencyId: number | null): boolean {
  if (agencyId === null) return admin.permissions.has(NETWORK_CONTENTS);
  return admin.permissions.has(AGENCY_CONTENTS) && mayActForAgency(admin, agencyId);
}

/** The assert of `mayManageContents`: a 403, or the `refusal` it is given where the row must stay hidden (a 404). */
export function assertMayManageContents(
  admin: AdminPrincipal,
  agencyId: number | null,
  refusal: () => Error = errors.forbidden,
): void {
  if (!mayManageContents(admin, agencyId)) throw refusal();
}

/** Either permission opens the routes (without one, every call is a 403); the rules above then decide. */
export const CONTENTS_PERMISSIONS: readonly PermissionCode[] = [NETWORK_CONTENTS, AGENCY_CONTENTS];
