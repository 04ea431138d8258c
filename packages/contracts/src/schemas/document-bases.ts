import { z } from 'zod';
import {
  DOCUMENT_BASE_ITEM_MAX_ILLUSTRATIONS,
  DOCUMENT_BASE_ITEM_MAX_JOINED_FILES,
  DOCUMENT_BASE_ITEM_SEARCH_MAX,
  DOCUMENT_BASE_ITEM_SHORT_DESCRIPTION_MAX,
  DOCUMENT_BASE_ITEM_TITLE_MAX,
  DOCUMENT_BASE_ITEMS_PAGE_SIZE,
  DOCUMENT_BASE_MESSAGES,
} from '../constants/document-bases.js';
import { MESSAGES } from '../constants/messages.js';
import { bodyId, idParam as id, idParams, pageFields, refId } from './primitives.js';
import { requiredRichTextField } from './rich-text.js';

/** `isPublic` in a query: true / false, or the spec's receivers 1 / 0. */
const queryIsPublic = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

export const documentBase = z.object({ id: z.number().int(), name: z.string(), regionId: z.number().int().nullable() });
export type DocumentBase = z.infer<typeof documentBase>;
/** GET /document-bases: only the bases the caller may read. */
export const documentBaseList = z.object({ documentBases: z.array(documentBase) });

export const documentBaseItemCategory = z.object({ id: z.number().int(), name: z.string() });
export type DocumentBaseItemCategory = z.infer<typeof documentBaseItemCategory>;
export const documentBaseItemCategoriesQuery = z.object({ documentBaseId: id });
export const documentBaseItemCategoryList = z.object({ documentBaseItemCategories: z.array(documentBaseItemCategory) });

export const documentBaseItemType = z.object({ id: z.number().int(), name: z.string() });
export type DocumentBaseItemType = z.infer<typeof documentBaseItemType>;
export const documentBaseItemTypesQuery = z.object({ categoryId: id });
export const documentBaseItemTypeList = z.object({ documentBaseItemTypes: z.array(documentBaseItemType) });

/** GET /document-base-items (spec 02 §7): base, category, type, text search, receivers, page of 12. */
export const documentBaseItemListQuery = z.object({
  documentBaseId: id,
  categoryId: id.optional(),
  typeId: id.optional(),
  search: z.string().trim().max(DOCUMENT_BASE_ITEM_SEARCH_MAX).optional(),
  isPublic: queryIsPublic.optional(),
  ...pageFields(DOCUMENT_BASE_ITEMS_PAGE_SIZE),
});
export type DocumentBaseItemListQuery = z.infer<typeof documentBaseItemListQuery>;

export const documentBaseItemParams = idParams;

/** A file a document holds; the name is the uploaded one, shown on the download button. */
export const documentBaseItemFile = z.object({ fileId: z.number().int(), fileName: z.string() });

/** A document as the list and the detail send it (spec 02 §3). */
export const documentBaseItem = z.object({
  id: z.number().int(),
  documentBaseId: z.number().int(),
  title: z.string(),
  categoryId: z.number().int(),
  typeId: z.number().int().nullable(),
  shortDescription: z.string(),
  /** HTML, sanitized when written. */
  content: z.string(),
  isPublic: z.boolean(),
  illustrationFiles: z.array(documentBaseItemFile),
  joinedFiles: z.array(documentBaseItemFile),
  /** ISO 8601 instant of the last create or update. */
  lastEditionDate: z.string(),
});
export type DocumentBaseItem = z.infer<typeof documentBaseItem>;
export const documentBaseItemList = z.object({ documentBaseItems: z.array(documentBaseItem), pageCount: z.number().int() });
export type DocumentBaseItemList = z.infer<typeof documentBaseItemList>;

const fileRefs = (max: number, message: string) => z.array(z.object({ fileId: refId })).max(max, message);

/**
 * POST /document-base-items and PUT /document-base-items/{id}: files are uploaded first (types 7
 * and 8), then the document is saved with their ids. `content` is sanitized by the API. `typeId`
 * is required when the category has types (checked by the API, which knows the category).
 */
export const documentBaseItemBody = z.object({
  documentBaseId: bodyId,
  title: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(DOCUMENT_BASE_ITEM_TITLE_MAX, MESSAGES.tooLong),
  shortDescription: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(DOCUMENT_BASE_ITEM_SHORT_DESCRIPTION_MAX, MESSAGES.tooLong),
  content: requiredRichTextField(),
  categoryId: bodyId,
  typeId: bodyId.nullable().default(null),
  isPublic: z.boolean({ error: MESSAGES.required }),
  illustrationFiles: fileRefs(DOCUMENT_BASE_ITEM_MAX_ILLUSTRATIONS, DOCUMENT_BASE_MESSAGES.tooManyIllustrations),
  joinedFiles: fileRefs(DOCUMENT_BASE_ITEM_MAX_JOINED_FILES, DOCUMENT_BASE_MESSAGES.tooManyJoinedFiles),
});
export type DocumentBaseItemBody = z.infer<typeof documentBaseItemBody>;

/**
 * The edit screen's fields: category, type and receivers are held as text by their select and
 * radio ('' when not chosen; the type is checked against the category's types by the screen).
 */
export const documentBaseItemForm = documentBaseItemBody.omit({ documentBaseId: true }).extend({
  categoryId: z.string().regex(/^\d+$/, MESSAGES.required),
  typeId: z.string().regex(/^\d*$/),
  isPublic: z.enum(['false', 'true'], { error: MESSAGES.required }),
});
export type DocumentBaseItemForm = z.infer<typeof documentBaseItemForm>;

export const documentBaseItemCreated = z.object({ id: z.number().int() });
