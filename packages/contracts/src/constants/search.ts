/**
 * The entities of the global search (spec 02 §7) and the 2-letter prefix of their hits' meta id
 * ("NA-12"): the search page tells a hit's type by it, as it would with a hosted index whose
 * document ids must be unique across types.
 */
export const SEARCHABLE_TYPES = [
  'network_actuality',
  'document_base_item',
  'forum_thread',
  'forum_post',
  'spare_part_announcement',
  'job_offer',
] as const;
export type SearchableType = (typeof SEARCHABLE_TYPES)[number];
export const SEARCHABLE_TYPE_PREFIXES: Record<SearchableType, string> = {
  network_actuality: 'NA',
  document_base_item: 'DB',
  forum_thread: 'FT',
  forum_post: 'FP',
  spare_part_announcement: 'SP',
  job_offer: 'JO',
};

/** A hit's meta id: its type's prefix and the entity's id. */
export const searchMetaId = (entityType: SearchableType, entityId: number) =>
  `${SEARCHABLE_TYPE_PREFIXES[entityType]}-${entityId}`;

/** Hits per page of GET /searchables (spec 02 §9: 20, with load-more). */
export const SEARCH_PAGE_SIZE = 20;
/**
 * Hits a search yields at most, as a hosted index caps them (Meilisearch's `maxTotalHits`): the
 * most recently indexed matches, ranked by relevance. It keeps a search's cost bounded however
 * common its words are (ARCHITECTURE.md: p95 under 30 ms with 100 000 searchables).
 */
export const SEARCH_MAX_HITS = 200;
/** The header that carries the search key of GET /searchables:get-api-key (never the URL: logs, history). */
export const SEARCH_KEY_HEADER = 'x-search-key';
