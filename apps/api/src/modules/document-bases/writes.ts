import {
  DOCUMENT_BASE_ITEM_ILLUSTRATION_FILE_TYPE,
  DOCUMENT_BASE_ITEM_JOINED_FILE_TYPE,
  DOCUMENT_BASE_MESSAGES,
  type DocumentBaseItemBody,
  NOT_FOUND_SUBJECTS,
} from '@reseau/contracts';
import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { AdminPrincipal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import {
  admins,
  documentBaseItemCategories,
  documentBaseItems,
  documentBaseItemTypes,
  files,
  notifications,
} from '../../db/schema/index.js';
import type { SearchEntry } from '../../integrations/search/index.js';
import { audit, auditActor } from '../../kernel/audit.js';
import { checkAttachedFiles } from '../../kernel/files/attached-files.js';
import { checkRichTextImages } from '../../kernel/files/rich-text-images.js';
import { notify } from '../../kernel/notify.js';
import { errors } from '../../lib/errors.js';
import type { StaffContext } from '../../lib/request-context.js';
import { richTextToPlain, sanitizeRichText } from '../../lib/rich-text.js';
import { baseOf, readableItems, readersOf, searchPermissionOf, writableBaseIds } from './policy.js';

type Values = Awaited<ReturnType<typeof checkedValues>>;

/** The base must be one the caller writes to: an unknown one is a field error, another one a refusal. */
function checkBase(admin: AdminPrincipal, documentBaseId: number) {
  if (!baseOf(documentBaseId)) throw errors.validation({ documentBaseId: [DOCUMENT_BASE_MESSAGES.unknownBase] });
  if (!writableBaseIds(admin).includes(documentBaseId)) throw errors.forbidden();
}

/** The category belongs to the base; the type, when the category has types, is one of them (required then). */
async function checkCategoryAndType(db: DbOrTx, body: DocumentBaseItemBody) {
  const [category] = await db
    .select({ id: documentBaseItemCategories.id })
    .from(documentBaseItemCategories)
    .where(
      and(eq(documentBaseItemCategories.id, body.categoryId), eq(documentBaseItemCategories.documentBaseId, body.documentBaseId)),
    );
  if (!category) throw errors.validation({ categoryId: [DOCUMENT_BASE_MESSAGES.categoryNotInBase] });
  const types = await db
    .select({ id: documentBaseItemTypes.id })
    .from(documentBaseItemTypes)
    .where(eq(documentBaseItemTypes.categoryId, body.categoryId));
  if (body.typeId === null) {
    if (types.length > 0) throw errors.validation({ typeId: [DOCUMENT_BASE_MESSAGES.typeRequired] });
  } else if (!types.some((t) => t.id === body.typeId)) {
    throw errors.validation({ typeId: [DOCUMENT_BASE_MESSAGES.typeNotInCategory] });
  }
}

/**
 * The stored fields of a write, checked: the base writable, category and type consistent, the
 * content sanitized and without images (illustrations are the document's images), each file an
 * upload of the right type the writer may read; file names are kept for the download buttons.
 */
async function checkedValues(db: DbOrTx, admin: AdminPrincipal, body: DocumentBaseItemBody) {
  checkBase(admin, body.documentBaseId);
  await checkCategoryAndType(db, body);
  const content = sanitizeRichText(body.content);
  if ((await checkRichTextImages(db, admin, { content })).length > 0) {
    throw errors.validation({ content: [DOCUMENT_BASE_MESSAGES.noImageInContent] });
  }
  const illustrationIds = body.illustrationFiles.map((f) => f.fileId);
  const joinedIds = body.joinedFiles.map((f) => f.fileId);
  await checkAttachedFiles(
    db,
    admin,
    {
      illustrationFiles: { fileIds: illustrationIds, fileTypeIds: [DOCUMENT_BASE_ITEM_ILLUSTRATION_FILE_TYPE] },
      joinedFiles: { fileIds: joinedIds, fileTypeIds: [DOCUMENT_BASE_ITEM_JOINED_FILE_TYPE] },
    },
    DOCUMENT_BASE_MESSAGES.fileNotFound,
  );
  const all = [...illustrationIds, ...joinedIds];
  const named = all.length
    ? await db.select({ id: files.id, fileName: files.fileName }).from(files).where(inArray(files.id, all))
    : [];
  const nameOf = new Map(named.map((f) => [f.id, f.fileName]));
  const refs = (ids: number[]) => [...new Set(ids)].map((fileId) => ({ fileId, fileName: nameOf.get(fileId) ?? '' }));
  const plain = richTextToPlain(content);
  return {
    documentBaseId: body.documentBaseId,
    categoryId: body.categoryId,
    typeId: body.typeId,
    title: body.title,
    shortDescription: body.shortDescription,
    content,
    searchText: `${body.title} ${body.shortDescription} ${plain}`,
    isPublic: body.isPublic,
    illustrationFiles: refs(illustrationIds),
    joinedFiles: refs(joinedIds),
  };
}

/**
 * A document's entry of the global search: hidden from roles 5, 6 and 8 unless public, and from
 * other regions' users when its base is regional. Base 2's permission has no column in the index
 * yet (docs/decisions.md).
 */
export function documentSearchEntry(
  id: number,
  values: Pick<Values, 'documentBaseId' | 'title' | 'shortDescription' | 'content' | 'isPublic'>,
): SearchEntry {
  return {
    entityType: 'document_base_item',
    entityId: id,
    title: values.title,
    body: `${values.shortDescription} ${richTextToPlain(values.content)}`,
    url: `/intranet/doc-base/${values.documentBaseId}/${id}`,
    isPublic: values.isPublic,
    agencyId: null,
    adherentId: null,
    regionId: baseOf(values.documentBaseId)?.regionId ?? null,
    readPermission: searchPermissionOf(values.documentBaseId),
  };
}

/** The NEW_DOCUMENT notifications that point at a document. */
const notificationsOf = (id: number) =>
  and(eq(notifications.type, 'NEW_DOCUMENT'), sql`${notifications.data}->>'documentBaseItemId' = ${String(id)}`);

const notificationData = (id: number, values: Values) => ({
  documentBaseId: values.documentBaseId,
  documentBaseName: baseOf(values.documentBaseId)?.name ?? '',
  documentBaseItemId: id,
  documentBaseItemTitle: values.title,
});

/** Writes that reach a row: readable by the caller and in a base they write to. */
const writableRow = (admin: AdminPrincipal, id: number) =>
  and(eq(documentBaseItems.id, id), readableItems(admin), inArray(documentBaseItems.documentBaseId, writableBaseIds(admin)));

/** A write that reached no row: a document the caller reads but may not change is refused, another not found. */
async function missed(db: DbOrTx, admin: AdminPrincipal, id: number): Promise<never> {
  const [seen] = await db
    .select({ id: documentBaseItems.id })
    .from(documentBaseItems)
    .where(and(eq(documentBaseItems.id, id), readableItems(admin)));
  throw seen ? errors.forbidden() : errors.notFound(NOT_FOUND_SUBJECTS.documentBaseItem);
}

/**
 * Creates a document, indexes it for the global search and tells each of its readers but the
 * writer (NEW_DOCUMENT), in one transaction.
 */
export async function createDocumentBaseItem(
  { db, deps: { search }, caller: admin, ip }: StaffContext,
  body: DocumentBaseItemBody,
) {
  const values = await checkedValues(db, admin, body);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(documentBaseItems)
      .values({ ...values, authorId: admin.adminId })
      .returning({ id: documentBaseItems.id });
    const id = row!.id;
    await search.index(documentSearchEntry(id, values), tx);
    const readers = await tx
      .select({ id: admins.id })
      .from(admins)
      .where(and(readersOf(values.documentBaseId, values.isPublic), ne(admins.id, admin.adminId)));
    await notify(
      tx,
      readers.map((r) => r.id),
      'NEW_DOCUMENT',
      notificationData(id, values),
    );
    await audit(tx, {
      action: 'document_base_item.created',
      ...auditActor(admin),
      entity: 'document_base_item',
      entityId: id,
      ip,
    });
    return { id };
  });
}

/**
 * Rewrites a document (its last edition date becomes now) and its search entry. Its
 * notifications follow it: they carry its new title and base, and whoever may no longer read it
 * (now for adherents only, or moved to another base) no longer holds one.
 */
export async function updateDocumentBaseItem(
  { db, deps: { search }, caller: admin, ip }: StaffContext,
  id: number,
  body: DocumentBaseItemBody,
): Promise<void> {
  const values = await checkedValues(db, admin, body);
  const updated = await db.transaction(async (tx) => {
    const rows = await tx
      .update(documentBaseItems)
      .set({ ...values, lastEditionDate: new Date() })
      .where(writableRow(admin, id))
      .returning({ id: documentBaseItems.id });
    if (rows.length === 0) return false;
    await search.index(documentSearchEntry(id, values), tx);
    const readers = tx.select({ id: admins.id }).from(admins).where(readersOf(values.documentBaseId, values.isPublic));
    await tx.delete(notifications).where(and(notificationsOf(id), notInArray(notifications.adminId, readers)));
    await tx
      .update(notifications)
      .set({ data: sql`${notifications.data} || ${JSON.stringify(notificationData(id, values))}::jsonb` })
      .where(notificationsOf(id));
    await audit(tx, {
      action: 'document_base_item.updated',
      ...auditActor(admin),
      entity: 'document_base_item',
      entityId: id,
      ip,
    });
    return true;
  });
  if (!updated) await missed(db, admin, id);
}

/** Deletes a document, its notifications and its search entry. */
export async function deleteDocumentBaseItem({ db, deps: { search }, caller: admin, ip }: StaffContext, id: number) {
  const deleted = await db.transaction(async (tx) => {
    const rows = await tx.delete(documentBaseItems).where(writableRow(admin, id)).returning({ id: documentBaseItems.id });
    if (rows.length === 0) return false;
    // Its notifications and search entry would lead nowhere.
    await tx.delete(notifications).where(notificationsOf(id));
    await search.remove('document_base_item', id, tx);
    await audit(tx, {
      action: 'document_base_item.deleted',
      ...auditActor(admin),
      entity: 'document_base_item',
      entityId: id,
      ip,
    });
    return true;
  });
  if (!deleted) await missed(db, admin, id);
}
