import type { MapAdherent, MapAdherentAdmin } from '@reseau/contracts';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { adherents, admins, agencies } from '../../db/schema/index.js';

/**
 * Every adherent for the map (spec 01 §7 "all adherents for the map"): its active agencies that
 * have coordinates and are not hidden from the map, and the adherent admin shown on the map
 * (`doNotShowOnMap` false; only one per adherent, spec 00 §5: the first one if data ever holds
 * more). Adherents with no agency to place are left out. Two queries, whatever the network size.
 */
export async function listAdherentsForMap(db: DbOrTx): Promise<MapAdherent[]> {
  const rows = await db
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
  if (rows.length === 0) return [];

  const adherentIds = [...new Set(rows.map((r) => r.adherentId))];
  const shown = await db
    .select({
      adherentId: admins.adherentId,
      id: admins.id,
      firstName: admins.firstName,
      lastName: admins.lastName,
      position: admins.position,
      phone: admins.phone,
      emailAddress: admins.emailAddress,
    })
    .from(admins)
    .where(
      and(
        inArray(admins.adherentId, adherentIds),
        eq(admins.isAdherentAdmin, true),
        eq(admins.isActive, true),
        eq(admins.doNotShowOnMap, false),
      ),
    )
    .orderBy(asc(admins.id));
  const adminOf = new Map<number, MapAdherentAdmin>();
  for (const { adherentId, ...admin } of shown) {
    if (adherentId !== null && !adminOf.has(adherentId)) adminOf.set(adherentId, admin);
  }

  const byAdherent = new Map<number, MapAdherent>();
  for (const r of rows) {
    let adherent = byAdherent.get(r.adherentId);
    if (!adherent) {
      adherent = {
        id: r.adherentId,
        name: r.adherentName,
        regionId: r.regionId,
        admin: adminOf.get(r.adherentId) ?? null,
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
    });
  }
  return [...byAdherent.values()];
}
