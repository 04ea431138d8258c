import type { AgencyDetail, AgencySummary } from '@reseau/contracts';
import { and, asc, eq, inArray, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { preparedOnce } from '../../db/prepared.js';
import { adminAgencies, agencies } from '../../db/schema/index.js';
import { filePath } from '../../kernel/files/file-path.js';
import type { RequestContext } from '../../lib/request-context.js';
import { mayReadAgencySettings, visibleAgencies, visibleAgenciesTemplate } from './policy.js';

export interface AgencyFilters {
  adherentId?: number;
  adminId?: number;
  isActive?: boolean;
}

const summaryColumns = {
  id: agencies.id,
  name: agencies.name,
  adherentId: agencies.adherentId,
  adminId: agencies.adminId,
  isActive: agencies.isActive,
  city: agencies.city,
  postalCode: agencies.postalCode,
  logoFileId: agencies.logoFileId,
};

// Named columns only: payPlugSecretKey is write-only and never read here.
const detailColumns = {
  ...summaryColumns,
  description: agencies.description,
  descriptionIntervention: agencies.descriptionIntervention,
  extranetAdvertisementFileId: agencies.extranetAdvertisementFileId,
  address1: agencies.address1,
  address2: agencies.address2,
  latitude: agencies.latitude,
  longitude: agencies.longitude,
  openingHours: agencies.openingHours,
  phones: agencies.phones,
  emails: agencies.emails,
  socialLinks: agencies.socialLinks,
  sirenNumber: agencies.sirenNumber,
  legalOfficer: agencies.legalOfficer,
  businessName: agencies.businessName,
  generalTermsFileId: agencies.generalTermsFileId,
  pageTitle: agencies.pageTitle,
  pageDescription: agencies.pageDescription,
  pageIllustrationFileId: agencies.pageIllustrationFileId,
  pageLogosFiles: agencies.pageLogosFiles,
  publicAdvertisementFileId: agencies.publicAdvertisementFileId,
};

// The agency form's stored values; of the PayPlug key only whether one is set.
const settingsColumns = {
  googleMyBusinessId: agencies.googleMyBusinessId,
  googleMyBusinessUrl: agencies.googleMyBusinessUrl,
  externalLink: agencies.externalLink,
  illustrationFileId: agencies.illustrationFileId,
  hasPayPlugSecretKey: sql<boolean>`${agencies.payPlugSecretKey} is not null`,
  isFreeInvoicePaymentEnabled: agencies.isFreeInvoicePaymentEnabled,
  jobType: agencies.jobType,
  salesFigures: agencies.salesFigures,
  activities: agencies.activities,
  employeeAmount: agencies.employeeAmount,
  enteredNetworkAt: agencies.enteredNetworkAt,
};

function toSummary(row: Omit<AgencySummary, 'logoFilePath'>): AgencySummary {
  return { ...row, logoFilePath: filePath(row.logoFileId) };
}

/** An agency is the admin's when it is linked to them or they run it (agencies.adminId). */
function linkedToAdmin(db: DbOrTx, adminId: number | Placeholder): SQL | undefined {
  const linked = db.select({ agencyId: adminAgencies.agencyId }).from(adminAgencies).where(eq(adminAgencies.adminId, adminId));
  return or(inArray(agencies.id, linked), eq(agencies.adminId, adminId));
}

/**
 * What the agency list depends on besides its tables, for the read cache (lib/read-cache.ts): the
 * caller's scope and the filters. Kept beside the query, so that a new dependency is seen here.
 */
export function agencyListKey(principal: Principal, filters: AgencyFilters): string {
  const visible = visibleAgenciesTemplate(principal);
  const { adherentId, adminId, isActive } = filters;
  return `agencies:${visible.shape}:${JSON.stringify([visible.values, adherentId, adminId, isActive])}`;
}

/**
 * The agencies the caller may see, filtered, by name: one query, prepared once for each shape
 * (the caller's kind and the filters given); the ids are its placeholders.
 */
export async function listAgencies({ db, caller: principal }: RequestContext, filters: AgencyFilters): Promise<AgencySummary[]> {
  const visible = visibleAgenciesTemplate(principal);
  const byAdherent = filters.adherentId !== undefined;
  const byAdmin = filters.adminId !== undefined;
  const byActive = filters.isActive !== undefined;
  const name = `agencies_${visible.shape}${byAdherent ? '_adherent' : ''}${byAdmin ? '_admin' : ''}${byActive ? '_active' : ''}`;
  const query = preparedOnce(db, name, (handle, statement) =>
    handle
      .select(summaryColumns)
      .from(agencies)
      .where(
        and(
          visible.condition(handle),
          byAdherent ? eq(agencies.adherentId, sql.placeholder('adherentId')) : undefined,
          byAdmin ? linkedToAdmin(handle, sql.placeholder('adminId')) : undefined,
          byActive ? eq(agencies.isActive, sql.placeholder('isActive')) : undefined,
        ),
      )
      .orderBy(asc(agencies.name), asc(agencies.id))
      .prepare(statement),
  );
  const rows = await query.execute({ ...visible.values, ...filters });
  return rows.map(toSummary);
}

/** One agency with its contact and legal information, or null when the caller may not see it. */
export async function getAgency({ db, caller: principal }: RequestContext, agencyId: number): Promise<AgencyDetail | null> {
  const withSettings = mayReadAgencySettings(principal);
  const [row] = await db
    .select({ ...detailColumns, settings: settingsColumns })
    .from(agencies)
    .where(and(eq(agencies.id, agencyId), visibleAgencies(db, principal)));
  if (!row) return null;
  const { id, name, adherentId, adminId, isActive, city, postalCode, logoFileId } = row;
  return {
    ...(withSettings ? { settings: row.settings } : {}),
    ...toSummary({ id, name, adherentId, adminId, isActive, city, postalCode, logoFileId }),
    description: row.description,
    descriptionIntervention: row.descriptionIntervention,
    extranetAdvertisementFileId: row.extranetAdvertisementFileId,
    extranetAdvertisementFilePath: filePath(row.extranetAdvertisementFileId),
    pageTitle: row.pageTitle,
    pageDescription: row.pageDescription,
    pageIllustrationFileId: row.pageIllustrationFileId,
    pageLogosFiles: row.pageLogosFiles,
    publicAdvertisementFileId: row.publicAdvertisementFileId,
    agencyName: row.name,
    agencyAddress1: row.address1,
    agencyPostalCode: row.postalCode,
    agencyCity: row.city,
    agencyLatitude: row.latitude,
    agencyLongitude: row.longitude,
    infos: {
      name: row.name,
      address1: row.address1,
      address2: row.address2,
      postalCode: row.postalCode,
      city: row.city,
      latitude: row.latitude,
      longitude: row.longitude,
      openingHours: row.openingHours,
      phones: row.phones,
      emails: row.emails,
      socialLinks: row.socialLinks,
      sirenNumber: row.sirenNumber,
      legalOfficer: row.legalOfficer,
      businessName: row.businessName,
      generalTermsFileId: row.generalTermsFileId,
    },
  };
}
