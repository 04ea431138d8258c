import { ADMIN_TYPE, AGENCY_KEY_NETWORK_ROLE_IDS } from '@reseau/contracts';
import { mayActForAgency } from '../../auth/agency-scope.js';
import type { AdminPrincipal } from '../../auth/principal.js';
import { errors } from '../../lib/errors.js';

export const AGENCY_API_KEY_ADMINISTRATION = 'agency_info_administration' as const;

/**
 * Who may make, list and revoke an agency's API keys (issue 11): the network's two administrator
 * roles for any agency; an adherent-level user holding agency_info_administration for the agencies
 * they act for. The animator role (3) keeps its agency reading but gets no keys: a key writes
 * customers' data, which is the agency's business.
 */
export function mayManageAgencyKeys(admin: AdminPrincipal, agencyId: number): boolean {
  if (!admin.permissions.has(AGENCY_API_KEY_ADMINISTRATION)) return false;
  if (AGENCY_KEY_NETWORK_ROLE_IDS.includes(admin.roleId)) return true;
  return admin.adminTypeId === ADMIN_TYPE.adherent && mayActForAgency(admin, agencyId);
}

/**
 * The assert of `mayManageAgencyKeys`: an adherent-level user asking for another adherent's agency
 * learns nothing about it (`notFound`); a network role that never manages keys (the animator) is
 * simply refused.
 */
export function assertMayManageAgencyKeys(admin: AdminPrincipal, agencyId: number, notFound: () => Error): void {
  if (mayManageAgencyKeys(admin, agencyId)) return;
  throw admin.adminTypeId === ADMIN_TYPE.adherent ? notFound() : errors.forbidden();
}
