export { createSearchKeys, SEARCH_KEY_TTL_SECONDS, type SearchKeySession, type SearchKeys } from './key.js';
export { createPostgresSearchIndex, visibleTo } from './postgres.js';
export type { SearchEntry, SearchHit, SearchIndex, SearchQuery, SearchScope } from './search-index.js';
