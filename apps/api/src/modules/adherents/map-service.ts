import type { MapAdherent, MapAdherentAdmin } from '@reseau/contracts';
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { adherents, admins, agencies } from '../../db/schema/index.js';

/**
 * Every adherent for the map (spec 01 §7 "all adherents for the map"): its active agencies that
 * have coordinates and are not hidden from the map, and the adherent admin shown on the map
 * (`doNotShowOnMap` false; only one per adherent, spec 00 §5: the first one if data ever holds
 * more). Adherents with no agency to place are left out. Two queries, whatever the network size.
 * The directory map filters these in the browser (one answer for every filter, spec 02 §2): each
 * agency carries its activities, job, employee and sales buckets and entry year, each adherent the
 * cooperative roles of its listed admins.
 */
export async function listAdherentsForMap(db: DbOrTx): Promise<MapAdherent[]> {
  const rows = await placedAgencies(db);
  if (rows.length === 0) return [];

  const adherentIds = [...new Set(rows.map((r) => r.adherentId))];
  const { adminOf, rolesOf } = await adherentAdminsForMap(db, adherentIds);

  const byAdherent = new Map<number, MapAdherent>();
  for (const r of rows) {
    let adherent = byAdherent.get(r.adherentId);
    if (!adherent) {
      adherent = {
        id: r.adherentId,
        name: r.adherentName,
        regionId: r.regionId,
        admin: adminOf.get(r.adherentId) ?? null,
        cooperativeRoles: [...(rolesOf.get(r.adherentId) ?? [])].sort(),
        agencies: [],
      };
      byAdherent.set(r.adherentId, adherent);
    }
    // The where clause keeps only placed agencies; the check narrows the types.
    if (r.latitude === null || r.longitude === null) continue;
    adherent.agencies.push({
      id: r.id,
      name: r.name,
      address1: r.address1,
      postalCode: r.postalCode,
      city: r.city,
      latitude: r.latitude,
      longitude: r.longitude,
      activities: r.activities,
      jobType: r.jobType,
      employeeAmount: r.employeeAmount,
      salesFigures: r.salesFigures,
      enteredNetworkAt: r.enteredNetworkAt,
    });
  }
  return [...byAdherent.values()];
}

/** The active agencies of active adherents that the map may place, by adherent then agency name. */
function placedAgencies(db: DbOrTx) {
  return db
    .select({
      adherentId: adherents.id,
      adherentName: adherents.name,
      regionId: adherents.regionId,
      id: agencies.id,
      name: agencies.name,
      address1: agencies.address1,
      postalCode: agencies.postalCode,
      city: agencies.city,
      latitude: agencies.latitude,
      longitude: agencies.longitude,
      activities: agencies.activities,
      jobType: agencies.jobType,
      employeeAmount: agencies.employeeAmount,
      salesFigures: agencies.salesFigures,
      enteredNetworkAt: agencies.enteredNetworkAt,
    })
    .from(agencies)
    .innerJoin(adherents, eq(adherents.id, agencies.adherentId))
    .where(
      and(
        eq(adherents.isActive, true),
        eq(agencies.isActive, true),
        eq(agencies.hideFromMap, false),
        isNotNull(agencies.latitude),
        isNotNull(agencies.longitude),
      ),
    )
    .orderBy(asc(adherents.name), asc(adherents.id), asc(agencies.name), asc(agencies.id));
}

async function adherentAdminsForMap(db: DbOrTx, adherentIds: number[]) {
  // Every active adherent admin of these adherents: the one shown on the map, and the cooperative
  // roles the map filters on (of the admins the directory lists, so not of those marked hidden).
  const people = await db
    .select({
      adherentId: admins.adherentId,
      id: admins.id,
      firstName: admins.firstName,
      lastName: admins.lastName,
      position: admins.position,
      phone: admins.phone,
      emailAddress: admins.emailAddress,
      avatarFileId: admins.avatarFileId,
      doNotShowOnMap: admins.doNotShowOnMap,
      isHidden: admins.isHidden,
      cooperativeRoles: admins.cooperativeRoles,
    })
    .from(admins)
    .where(
      and(
        inArray(admins.adherentId, adherentIds),
        eq(admins.isAdherentAdmin, true),
        eq(admins.isActive, true),
        isNull(admins.archivedAt),
      ),
    )
    .orderBy(asc(admins.id));
  const adminOf = new Map<number, MapAdherentAdmin>();
  const rolesOf = new Map<number, Set<string>>();
  for (const { adherentId, doNotShowOnMap, isHidden, cooperativeRoles, ...admin } of people) {
    if (adherentId === null) continue;
    if (!doNotShowOnMap && !adminOf.has(adherentId)) adminOf.set(adherentId, admin);
    if (isHidden) continue;
    const roles = rolesOf.get(adherentId) ?? new Set<string>();
    for (const role of cooperativeRoles) roles.add(role);
    rolesOf.set(adherentId, roles);
  }
  return { adminOf, rolesOf };
}
