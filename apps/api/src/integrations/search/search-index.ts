import type { SearchableType } from '@reseau/contracts';
import type { DbOrTx } from '../../db/client.js';

/** What a searchable entity gives the index (one row per entity; see db/schema/search.ts). */
export interface SearchEntry {
  /** e.g. network_actuality, document_base_item, forum_thread, spare_part_announcement, job_offer. */
  entityType: SearchableType;
  entityId: number;
  title: string;
  /** Plain text: strip rich text before indexing. */
  body: string;
  /** In-app path the hit opens. */
  url: string;
  /** False: hidden from callers that only see public content. */
  isPublic: boolean;
  /** Each one, when set, restricts the entry to callers whose scope holds it; null: no restriction. */
  agencyId: number | null;
  adherentId: number | null;
  regionId: number | null;
  /** When set, restricts the entry to callers holding this permission code (forums, spec 00 §6); null: no restriction. */
  readPermission?: string | null;
}

/**
 * What a caller may read, carried inside the signed search key. For each list, `null` means
 * every value (network roles); a list restricts the entries whose column is set to those values.
 */
export interface SearchScope {
  includePrivate: boolean;
  agencyIds: number[] | null;
  adherentIds: number[] | null;
  regionIds: number[] | null;
  /** The permission codes that open entries with a `readPermission`; absent: none (fails closed). */
  permissions?: string[];
}

export interface SearchHit {
  /** The type's 2-letter prefix and the entity's id, e.g. "NA-12" (see searchMetaId). */
  metaId: string;
  entityType: SearchableType;
  entityId: number;
  title: string;
  url: string;
  /** An extract of the body with the matched words in <b>…</b>, the rest HTML-escaped. */
  snippet: string;
}

export interface SearchQuery {
  text: string;
  scope: SearchScope;
  limit: number;
  offset: number;
}

/**
 * The search index every searchable entity writes through from its own service. The PostgreSQL
 * implementation (postgres.ts) is the default; a Meilisearch adapter can implement the same
 * interface past one machine (it would ignore `db`, which lets the PostgreSQL one write in the
 * entity's own transaction so that the index never disagrees with a rolled-back change).
 */
export interface SearchIndex {
  /** Adds or replaces the entry of (entityType, entityId). */
  index(entry: SearchEntry, db?: DbOrTx): Promise<void>;
  /** Removes the entry, if any. */
  remove(entityType: SearchableType, entityId: number, db?: DbOrTx): Promise<void>;
  /** The page of hits, best first, and how many hits the search yields (SEARCH_MAX_HITS at most). */
  search(query: SearchQuery): Promise<{ hits: SearchHit[]; totalCount: number }>;
}
