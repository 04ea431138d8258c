import { SEARCH_MAX_HITS, type SearchableType, searchMetaId } from '@reseau/contracts';
import { and, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { searchables } from '../../db/schema/index.js';
import { HEADLINE_FRAGMENTS, HEADLINE_START, HEADLINE_STOP, headlineOnWords } from './headline.js';
import type { SearchIndex, SearchScope } from './search-index.js';

// ts_headline does not escape the text around the matches: it marks them with two private-use
// characters, and the whole snippet is escaped before they become <b> and </b>. Its fragments are
// then brought back to whole words, with an ellipsis where text is left out (headline.ts).
const START = HEADLINE_START;
const STOP = HEADLINE_STOP;
const HEADLINE_OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxWords=30, MinWords=10, MaxFragments=2, FragmentDelimiter=${HEADLINE_FRAGMENTS}`;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function toHtml(headline: string): string {
  return headline
    .replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c)
    .replaceAll(START, '<b>')
    .replaceAll(STOP, '</b>');
}

/** Entries with the column unset, or set to one of the scope's values (null: every value). */
function within(
  column: typeof searchables.agencyId | typeof searchables.adherentId | typeof searchables.regionId,
  allowed: number[] | null,
): SQL | undefined {
  if (allowed === null) return undefined;
  return allowed.length === 0 ? isNull(column) : or(isNull(column), inArray(column, allowed));
}

/** The rows a scope may read: the visibility rule of db/schema/search.ts, in SQL. */
export function visibleTo(scope: SearchScope): SQL | undefined {
  return and(
    scope.includePrivate ? undefined : eq(searchables.isPublic, true),
    within(searchables.agencyId, scope.agencyIds),
    within(searchables.adherentId, scope.adherentIds),
    within(searchables.regionId, scope.regionIds),
    scope.permissions?.length
      ? or(isNull(searchables.readPermission), inArray(searchables.readPermission, scope.permissions))
      : isNull(searchables.readPermission),
  );
}

/**
 * French full-text search in PostgreSQL (or PGlite): `websearch_to_tsquery` over the unaccented
 * query against the generated, GIN-indexed `search_vector`. The hits are the SEARCH_MAX_HITS
 * most recent matches (as a hosted index caps its hits), ranked with `ts_rank`. Snippets use the
 * `french_unaccent` configuration so that the original accented words are highlighted.
 */
export function createPostgresSearchIndex(defaultDb: Db): SearchIndex {
  return {
    async index(entry, db: DbOrTx = defaultDb) {
      const values = { ...entry, readPermission: entry.readPermission ?? null, updatedAt: new Date() };
      // One statement, so that concurrent index calls for one entity leave exactly one row.
      await db
        .insert(searchables)
        .values(values)
        .onConflictDoUpdate({
          target: [searchables.entityType, searchables.entityId],
          set: {
            title: values.title,
            body: values.body,
            url: values.url,
            isPublic: values.isPublic,
            agencyId: values.agencyId,
            adherentId: values.adherentId,
            regionId: values.regionId,
            readPermission: values.readPermission,
            updatedAt: values.updatedAt,
          },
        });
    },

    async remove(entityType, entityId, db: DbOrTx = defaultDb) {
      await db.delete(searchables).where(and(eq(searchables.entityType, entityType), eq(searchables.entityId, entityId)));
    },

    async search({ text, scope, limit, offset }) {
      const query = sql`websearch_to_tsquery('french', public.immutable_unaccent(${text}))`;
      // The hits: the SEARCH_MAX_HITS most recently indexed matches the scope may read. However
      // common the words, this reads a bounded number of rows (newest first through
      // searchables_recent_idx, or through the GIN index when matches are few), where ranking
      // and counting every match made a frequent word cost a scan of the whole table.
      const hits = () =>
        defaultDb
          .select({ id: searchables.id, searchVector: searchables.searchVector })
          .from(searchables)
          .where(and(sql`${searchables.searchVector} @@ ${query}`, visibleTo(scope)))
          .orderBy(desc(searchables.updatedAt), desc(searchables.id))
          .limit(SEARCH_MAX_HITS)
          .as('hits');
      // Rank them and choose the page; snippets (costly) are built for the page's rows only.
      const all = hits();
      const rank = sql<number>`ts_rank(${all.searchVector}, ${query})`;
      const page = defaultDb
        .select({ id: all.id, rank: rank.as('rank'), totalCount: sql<number>`(count(*) over ())::int`.as('total_count') })
        .from(all)
        .orderBy(desc(rank), all.id)
        .limit(limit)
        .offset(offset)
        .as('page');
      const rows = await defaultDb
        .select({
          entityType: searchables.entityType,
          entityId: searchables.entityId,
          title: searchables.title,
          url: searchables.url,
          body: searchables.body,
          snippet: sql<string>`ts_headline('public.french_unaccent', ${searchables.body}, ${query}, ${HEADLINE_OPTIONS})`,
          totalCount: page.totalCount,
        })
        .from(page)
        .innerJoin(searchables, eq(searchables.id, page.id))
        .orderBy(desc(page.rank), page.id);
      // Past the last page the window count is gone with the rows: count on its own then.
      let totalCount = rows[0]?.totalCount ?? 0;
      if (rows.length === 0 && offset > 0) {
        const [row] = await defaultDb.select({ n: sql<number>`count(*)::int` }).from(hits());
        totalCount = row?.n ?? 0;
      }
      return {
        hits: rows.map(({ totalCount: _, snippet, body, entityType, ...hit }) => {
          // Written by index() from a SearchEntry, so always one of the types.
          const type = entityType as SearchableType;
          return {
            ...hit,
            entityType: type,
            metaId: searchMetaId(type, hit.entityId),
            snippet: toHtml(headlineOnWords(body, snippet)),
          };
        }),
        totalCount,
      };
    },
  };
}
