import {
  AGENCY_PAGE_CONTENT_ILLUSTRATION_FILE_TYPE,
  AGENCY_PAGE_CONTENT_MESSAGES,
  type AgencyPageContent,
  type AgencyPageContentValues,
  NOT_FOUND_SUBJECTS,
} from '@reseau/contracts';
import { asc, eq, isNull } from 'drizzle-orm';
import type { AdminPrincipal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { agencies, agencyPageContents } from '../../db/schema/index.js';
import { audit, auditActor } from '../../kernel/audit.js';
import { checkAttachedFiles } from '../../kernel/files/attached-files.js';
import { checkRichTextImages } from '../../kernel/files/rich-text-images.js';
import { errors } from '../../lib/errors.js';
import type { StaffContext } from '../../lib/request-context.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { assertMayManageContents } from './policy.js';

const columns = {
  id: agencyPageContents.id,
  title: agencyPageContents.title,
  videoUrl: agencyPageContents.videoUrl,
  content: agencyPageContents.content,
  illustrationFileId: agencyPageContents.illustrationFileId,
  agencyId: agencyPageContents.agencyId,
  isActive: agencyPageContents.isActive,
};

const notFound = () => errors.notFound(NOT_FOUND_SUBJECTS.agencyPageContent);

/** An agency's contents, or the network-wide ones (`agencyId` undefined), in creation order. */
export async function listAgencyPageContents(
  { db, caller: admin }: StaffContext,
  agencyId?: number,
): Promise<AgencyPageContent[]> {
  assertMayManageContents(admin, agencyId ?? null);
  return db
    .select(columns)
    .from(agencyPageContents)
    .where(agencyId === undefined ? isNull(agencyPageContents.agencyId) : eq(agencyPageContents.agencyId, agencyId))
    .orderBy(asc(agencyPageContents.id));
}

/** One content the caller manages; another agency's is simply not found. */
export async function getAgencyPageContent({ db, caller: admin }: StaffContext, id: number): Promise<AgencyPageContent> {
  const [row] = await db.select(columns).from(agencyPageContents).where(eq(agencyPageContents.id, id));
  if (!row) throw notFound();
  assertMayManageContents(admin, row.agencyId, notFound);
  return row;
}

/** The stored fields, checked: text sanitized, its images and the illustration readable by the writer. */
async function checkedValues(db: DbOrTx, admin: AdminPrincipal, body: AgencyPageContentValues) {
  const content = sanitizeRichText(body.content);
  const contentImages = await checkRichTextImages(db, admin, { content });
  await checkAttachedFiles(
    db,
    admin,
    {
      illustrationFileId: {
        fileIds: body.illustrationFileId === null ? [] : [body.illustrationFileId],
        fileTypeIds: [AGENCY_PAGE_CONTENT_ILLUSTRATION_FILE_TYPE],
      },
    },
    AGENCY_PAGE_CONTENT_MESSAGES.fileNotFound,
  );
  return {
    title: body.title,
    videoUrl: body.videoUrl,
    content,
    contentImages,
    illustrationFileId: body.illustrationFileId,
    isActive: body.isActive,
  };
}

export async function createAgencyPageContent({ db, caller: admin, ip }: StaffContext, body: AgencyPageContentValues) {
  assertMayManageContents(admin, body.agencyId);
  if (body.agencyId !== null) {
    const [agency] = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, body.agencyId));
    if (!agency) throw errors.validation({ agencyId: [AGENCY_PAGE_CONTENT_MESSAGES.unknownAgency] });
  }
  const values = await checkedValues(db, admin, body);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(agencyPageContents)
      .values({ ...values, agencyId: body.agencyId })
      .returning({ id: agencyPageContents.id });
    const id = row!.id;
    await audit(tx, {
      action: 'agency_page_content.created',
      ...auditActor(admin),
      entity: 'agency_page_content',
      entityId: id,
      ip,
    });
    return { id };
  });
}

/**
 * Rewrites a content. It stays with its agency (or network-wide): an `agencyId` other than the
 * stored one is refused, so that nobody moves a content to a page they do not manage.
 */
export async function updateAgencyPageContent(ctx: StaffContext, id: number, body: AgencyPageContentValues): Promise<void> {
  const { db, caller: admin, ip } = ctx;
  const stored = await getAgencyPageContent(ctx, id);
  if (body.agencyId !== stored.agencyId) throw errors.validation({ agencyId: [AGENCY_PAGE_CONTENT_MESSAGES.agencyFixed] });
  const values = await checkedValues(db, admin, body);
  await db.transaction(async (tx) => {
    await tx
      .update(agencyPageContents)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(agencyPageContents.id, id));
    await audit(tx, {
      action: 'agency_page_content.updated',
      ...auditActor(admin),
      entity: 'agency_page_content',
      entityId: id,
      ip,
    });
  });
}

export async function deleteAgencyPageContent(ctx: StaffContext, id: number): Promise<void> {
  const { db, caller: admin, ip } = ctx;
  await getAgencyPageContent(ctx, id);
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(agencyPageContents)
      .where(eq(agencyPageContents.id, id))
      .returning({ id: agencyPageContents.id });
    if (deleted.length === 0) throw notFound();
    await audit(tx, {
      action: 'agency_page_content.deleted',
      ...auditActor(admin),
      entity: 'agency_page_content',
      entityId: id,
      ip,
    });
  });
}
