import { z } from 'zod';
import { MESSAGES } from '../constants/messages.js';
import {
  NETWORK_ACTUALITIES_PAGE_SIZE,
  NETWORK_ACTUALITY_MAX_ILLUSTRATIONS,
  NETWORK_ACTUALITY_MAX_JOINED_FILES,
  NETWORK_ACTUALITY_MESSAGES,
  NETWORK_ACTUALITY_RECEIVERS,
  NETWORK_ACTUALITY_SEARCH_MAX,
  NETWORK_ACTUALITY_TITLE_MAX,
} from '../constants/network-actualities.js';
import { bodyId, idParam as id, idParams, pageFields, refId } from './primitives.js';
import { requiredRichTextField } from './rich-text.js';

const receivers = z.union([
  z.literal(NETWORK_ACTUALITY_RECEIVERS.onlyAdherents),
  z.literal(NETWORK_ACTUALITY_RECEIVERS.everyone),
]);

/** `isPublic` in a query: the spec's 0 / 1 (true / false are read the same way). */
const queryReceivers = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) =>
    v === '1' || v === 'true' ? NETWORK_ACTUALITY_RECEIVERS.everyone : NETWORK_ACTUALITY_RECEIVERS.onlyAdherents,
  );

/** GET /network-actualities: text search (title or content contains, case-insensitive), receivers, category, page. */
export const networkActualityListQuery = z.object({
  search: z.string().trim().max(NETWORK_ACTUALITY_SEARCH_MAX).optional(),
  isPublic: queryReceivers.optional(),
  categoryId: id.optional(),
  ...pageFields(NETWORK_ACTUALITIES_PAGE_SIZE),
});
export type NetworkActualityListQuery = z.infer<typeof networkActualityListQuery>;

export const networkActualityParams = idParams;

export const networkActualityCategory = z.object({ id: z.number().int(), code: z.string() });
export type NetworkActualityCategory = z.infer<typeof networkActualityCategory>;
export const networkActualityCategoryList = z.object({ categories: z.array(networkActualityCategory) });

export const fileRef = z.object({ fileId: z.number().int() });

/** A news item as the list and the detail send it; `isRead` is the caller's own mark. */
export const networkActuality = z.object({
  id: z.number().int(),
  title: z.string(),
  /** HTML, sanitized when written. */
  content: z.string().optional(),
  categoryId: z.number().int(),
  category: networkActualityCategory,
  /** ISO 8601 instant. */
  publicationDate: z.string(),
  illustrationFiles: z.array(fileRef),
  /** Each with its file's name (what its download button says). */
  joinedFiles: z.array(fileRef.extend({ fileName: z.string() })),
  isPublic: receivers,
  isRead: z.boolean(),
});
export type NetworkActuality = z.infer<typeof networkActuality>;
export const networkActualityList = z.object({ networkActualities: z.array(networkActuality), pageCount: z.number().int() });
export type NetworkActualityList = z.infer<typeof networkActualityList>;

/** POST /network-actualities-read: the caller marks a news item read for themself. */
export const networkActualityReadBody = z.object({
  networkActualityId: refId,
  adminId: refId,
});
export type NetworkActualityReadBody = z.infer<typeof networkActualityReadBody>;

const fileRefs = (max: number, message: string) => z.array(z.object({ fileId: refId })).max(max, message);

/**
 * POST /network-actualities and PUT /network-actualities/{id} (spec 01 §7): the files are uploaded
 * first (types 9 and 10), then the news item is saved with their ids. `content` is sanitized by the API.
 */
export const networkActualityBody = z.object({
  title: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(NETWORK_ACTUALITY_TITLE_MAX, MESSAGES.tooLong),
  content: requiredRichTextField(),
  illustrationFiles: fileRefs(NETWORK_ACTUALITY_MAX_ILLUSTRATIONS, NETWORK_ACTUALITY_MESSAGES.tooManyIllustrations),
  joinedFiles: fileRefs(NETWORK_ACTUALITY_MAX_JOINED_FILES, NETWORK_ACTUALITY_MESSAGES.tooManyJoinedFiles),
  isPublic: z.union([z.literal(0), z.literal(1)], { error: MESSAGES.required }),
  categoryId: bodyId,
});
export type NetworkActualityBody = z.infer<typeof networkActualityBody>;

/** The edit screen's fields: the category and the receivers are held as text by their selects. */
export const networkActualityForm = networkActualityBody.extend({
  isPublic: z.enum(['0', '1'], { error: MESSAGES.required }),
  categoryId: z.string().regex(/^\d+$/, MESSAGES.required),
});
export type NetworkActualityForm = z.infer<typeof networkActualityForm>;

/** What a create answers: the new item's id. */
export const networkActualityCreated = z.object({ id: z.number().int() });
