import {
  SPARE_PART_ENERGY_TYPES,
  type SparePartAnnouncement,
  type SparePartAnnouncementList,
  type SparePartAnnouncementListQuery,
  type SparePartEnergyType,
} from '@reseau/contracts';
import { and, asc, desc, eq, exists, type SQL, sql } from 'drizzle-orm';
import type { AdminPrincipal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import {
  admins,
  agencies,
  sparePartAnnouncementReads,
  sparePartAnnouncementResponses,
  sparePartAnnouncements,
  sparePartEnergyTypes,
} from '../../db/schema/index.js';
import { pageCount, pageOffset } from '../../lib/paging.js';
import type { StaffContext } from '../../lib/request-context.js';
import { ownAnnouncements } from './policy.js';

const a = sparePartAnnouncements;

/** Expired as soon as its date is past, whether or not the expiry job has run yet. */
export const expiredNow = sql<boolean>`(${a.isExpired} or ${a.expiryDate} <= now())`;

const answeredBy = (adminId: number) =>
  exists(
    sql`(select 1 from ${sparePartAnnouncementResponses} where ${sparePartAnnouncementResponses.sparePartAnnouncementId} = ${a.id} and ${sparePartAnnouncementResponses.adminId} = ${adminId})`,
  );

const readBy = (adminId: number) =>
  exists(
    sql`(select 1 from ${sparePartAnnouncementReads} where ${sparePartAnnouncementReads.sparePartAnnouncementId} = ${a.id} and ${sparePartAnnouncementReads.adminId} = ${adminId})`,
  );

const columns = (admin: AdminPrincipal) => ({
  id: a.id,
  typeCode: a.typeCode,
  energyTypeCode: a.energyTypeCode,
  title: a.title,
  description: a.description,
  contact: a.contact,
  publicationDate: a.publicationDate,
  expiryDate: a.expiryDate,
  authorId: a.authorId,
  authorFirstName: admins.firstName,
  authorLastName: admins.lastName,
  agencyId: a.agencyId,
  agencyName: agencies.name,
  isExpired: expiredNow.mapWith(Boolean),
  hasResponse: answeredBy(admin.adminId).mapWith(Boolean),
  isOwn: sql`(${ownAnnouncements(admin)})`.mapWith(Boolean),
  isRead: sql`(${ownAnnouncements(admin)} or ${readBy(admin.adminId)})`.mapWith(Boolean),
});

type Row = {
  id: number;
  typeCode: string;
  energyTypeCode: string;
  title: string;
  description: string;
  contact: string;
  publicationDate: Date;
  expiryDate: Date;
  authorId: number | null;
  authorFirstName: string | null;
  authorLastName: string | null;
  agencyId: number;
  agencyName: string;
  isExpired: boolean;
  hasResponse: boolean;
  isOwn: boolean;
  isRead: boolean;
};

/** The presenter: only the contract's fields leave the server. */
function present(row: Row): SparePartAnnouncement {
  return {
    id: row.id,
    typeCode: row.typeCode === 'OFFRE' ? 'OFFRE' : 'DEMANDE',
    energyTypeCode: row.energyTypeCode,
    title: row.title,
    description: row.description,
    contact: row.contact,
    publicationDate: row.publicationDate.toISOString(),
    expiryDate: row.expiryDate.toISOString(),
    authorId: row.authorId,
    author: [row.authorFirstName, row.authorLastName].filter(Boolean).join(' '),
    agencyId: row.agencyId,
    agencyName: row.agencyName,
    isExpired: row.isExpired,
    hasResponse: row.hasResponse,
    isOwn: row.isOwn,
    isRead: row.isRead,
  };
}

const selectAnnouncements = (db: DbOrTx, admin: AdminPrincipal) =>
  db.select(columns(admin)).from(a).innerJoin(agencies, eq(agencies.id, a.agencyId)).leftJoin(admins, eq(admins.id, a.authorId));

/**
 * The network's announcements, filtered: open ones first, newest first. Every user of the area
 * reads every announcement (it is a board between agencies); one query for the page, one for the count.
 */
export async function listSparePartAnnouncements(
  { db, caller: admin }: StaffContext,
  query: SparePartAnnouncementListQuery,
): Promise<SparePartAnnouncementList> {
  const where: SQL | undefined = and(
    query.typeCode === undefined ? undefined : eq(a.typeCode, query.typeCode),
    query.energyTypeCode === undefined ? undefined : eq(a.energyTypeCode, query.energyTypeCode),
    query.authorId === undefined ? undefined : eq(a.authorId, query.authorId),
    query.isExpired === undefined ? undefined : query.isExpired ? expiredNow : sql`not ${expiredNow}`,
  );
  const rows = await selectAnnouncements(db, admin)
    .where(where)
    .orderBy(asc(expiredNow), desc(a.publicationDate), desc(a.id))
    .limit(query.pageSize)
    .offset(pageOffset(query));
  const total = await db.$count(a, where);
  return { sparePartAnnouncements: rows.map(present), pageCount: pageCount(total, query) };
}

/** One announcement, or null when it does not exist. */
export async function getSparePartAnnouncement(
  { db, caller: admin }: StaffContext,
  id: number,
): Promise<SparePartAnnouncement | null> {
  const [row] = await selectAnnouncements(db, admin).where(eq(a.id, id));
  return row ? present(row) : null;
}

export async function listSparePartEnergyTypes(db: DbOrTx): Promise<SparePartEnergyType[]> {
  const rows = await db.select({ code: sparePartEnergyTypes.code, name: sparePartEnergyTypes.name }).from(sparePartEnergyTypes);
  // The reference order (gas first), not the collation's: "Électricité" would sort last in C.
  const rank = (code: string) => {
    const i = SPARE_PART_ENERGY_TYPES.findIndex((e) => e.code === code);
    return i < 0 ? SPARE_PART_ENERGY_TYPES.length : i;
  };
  return rows.sort((x, y) => rank(x.code) - rank(y.code) || x.code.localeCompare(y.code));
}
