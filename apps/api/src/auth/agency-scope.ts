import { type AnyColumn, and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AdminPrincipal } from './principal.js';

/** The part of the caller that decides which agencies' rows a staff user may see. */
export type AgencyScopeCaller = Pick<AdminPrincipal, 'agencyIds' | 'adherentId'>;

/**
 * "Rows this staff user may see" as a condition on the table's agency column (spec 00 §6):
 * network roles (`agencyIds === null`) are not restricted (`undefined`, which `and()` drops);
 * adherent-level staff see only their agencies, and with no agency at all they see nothing —
 * an empty list fails closed, never "everything". With `adherentColumn`, rows of another
 * adherent are excluded too (a staff user without an adherent then sees nothing).
 */
export function agencyScope(caller: AgencyScopeCaller, agencyColumn: AnyColumn, adherentColumn?: AnyColumn): SQL | undefined {
  if (caller.agencyIds === null) return undefined;
  if (caller.agencyIds.length === 0) return sql`false`;
  const ofAgencies = inArray(agencyColumn, [...caller.agencyIds]);
  if (adherentColumn === undefined) return ofAgencies;
  if (caller.adherentId === null) return sql`false`;
  return and(ofAgencies, eq(adherentColumn, caller.adherentId));
}

/** The same rule for one known agency id, in memory (a write's `agencyId`, a fetched row). */
export function mayActForAgency(caller: Pick<AdminPrincipal, 'agencyIds'>, agencyId: number): boolean {
  return caller.agencyIds === null || caller.agencyIds.includes(agencyId);
}
