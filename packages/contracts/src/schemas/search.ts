import { z } from 'zod';
import { SEARCH_KEY_HEADER, SEARCH_PAGE_SIZE, SEARCHABLE_TYPES } from '../constants/search.js';
import { pageFields } from './primitives.js';

/** GET /searchables:get-api-key (spec 02 §7): a short-lived key scoped to what the caller may read. */
export const searchApiKey = z.object({ apiKey: z.string(), expiresAt: z.string() });
export type SearchApiKey = z.infer<typeof searchApiKey>;

/** GET /searchables?query=&pageNumber= (spec 02 §7): the global search, 20 hits per page. */
export const searchablesQuery = z.object({
  query: z.string().trim().min(1, 'Saisissez un terme à rechercher.').max(200),
  ...pageFields(SEARCH_PAGE_SIZE),
});
export type SearchablesQuery = z.input<typeof searchablesQuery>;
/** The key travels in a header, so that it never sits in a URL (logs, proxies, history). */
export const searchablesHeaders = z.looseObject({ [SEARCH_KEY_HEADER]: z.string().max(4096).optional() });

export const searchHit = z.object({
  /** The 2-letter type prefix and the entity's id, e.g. "NA-12" (constants/search.ts). */
  metaId: z.string(),
  entityType: z.enum(SEARCHABLE_TYPES),
  entityId: z.number().int(),
  title: z.string(),
  /** In-app path of the hit. */
  url: z.string(),
  /** HTML: the body's extract, escaped, with the matched words in <b>. */
  snippet: z.string(),
});
export type SearchHit = z.infer<typeof searchHit>;
export const searchablesList = z.object({
  searchables: z.array(searchHit),
  /** Matches, counted up to SEARCH_MAX_HITS (a search yields no more hits than that). */
  totalCount: z.number().int(),
  pageCount: z.number().int(),
});
export type SearchablesList = z.infer<typeof searchablesList>;
