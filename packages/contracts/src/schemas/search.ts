import { z } from 'zod';
import { pageQuery } from './pagination.js';

/** GET /searchables:get-api-key (spec 02 §7): a short-lived key scoped to what the caller may read. */
export const searchApiKey = z.object({ apiKey: z.string(), expiresAt: z.string() });
export type SearchApiKey = z.infer<typeof searchApiKey>;

/** GET /searchables: the global search, 20 hits per page (spec 02 §7). */
export const searchablesQuery = pageQuery.extend({
  q: z.string().trim().min(1, 'Saisissez un terme à rechercher.').max(200),
  key: z.string().min(1).max(4096),
});
export const searchHit = z.object({
  entityType: z.string(),
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
  totalCount: z.number().int(),
  pageCount: z.number().int(),
});
export type SearchablesList = z.infer<typeof searchablesList>;
