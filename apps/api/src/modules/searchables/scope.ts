import { FORUMS, NETWORK_ROLE_IDS, type PermissionCode, PUBLIC_ONLY_ROLE_IDS } from '@reseau/contracts';
import type { AdminPrincipal } from '../../auth/principal.js';
import type { SearchScope } from '../../integrations/search/index.js';

/**
 * The permission codes that gate search entries: the forums', the council and regional document
 * bases', and the spare-parts exchange's (role 8 does not read the board).
 */
const GATING_CODES: readonly PermissionCode[] = [
  ...FORUMS.map((f) => f.permission),
  'document_base_ca_reading',
  'document_base_region_reading',
  'spare_part_announcement_administration',
];
/** The caller's codes among them, carried in the search key. */
const gating = (admin: AdminPrincipal) => GATING_CODES.filter((code) => admin.permissions.has(code));

/**
 * What an admin may read in the search index. Network roles read everything; other roles only
 * their agencies, adherent and region, and roles 5, 6, 8 only public entries (spec 00 §6).
 */
export function searchScopeOf(admin: AdminPrincipal): SearchScope {
  if (NETWORK_ROLE_IDS.includes(admin.roleId))
    return { includePrivate: true, agencyIds: null, adherentIds: null, regionIds: null, permissions: gating(admin) };
  return {
    includePrivate: !PUBLIC_ONLY_ROLE_IDS.includes(admin.roleId),
    agencyIds: admin.agencyIds === null ? null : [...admin.agencyIds],
    adherentIds: admin.adherentId === null ? [] : [admin.adherentId],
    regionIds: admin.regionId === null ? [] : [admin.regionId],
    permissions: gating(admin),
  };
}
