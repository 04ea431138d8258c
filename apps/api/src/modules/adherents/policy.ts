import { MAP_HIDDEN_ROLE_IDS } from '@reseau/contracts';
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { AdminPrincipal } from '../../auth/principal.js';
import { errors } from '../../lib/errors.js';

/**
 * The member directory (list and map) is open to every staff user without a permission of its
 * own, except role 8: "Role 8 does not see the region directory" (spec 00 §6), and its dashboard
 * hides the map (spec 01 §2). The server refuses it rather than trusting the hidden panel.
 */
export function mayReadMemberDirectory(admin: Pick<AdminPrincipal, 'roleId'>): boolean {
  return !MAP_HIDDEN_ROLE_IDS.includes(admin.roleId);
}

export function assertMayReadMemberDirectory(admin: Pick<AdminPrincipal, 'roleId'>): void {
  if (!mayReadMemberDirectory(admin)) throw errors.forbidden();
}

/** The administration list of adherents (not the map's): adherents_administration. */
export function mayListAdherents(admin: Pick<AdminPrincipal, 'permissions'>): boolean {
  return admin.permissions.has('adherents_administration');
}

export function assertMayListAdherents(admin: Pick<AdminPrincipal, 'permissions'>): void {
  if (!mayListAdherents(admin)) throw errors.forbidden();
}

/** A new adherent is a network decision: adherent-level staff never create one (the route asks adherents_administration). */
export function mayCreateAdherent(admin: Pick<AdminPrincipal, 'agencyIds'>): boolean {
  return admin.agencyIds === null;
}

export function assertMayCreateAdherent(admin: Pick<AdminPrincipal, 'agencyIds'>): void {
  if (!mayCreateAdherent(admin)) throw errors.forbidden();
}

/**
 * "Adherents this staff user may see" as a condition on an adherent id column: network roles
 * (`agencyIds === null`) every one, adherent-level staff only their own, and none without an
 * adherent (fail closed).
 */
export function adherentScope(
  caller: Pick<AdminPrincipal, 'agencyIds' | 'adherentId'>,
  adherentColumn: AnyColumn,
): SQL | undefined {
  if (caller.agencyIds === null) return undefined;
  if (caller.adherentId === null) return sql`false`;
  return eq(adherentColumn, caller.adherentId);
}

/** The same rule for one known adherent id, in memory (a write's `adherentId`). */
export function mayActForAdherent(caller: Pick<AdminPrincipal, 'agencyIds' | 'adherentId'>, adherentId: number): boolean {
  return caller.agencyIds === null || (caller.adherentId !== null && caller.adherentId === adherentId);
}

export function assertMayActForAdherent(caller: Pick<AdminPrincipal, 'agencyIds' | 'adherentId'>, adherentId: number): void {
  if (!mayActForAdherent(caller, adherentId)) throw errors.forbidden();
}
