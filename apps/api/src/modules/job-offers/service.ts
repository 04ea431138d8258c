import type { JobOffer, JobOfferList, JobOfferListQuery, JobOfferType } from '@reseau/contracts';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { agencyScope } from '../../auth/agency-scope.js';
import { assertOwnAgency } from '../../auth/guards.js';
import type { AdminPrincipal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { agencies, jobOfferDomains, jobOffers, jobOfferTypes } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/request-context.js';
import { assertMayListNetworkJobOffers, isNetworkRole, readableJobOffers } from './policy.js';

const o = jobOffers;

/** Active as stored and not past its expiration date (no job needed to close an expired offer). */
export const activeNow = sql<boolean>`(${o.isActive} and (${o.expirationDate} is null or ${o.expirationDate} >= current_date))`;

const columns = {
  id: o.id,
  title: o.title,
  description: o.description,
  jobOfferTypeCode: o.jobOfferTypeCode,
  jobOfferDomainCode: o.jobOfferDomainCode,
  geographicSector: o.geographicSector,
  isTemplate: o.isTemplate,
  isActive: activeNow.mapWith(Boolean),
  publicationDate: o.publicationDate,
  expirationDate: o.expirationDate,
  agencyId: o.agencyId,
  agencyName: agencies.name,
  regionId: o.regionId,
  contacts: o.contacts,
};

/** The presenter: only the contract's fields leave the server. */
const present = (row: JobOffer): JobOffer => ({
  ...row,
  contacts: row.contacts.map(({ emailAddress }) => ({ emailAddress })),
});

const selectOffers = (db: DbOrTx) => db.select(columns).from(o).leftJoin(agencies, eq(agencies.id, o.agencyId));

/**
 * GET /job-offers (spec 02 §6, §7): `isNetwork` (network roles only) lists the whole network,
 * `agencyId` (one of the caller's) one agency's offers, `isTemplate` the templates or not.
 * Without either, the caller's own reach: every offer for a network role, their agencies' offers
 * otherwise. An agency's list never holds a template. Newest first.
 */
export async function listJobOffers({ db, caller: admin }: StaffContext, query: JobOfferListQuery): Promise<JobOfferList> {
  if (query.isNetwork) assertMayListNetworkJobOffers(admin);
  if (query.agencyId !== undefined) assertOwnAgency(admin, query.agencyId);
  const templatesOnly = query.isTemplate === true;
  const where: SQL | undefined = and(
    readableJobOffers(admin),
    query.isTemplate === undefined ? undefined : eq(o.isTemplate, query.isTemplate),
    templatesOnly || query.isNetwork ? undefined : ownReach(admin, query.agencyId),
  );
  const rows = await selectOffers(db).where(where).orderBy(desc(o.createdAt), desc(o.id));
  return { jobOffers: rows.map(present) };
}

/** An agency's offers (never its templates), or all the caller's agencies' offers. */
function ownReach(admin: AdminPrincipal, agencyId: number | undefined): SQL | undefined {
  if (agencyId !== undefined) return and(eq(o.agencyId, agencyId), sql`not ${o.isTemplate}`);
  if (isNetworkRole(admin)) return undefined;
  return and(agencyScope(admin, o.agencyId), sql`not ${o.isTemplate}`);
}

/** One offer the caller may read, or null. */
export async function getJobOffer({ db, caller: admin }: StaffContext, id: number): Promise<JobOffer | null> {
  const [row] = await selectOffers(db).where(and(eq(o.id, id), readableJobOffers(admin)));
  return row ? present(row) : null;
}

export async function listJobOfferTypes(db: DbOrTx): Promise<JobOfferType[]> {
  return db
    .select({ code: jobOfferTypes.code, name: jobOfferTypes.name })
    .from(jobOfferTypes)
    .orderBy(asc(jobOfferTypes.sortOrder));
}

export async function listJobOfferDomains(db: DbOrTx): Promise<JobOfferType[]> {
  return db
    .select({ code: jobOfferDomains.code, name: jobOfferDomains.name })
    .from(jobOfferDomains)
    .orderBy(asc(jobOfferDomains.sortOrder));
}

/** Names of the given type and domain codes, for a mail. */
export async function referenceNames(db: DbOrTx, typeCode: string, domainCode: string) {
  const [type] = await db
    .select({ name: jobOfferTypes.name })
    .from(jobOfferTypes)
    .where(inArray(jobOfferTypes.code, [typeCode]));
  const [domain] = await db
    .select({ name: jobOfferDomains.name })
    .from(jobOfferDomains)
    .where(inArray(jobOfferDomains.code, [domainCode]));
  return { typeName: type?.name ?? typeCode, domainName: domain?.name ?? domainCode };
}
