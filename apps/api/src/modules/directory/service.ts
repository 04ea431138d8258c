import type { AgencyAdherentAdmin, DirectoryNetworkAdmin } from '@reseau/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { adherents, adminAgencies, admins, agencies, regions } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/request-context.js';
import { assertMayReadMemberDirectory } from '../adherents/policy.js';
import { networkAdminsOnly } from '../network-admins/policy.js';

/** A person the directory may show: active, not archived, not marked hidden. */
const listedPerson = () => and(eq(admins.isActive, true), eq(admins.isHidden, false), isNull(admins.archivedAt));

/**
 * The network adherents tab (spec 02 §2, §7 `agencyAdherentAdmins`): each adherent admin of an
 * active adherent with each active agency they work for, leaving out the agencies hidden from the
 * directory and the people marked hidden. Ordered by region, agency and name; one query. Every
 * staff user reads it but role 8.
 */
export async function listAgencyAdherentAdmins({ db, caller }: StaffContext): Promise<AgencyAdherentAdmin[]> {
  assertMayReadMemberDirectory(caller);
  return db
    .select({
      adminId: admins.id,
      agencyId: agencies.id,
      agencyName: agencies.name,
      regionId: adherents.regionId,
      region: regions.name,
      firstName: admins.firstName,
      lastName: admins.lastName,
      position: admins.position,
      phone: admins.phone,
      emailAddress: admins.emailAddress,
      avatarFileId: admins.avatarFileId,
      address1: agencies.address1,
      postalCode: agencies.postalCode,
      city: agencies.city,
    })
    .from(admins)
    .innerJoin(adminAgencies, eq(adminAgencies.adminId, admins.id))
    .innerJoin(agencies, eq(agencies.id, adminAgencies.agencyId))
    .innerJoin(adherents, eq(adherents.id, agencies.adherentId))
    .innerJoin(regions, eq(regions.id, adherents.regionId))
    .where(
      and(
        eq(admins.isAdherentAdmin, true),
        // The admin's own adherent only: an account linked to another adherent's agency is not its head.
        eq(admins.adherentId, agencies.adherentId),
        listedPerson(),
        eq(agencies.isActive, true),
        eq(agencies.hideFromDirectory, false),
        eq(adherents.isActive, true),
      ),
    )
    .orderBy(asc(adherents.regionId), asc(agencies.name), asc(agencies.id), asc(admins.lastName), asc(admins.id));
}

/** The network heads tab: the network admins not hidden, in their display order (the users screen's). */
export async function listDirectoryNetworkAdmins(db: DbOrTx): Promise<DirectoryNetworkAdmin[]> {
  return db
    .select({
      id: admins.id,
      firstName: admins.firstName,
      lastName: admins.lastName,
      position: admins.position,
      phone: admins.phone,
      emailAddress: admins.emailAddress,
      avatarFileId: admins.avatarFileId,
      regionId: admins.regionId,
      region: regions.name,
    })
    .from(admins)
    .leftJoin(regions, eq(regions.id, admins.regionId))
    .where(and(networkAdminsOnly(), listedPerson()))
    .orderBy(asc(admins.sortOrder), asc(admins.id));
}
