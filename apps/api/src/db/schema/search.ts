import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The global search index (ARCHITECTURE.md "search"): one row per searchable entity, written
 * through by the entity's own service (integrations/search). The visibility columns say who may
 * read a row; each is checked only when set:
 * - `isPublic`: false hides the row from callers limited to public content (roles 5, 6, 8);
 * - `agencyId`, `adherentId`, `regionId`: when set, only callers whose scope holds that agency,
 *   adherent or region see the row (network roles see every one). Null means "not restricted".
 * - `readPermission`: when set, only callers holding that permission code see the row.
 * `searchVector` is computed by PostgreSQL: title weighted A, body B, French stemming over the
 * unaccented text, so "chaudiere" finds "chaudières". `immutable_unaccent` is created by
 * migration 0005 (unaccent() itself is only STABLE, which a generated column refuses).
 */
export const searchables = pgTable(
  'searchables',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** e.g. network_actuality, document_base_item, forum_thread, spare_part_announcement, job_offer. */
    entityType: text().notNull(),
    entityId: integer().notNull(),
    title: text().notNull(),
    /** Plain text (rich text is stripped by the caller before indexing). */
    body: text().notNull().default(''),
    /** The in-app path a hit opens, e.g. /intranet/news/12. */
    url: text().notNull(),
    isPublic: boolean().notNull().default(false),
    agencyId: integer(),
    adherentId: integer(),
    regionId: integer(),
    /** When set, only callers holding this permission code see the row (a forum's reading permission). */
    readPermission: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector()
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('french'::regconfig, public.immutable_unaccent(title)), 'A') || setweight(to_tsvector('french'::regconfig, public.immutable_unaccent(body)), 'B')`,
      ),
  },
  (t) => [
    uniqueIndex('searchables_entity_uq').on(t.entityType, t.entityId),
    // No pending list: with `fastupdate` (the default) new rows wait in a list that every search
    // reads through until a vacuum merges it; PGlite never vacuums on its own.
    index('searchables_vector_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    // A search's hits are its most recent matches: read backwards, newest first, it stops after enough.
    index('searchables_recent_idx').on(t.updatedAt, t.id),
  ],
);
