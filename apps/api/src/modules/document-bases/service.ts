import {
  DOCUMENT_BASES,
  type DocumentBase,
  type DocumentBaseItem,
  type DocumentBaseItemCategory,
  type DocumentBaseItemList,
  type DocumentBaseItemListQuery,
  type DocumentBaseItemType,
} from '@reseau/contracts';
import { and, asc, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import { documentBaseItemCategories, documentBaseItems, documentBaseItemTypes } from '../../db/schema/index.js';
import { likePattern } from '../../lib/like-pattern.js';
import { pageCount, pageOffset } from '../../lib/paging.js';
import type { StaffContext } from '../../lib/request-context.js';
import { assertMayReadBase, readableBaseIds, readableItems } from './policy.js';

/** `%`, `_` and `\` typed by the user are searched as such, not as patterns. */

const columns = {
  id: documentBaseItems.id,
  documentBaseId: documentBaseItems.documentBaseId,
  title: documentBaseItems.title,
  categoryId: documentBaseItems.categoryId,
  typeId: documentBaseItems.typeId,
  shortDescription: documentBaseItems.shortDescription,
  content: documentBaseItems.content,
  isPublic: documentBaseItems.isPublic,
  illustrationFiles: documentBaseItems.illustrationFiles,
  joinedFiles: documentBaseItems.joinedFiles,
  lastEditionDate: documentBaseItems.lastEditionDate,
};
type Row = Omit<DocumentBaseItem, 'lastEditionDate' | 'illustrationFiles' | 'joinedFiles'> & {
  illustrationFiles: { fileId: number; fileName: string }[];
  joinedFiles: { fileId: number; fileName: string }[];
  lastEditionDate: Date;
};

const files = (list: { fileId: number; fileName: string }[]) => list.map(({ fileId, fileName }) => ({ fileId, fileName }));

/** The presenter: only the contract's fields leave the server. */
function present(row: Row): DocumentBaseItem {
  return {
    ...row,
    illustrationFiles: files(row.illustrationFiles),
    joinedFiles: files(row.joinedFiles),
    lastEditionDate: row.lastEditionDate.toISOString(),
  };
}

/** GET /document-bases: the bases the caller reads, in the spec's order. */
export function listDocumentBases({ caller: admin }: StaffContext): DocumentBase[] {
  const readable = new Set(readableBaseIds(admin));
  return DOCUMENT_BASES.filter((b) => readable.has(b.id)).map(({ id, name, regionId }) => ({ id, name, regionId }));
}

/**
 * A readable base's documents, filtered, newest edition first: one query for the page, one for the
 * count. A base the caller may not read is not found.
 */
export async function listDocumentBaseItems(
  { db, caller: admin }: StaffContext,
  query: DocumentBaseItemListQuery,
): Promise<DocumentBaseItemList> {
  assertMayReadBase(admin, query.documentBaseId);
  const where: SQL | undefined = and(
    eq(documentBaseItems.documentBaseId, query.documentBaseId),
    readableItems(admin),
    query.isPublic === undefined ? undefined : eq(documentBaseItems.isPublic, query.isPublic),
    query.categoryId === undefined ? undefined : eq(documentBaseItems.categoryId, query.categoryId),
    query.typeId === undefined ? undefined : eq(documentBaseItems.typeId, query.typeId),
    query.search ? ilike(documentBaseItems.searchText, likePattern(query.search)) : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select(columns)
      .from(documentBaseItems)
      .where(where)
      .orderBy(desc(documentBaseItems.lastEditionDate), desc(documentBaseItems.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.$count(documentBaseItems, where),
  ]);
  return { documentBaseItems: rows.map(present), pageCount: pageCount(total, query) };
}

/** One document, or null when it does not exist or the caller may not read it. */
export async function getDocumentBaseItem({ db, caller: admin }: StaffContext, id: number): Promise<DocumentBaseItem | null> {
  const [row] = await db
    .select(columns)
    .from(documentBaseItems)
    .where(and(eq(documentBaseItems.id, id), readableItems(admin)));
  return row ? present(row) : null;
}

/** The categories of a base the caller reads, by name; a base the caller may not read is not found. */
export async function listDocumentBaseItemCategories(
  { db, caller: admin }: StaffContext,
  documentBaseId: number,
): Promise<DocumentBaseItemCategory[]> {
  assertMayReadBase(admin, documentBaseId);
  return db
    .select({ id: documentBaseItemCategories.id, name: documentBaseItemCategories.name })
    .from(documentBaseItemCategories)
    .where(eq(documentBaseItemCategories.documentBaseId, documentBaseId))
    .orderBy(asc(documentBaseItemCategories.name), asc(documentBaseItemCategories.id));
}

/** The types of a category, or null when the category is unknown or of a base the caller does not read. */
export async function listDocumentBaseItemTypes(
  { db, caller: admin }: StaffContext,
  categoryId: number,
): Promise<DocumentBaseItemType[] | null> {
  const [category] = await db
    .select({ id: documentBaseItemCategories.id })
    .from(documentBaseItemCategories)
    .where(
      and(
        eq(documentBaseItemCategories.id, categoryId),
        inArray(documentBaseItemCategories.documentBaseId, readableBaseIds(admin)),
      ),
    );
  if (!category) return null;
  return db
    .select({ id: documentBaseItemTypes.id, name: documentBaseItemTypes.name })
    .from(documentBaseItemTypes)
    .where(eq(documentBaseItemTypes.categoryId, categoryId))
    .orderBy(asc(documentBaseItemTypes.name), asc(documentBaseItemTypes.id));
}
