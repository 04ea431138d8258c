import {
  AGENCY_MESSAGES,
  AGENCY_PAGE_FILE_TYPES,
  type agencyCreateBody,
  type agencyInfosBody,
  type agencyUpdateBody,
  googleMyBusinessUrlOf,
  hasRichTextContent,
  MESSAGES,
  NOT_FOUND_SUBJECTS,
  notFoundMessage,
} from '@reseau/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminPrincipal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { adherents, agencies } from '../../db/schema/index.js';
import { audit } from '../../kernel/audit.js';
import { checkAttachedFiles } from '../../kernel/files/attached-files.js';
import { checkRichTextImages } from '../../kernel/files/rich-text-images.js';
import { errors } from '../../lib/errors.js';
import type { StaffContext } from '../../lib/request-context.js';
import { richTextImageFileIds, sanitizeRichText } from '../../lib/rich-text.js';
import { assertMayActForAdherent } from '../adherents/policy.js';
import { stateUnchangedUnlessAllowed, writableAgency } from './policy.js';

type UpdateInput = z.output<typeof agencyUpdateBody>;
type CreateInput = z.output<typeof agencyCreateBody>;
type InfosInput = z.output<typeof agencyInfosBody>;

/** Opening hours are text only: the my-agency editor takes no image. */
const NO_IMAGE_MESSAGE = "Aucune image n'est acceptée dans ce champ.";

function actor(admin: AdminPrincipal) {
  return {
    actorAdminId: admin.impersonatedBy ?? admin.adminId,
    impersonatedAdminId: admin.impersonatedBy ? admin.adminId : null,
  };
}

async function checkAgencyFiles(db: DbOrTx, admin: AdminPrincipal, body: UpdateInput) {
  await checkAttachedFiles(db, admin, {
    logoFileId: { fileId: body.logoFileId, fileTypeIds: [2] },
    illustrationFileId: { fileId: body.illustrationFileId, fileTypeIds: [3] },
    extranetAdvertisementFileId: { fileId: body.extranetAdvertisementFileId, fileTypeIds: [18] },
    pageIllustrationFileId: { fileId: body.pageIllustrationFileId, fileTypeIds: [AGENCY_PAGE_FILE_TYPES.illustration] },
    pageLogosFiles: { fileIds: (body.pageLogosFiles ?? []).map((l) => l.fileId), fileTypeIds: [AGENCY_PAGE_FILE_TYPES.logo] },
    publicAdvertisementFileId: {
      fileId: body.publicAdvertisementFileId,
      fileTypeIds: [AGENCY_PAGE_FILE_TYPES.advertisement],
    },
  });
}

/**
 * The agency page's columns that the body carries (absent ones are left as stored): the
 * description sanitized, its images checked and kept beside it for FILE_HOLDERS.
 */
async function pageColumns(db: DbOrTx, admin: AdminPrincipal, body: UpdateInput) {
  const { pageTitle, pageDescription, pageIllustrationFileId, pageLogosFiles, publicAdvertisementFileId } = body;
  const sent = Object.entries({ pageTitle, pageIllustrationFileId, pageLogosFiles, publicAdvertisementFileId }).filter(
    ([, value]) => value !== undefined,
  );
  const columns: Partial<typeof agencies.$inferInsert> = Object.fromEntries(sent);
  if (pageDescription !== undefined) {
    columns.pageDescription = sanitizeRichText(pageDescription);
    // The sanitizer may leave nothing of a text that only held refused markup.
    if (!hasRichTextContent(columns.pageDescription)) throw errors.validation({ pageDescription: [MESSAGES.required] });
    columns.pageDescriptionImages = await checkRichTextImages(db, admin, { pageDescription: columns.pageDescription });
  }
  return columns;
}

/**
 * The agency form's columns; the PayPlug key and the state only when sent (absent keeps the stored
 * ones). The listing's url follows its id: the form shows it, nobody types it.
 */
function agencyColumns(body: UpdateInput) {
  const {
    payPlugSecretKey,
    isActive,
    agencyName,
    agencyAddress1,
    agencyPostalCode,
    agencyCity,
    agencyLatitude,
    agencyLongitude,
    pageTitle: _title,
    pageDescription: _description,
    pageIllustrationFileId: _illustration,
    pageLogosFiles: _logos,
    publicAdvertisementFileId: _advertisement,
    ...rest
  } = body;
  return {
    ...rest,
    googleMyBusinessUrl: googleMyBusinessUrlOf(rest.googleMyBusinessId),
    ...(payPlugSecretKey === undefined ? {} : { payPlugSecretKey }),
    ...(isActive === undefined ? {} : { isActive }),
    // Spec 01 §3's place fields: the columns my agency edits too; absent keeps them.
    ...(agencyAddress1 === undefined ? {} : { address1: agencyAddress1 }),
    ...(agencyPostalCode === undefined ? {} : { postalCode: agencyPostalCode }),
    ...(agencyCity === undefined ? {} : { city: agencyCity }),
    ...(agencyLatitude === undefined ? {} : { latitude: agencyLatitude }),
    ...(agencyLongitude === undefined ? {} : { longitude: agencyLongitude }),
  };
}

/** `agencyName` (spec 01 §3) is the agency's `name` under another key: both, when sent, say the same. */
function assertOneName(body: UpdateInput) {
  if (body.agencyName !== undefined && body.agencyName !== body.name)
    throw errors.validation({ agencyName: [AGENCY_MESSAGES.agencyNameDiffers] });
}

/** POST /agencies: a network administrator adds an agency to an adherent. */
export async function createAgency({ db, caller: admin, ip }: StaffContext, body: CreateInput): Promise<{ id: number }> {
  // Only network roles hold adherents_administration; an adherent-level holder stays in its adherent.
  assertMayActForAdherent(admin, body.adherentId);
  assertOneName(body);
  const [adherent] = await db.select({ id: adherents.id }).from(adherents).where(eq(adherents.id, body.adherentId));
  if (!adherent) throw errors.validation({ adherentId: [notFoundMessage(NOT_FOUND_SUBJECTS.adherent)] });
  await checkAgencyFiles(db, admin, body);
  const page = await pageColumns(db, admin, body);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(agencies)
      .values({ ...agencyColumns(body), ...page, adherentId: body.adherentId })
      .returning({ id: agencies.id });
    await audit(tx, { action: 'agency.created', ...actor(admin), entity: 'agency', entityId: row!.id, ip });
    return { id: row!.id };
  });
}

/**
 * PUT /agencies/{id}: the agency form (name, descriptions, Google, links, payment, figures) and,
 * when sent, the agency page's fields (the page screen sends both; the agency form may omit the page).
 */
export async function updateAgency({ db, caller: admin, ip }: StaffContext, agencyId: number, body: UpdateInput) {
  assertOneName(body);
  await checkAgencyFiles(db, admin, body);
  const page = await pageColumns(db, admin, body);
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(agencies)
      .set({ ...agencyColumns(body), ...page })
      .where(and(writableAgency(admin, agencyId), stateUnchangedUnlessAllowed(admin, body.isActive)))
      .returning({ id: agencies.id });
    if (changed.length === 0) {
      const [writable] = await tx.select({ id: agencies.id }).from(agencies).where(writableAgency(admin, agencyId));
      throw writable ? errors.forbidden() : errors.notFound(NOT_FOUND_SUBJECTS.agency);
    }
    const details = {
      payPlugSecretKeyChanged: body.payPlugSecretKey !== undefined,
      isActive: body.isActive,
      pageChanged: Object.keys(page).length > 0,
    };
    await audit(tx, { action: 'agency.updated', ...actor(admin), entity: 'agency', entityId: agencyId, details, ip });
  });
}

/** PUT /agencies/{id}/infos: my agency's contact, "contact us" and legal sections. */
export async function updateAgencyInfos({ db, caller: admin, ip }: StaffContext, agencyId: number, body: InfosInput) {
  const openingHours = sanitizeRichText(body.openingHours);
  if (richTextImageFileIds(openingHours).length > 0) throw errors.validation({ openingHours: [NO_IMAGE_MESSAGE] });
  await checkAttachedFiles(db, admin, { generalTermsFileId: { fileId: body.generalTermsFileId, fileTypeIds: [16] } });
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(agencies)
      .set({ ...body, openingHours })
      .where(writableAgency(admin, agencyId))
      .returning({ id: agencies.id });
    if (changed.length === 0) throw errors.notFound(NOT_FOUND_SUBJECTS.agency);
    await audit(tx, { action: 'agency.infos_updated', ...actor(admin), entity: 'agency', entityId: agencyId, ip });
  });
}
