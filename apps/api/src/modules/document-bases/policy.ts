import {
  DOCUMENT_BASES,
  NETWORK_ROLE_IDS,
  NOT_FOUND_SUBJECTS,
  type PermissionCode,
  PUBLIC_ONLY_ROLE_IDS,
} from '@reseau/contracts';
import { and, eq, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { AdminPrincipal } from '../../auth/principal.js';
import { admins, documentBaseItems, rolePermissions } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';

type Reader = Pick<AdminPrincipal, 'roleId' | 'regionId' | 'permissions'>;
type Base = (typeof DOCUMENT_BASES)[number];

const CA_BASE_ID = 2;
export const baseOf = (id: number): Base | undefined => DOCUMENT_BASES.find((b) => b.id === id);

/**
 * Who reads a base (spec 00 §6): base 1 every staff user; base 2 with document_base_ca_reading;
 * a regional base with document_base_region_reading, network roles (1–3) every region, other
 * users their own region only (their adherent's, copied on their account).
 */
function readsBase(admin: Reader, base: Base): boolean {
  if (base.regionId === null) return base.id !== CA_BASE_ID || admin.permissions.has('document_base_ca_reading');
  if (!admin.permissions.has('document_base_region_reading')) return false;
  return NETWORK_ROLE_IDS.includes(admin.roleId) || admin.regionId === base.regionId;
}

/**
 * The permission a search entry of this base asks of its reader (the search key carries the
 * caller's codes): base 2 the council space's, a regional base the regions' (the entry's regionId
 * narrows it to the region); base 1 none.
 */
export function searchPermissionOf(baseId: number): PermissionCode | null {
  const base = baseOf(baseId);
  if (!base) return null;
  if (base.regionId !== null) return 'document_base_region_reading';
  return base.id === CA_BASE_ID ? 'document_base_ca_reading' : null;
}

export const readableBaseIds = (admin: Reader): number[] => DOCUMENT_BASES.filter((b) => readsBase(admin, b)).map((b) => b.id);

/** Whether the caller reads the base `documentBaseId` (a base they may not read is not found). */
export const mayReadBase = (admin: Reader, documentBaseId: number): boolean => readableBaseIds(admin).includes(documentBaseId);

/** The assert of `mayReadBase`: a base the caller may not read is not found (404), never refused. */
export function assertMayReadBase(admin: Reader, documentBaseId: number): void {
  if (!mayReadBase(admin, documentBaseId)) throw errors.notFound(NOT_FOUND_SUBJECTS.documentBase);
}

/**
 * Where the caller writes (spec 02 §6): document_base_administration on a base they read; an
 * administrator with a region writes, among the regional bases, only to their region's (see
 * docs/decisions.md: bases 1 and 2 have no region, so the rule does not bar them).
 */
export function writableBaseIds(admin: Reader): number[] {
  if (!admin.permissions.has('document_base_administration')) return [];
  return DOCUMENT_BASES.filter(
    (b) => readsBase(admin, b) && (b.regionId === null || admin.regionId === null || b.regionId === admin.regionId),
  ).map((b) => b.id);
}

/** Whether the caller reads only documents meant for everyone (roles 5, 6 and 8). */
export const readsPublicOnly = (admin: Pick<AdminPrincipal, 'roleId'>) => PUBLIC_ONLY_ROLE_IDS.includes(admin.roleId);

/**
 * The documents the caller may read, as a condition of every query (list, get, write, file
 * download): a document of a base they do not read, or not public for roles 5, 6 and 8, is simply
 * not found.
 */
export function readableItems(admin: Reader): SQL {
  return and(
    inArray(documentBaseItems.documentBaseId, readableBaseIds(admin)),
    readsPublicOnly(admin) ? eq(documentBaseItems.isPublic, true) : undefined,
  ) as SQL;
}

const rolesWith = (code: PermissionCode) =>
  inArray(admins.roleId, sql`(select ${rolePermissions.roleId} from ${rolePermissions} where ${rolePermissions.code} = ${code})`);

/**
 * The same rule seen from the other side, as a condition on `admins`: the active staff users who
 * may read a document of this base with these receivers (NEW_DOCUMENT goes to them). Permissions
 * come from role_permissions, as the caller's do.
 */
export function readersOf(documentBaseId: number, isPublic: boolean): SQL {
  const base = baseOf(documentBaseId);
  const ofBase =
    base === undefined
      ? sql`false`
      : base.regionId === null
        ? base.id === CA_BASE_ID
          ? rolesWith('document_base_ca_reading')
          : undefined
        : and(
            rolesWith('document_base_region_reading'),
            or(inArray(admins.roleId, [...NETWORK_ROLE_IDS]), eq(admins.regionId, base.regionId)),
          );
  return and(
    eq(admins.isActive, true),
    ofBase,
    isPublic ? undefined : notInArray(admins.roleId, [...PUBLIC_ONLY_ROLE_IDS]),
  ) as SQL;
}
