import { z } from 'zod';
import {
  NETWORK_ACTUALITIES_PAGE_SIZE,
  NETWORK_ACTUALITY_RECEIVERS,
  NETWORK_ACTUALITY_SEARCH_MAX,
} from '../constants/network-actualities.js';
import { MAX_PAGE_SIZE } from '../constants/pagination.js';

const id = z.coerce.number().int().positive().max(2_147_483_647);
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
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(NETWORK_ACTUALITIES_PAGE_SIZE),
});
export type NetworkActualityListQuery = z.infer<typeof networkActualityListQuery>;

export const networkActualityParams = z.object({ id });

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
  joinedFiles: z.array(fileRef),
  isPublic: receivers,
  isRead: z.boolean(),
});
export type NetworkActuality = z.infer<typeof networkActuality>;
export const networkActualityList = z.object({ networkActualities: z.array(networkActuality), pageCount: z.number().int() });
export type NetworkActualityList = z.infer<typeof networkActualityList>;

/** POST /network-actualities-read: the caller marks a news item read for themself. */
export const networkActualityReadBody = z.object({
  networkActualityId: z.number().int().positive().max(2_147_483_647),
  adminId: z.number().int().positive().max(2_147_483_647),
});
export type NetworkActualityReadBody = z.infer<typeof networkActualityReadBody>;
