import type {
  NetworkActuality,
  NetworkActualityCategory,
  NetworkActualityList,
  NetworkActualityListQuery,
} from '@reseau/contracts';
import { and, asc, desc, eq, exists, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AdminPrincipal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { files, networkActualities, networkActualityCategories, networkActualityReads } from '../../db/schema/index.js';
import { likePattern } from '../../lib/like-pattern.js';
import { pageCount, pageOffset } from '../../lib/paging.js';
import type { StaffContext } from '../../lib/request-context.js';
import { readableNews } from './policy.js';

/** `%`, `_` and `\` typed by the user are searched as such, not as patterns. */

/**
 * The content's text without its tags (a search for "p" must not find every paragraph), spaces
 * collapsed so that "pompe à chaleur" finds "<strong>pompe</strong> à chaleur".
 */
const contentText = sql`regexp_replace(regexp_replace(${networkActualities.content}, '<[^>]*>', ' ', 'g'), '\\s+', ' ', 'g')`;

const readByCaller = (adminId: number) =>
  exists(
    sql`(select 1 from ${networkActualityReads} where ${networkActualityReads.networkActualityId} = ${networkActualities.id} and ${networkActualityReads.adminId} = ${adminId})`,
  );

/** The attached files in their order, each with its file's name (shown on its download button). */
const namedJoinedFiles = sql<{ fileId: number; fileName: string }[]>`coalesce((
  select jsonb_agg(jsonb_build_object('fileId', (ref.value ->> 'fileId')::int, 'fileName', coalesce(${files.fileName}, '')) order by ref.ordinality)
  from jsonb_array_elements(${networkActualities.joinedFiles}) with ordinality as ref
  left join ${files} on ${files.id} = (ref.value ->> 'fileId')::int
), '[]'::jsonb)`;

const columns = (adminId: number) => ({
  id: networkActualities.id,
  title: networkActualities.title,
  content: networkActualities.content,
  categoryId: networkActualities.categoryId,
  categoryCode: networkActualityCategories.code,
  publicationDate: networkActualities.publicationDate,
  illustrationFiles: networkActualities.illustrationFiles,
  joinedFiles: namedJoinedFiles,
  isPublic: networkActualities.isPublic,
  isRead: readByCaller(adminId).mapWith(Boolean),
});

type Row = {
  id: number;
  title: string;
  content: string;
  categoryId: number;
  categoryCode: string;
  publicationDate: Date;
  illustrationFiles: { fileId: number }[];
  joinedFiles: { fileId: number; fileName: string }[];
  isPublic: number;
  isRead: boolean;
};

/** The presenter: only the contract's fields leave the server. */
function present(row: Row): NetworkActuality {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    categoryId: row.categoryId,
    category: { id: row.categoryId, code: row.categoryCode },
    publicationDate: row.publicationDate.toISOString(),
    illustrationFiles: row.illustrationFiles.map(({ fileId }) => ({ fileId })),
    joinedFiles: row.joinedFiles.map(({ fileId, fileName }) => ({ fileId, fileName })),
    isPublic: row.isPublic === 1 ? 1 : 0,
    isRead: row.isRead,
  };
}

/** The news the caller may read, filtered, newest first: one query for the page, one for the count. */
export async function listNetworkActualities(
  { db, caller: admin }: StaffContext,
  query: NetworkActualityListQuery,
): Promise<NetworkActualityList> {
  const search = query.search ? likePattern(query.search) : undefined;
  const where: SQL | undefined = and(
    readableNews(admin),
    query.isPublic === undefined ? undefined : eq(networkActualities.isPublic, query.isPublic),
    query.categoryId === undefined ? undefined : eq(networkActualities.categoryId, query.categoryId),
    search === undefined ? undefined : or(ilike(networkActualities.title, search), sql`${contentText} ilike ${search}`),
  );
  const rows = await db
    .select(columns(admin.adminId))
    .from(networkActualities)
    .innerJoin(networkActualityCategories, eq(networkActualityCategories.id, networkActualities.categoryId))
    .where(where)
    .orderBy(desc(networkActualities.publicationDate), desc(networkActualities.id))
    .limit(query.pageSize)
    .offset(pageOffset(query));
  const total = await db.$count(networkActualities, where);
  return { networkActualities: rows.map(present), pageCount: pageCount(total, query) };
}

/** One news item, or null when it does not exist or the caller may not read it. */
export async function getNetworkActuality({ db, caller: admin }: StaffContext, id: number): Promise<NetworkActuality | null> {
  const [row] = await db
    .select(columns(admin.adminId))
    .from(networkActualities)
    .innerJoin(networkActualityCategories, eq(networkActualityCategories.id, networkActualities.categoryId))
    .where(and(eq(networkActualities.id, id), readableNews(admin)));
  return row ? present(row) : null;
}

export async function listNetworkActualityCategories(db: DbOrTx): Promise<NetworkActualityCategory[]> {
  return db
    .select({ id: networkActualityCategories.id, code: networkActualityCategories.code })
    .from(networkActualityCategories)
    .orderBy(asc(networkActualityCategories.id));
}

async function mayRead(db: DbOrTx, admin: AdminPrincipal, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: networkActualities.id })
    .from(networkActualities)
    .where(and(eq(networkActualities.id, id), readableNews(admin)));
  return rows.length > 0;
}

/**
 * Marks a news item read for the caller; false when they may not read it. The pair's key makes
 * a second mark (or two at once) harmless.
 */
export async function markNetworkActualityRead({ db, caller: admin }: StaffContext, id: number): Promise<boolean> {
  if (!(await mayRead(db, admin, id))) return false;
  await db.insert(networkActualityReads).values({ networkActualityId: id, adminId: admin.adminId }).onConflictDoNothing();
  return true;
}

/** Removes the caller's read mark (none is fine); false when they may not read the news item. */
export async function markNetworkActualityUnread({ db, caller: admin }: StaffContext, id: number): Promise<boolean> {
  if (!(await mayRead(db, admin, id))) return false;
  await db
    .delete(networkActualityReads)
    .where(and(eq(networkActualityReads.networkActualityId, id), eq(networkActualityReads.adminId, admin.adminId)));
  return true;
}
