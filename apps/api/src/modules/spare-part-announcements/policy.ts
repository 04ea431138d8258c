import { inArray, or, type SQL, sql } from 'drizzle-orm';
import { agencyScope } from '../../auth/agency-scope.js';
import type { AdminPrincipal } from '../../auth/principal.js';
import { sparePartAnnouncements } from '../../db/schema/index.js';

/**
 * Who may do what to an announcement. Reading and answering need only the area's permission
 * (checked by the routes' guard). Editing and deleting belong to the announcement's agency: any
 * user of that agency (the same agency scope as every agency-owned row, so network roles, whose
 * scope is every agency, may moderate). A row out of scope is simply not found.
 */
export const editableAnnouncements = (admin: AdminPrincipal): SQL | undefined =>
  agencyScope(admin, sparePartAnnouncements.agencyId);

/**
 * "Own" for answering (docs/decisions.md): the caller wrote it, or it is an announcement of one of
 * the caller's own agencies (a colleague does not answer their agency's request). Network roles
 * belong to no agency, so only what they wrote is theirs.
 */
export function ownAnnouncements(admin: Pick<AdminPrincipal, 'adminId' | 'agencyIds'>): SQL {
  const mine = sql`${sparePartAnnouncements.authorId} = ${admin.adminId}`;
  if (admin.agencyIds === null || admin.agencyIds.length === 0) return mine;
  return or(mine, inArray(sparePartAnnouncements.agencyId, [...admin.agencyIds]))!;
}
