import type { ImportItemType } from '@reseau/contracts';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';

/**
 * Set-based writes for the import: a chunk of rows travels as ONE jsonb parameter, unpacked by
 * `jsonb_to_recordset`, so a chunk of a thousand items costs a handful of statements whatever its
 * size, with the same SQL text every time (prepared once), on PostgreSQL and PGlite alike.
 */

type Row = Record<string, unknown>;

/** The column's name in the database: the schema names most columns by their key, in snake_case (db/client.ts). */
export const sqlName = (c: PgColumn) => (c.keyAsName ? toSnakeCase(c.name) : c.name);

/** The column of a table by its property name (the rows are written with drizzle's names). */
function column(table: PgTable, key: string): PgColumn {
  const column = getTableColumns(table)[key];
  if (!column) throw new Error(`no column ${key} in ${getTableConfig(table).name}`);
  return column as PgColumn;
}

/** `jsonb_to_recordset($1) as x(col type, …)` over `rows`, keyed by the table's property names. */
export function recordset(table: PgTable, keys: readonly string[], rows: readonly Row[]): SQL {
  const columns = keys.map((k) => column(table, k));
  const json = rows.map((r) => Object.fromEntries(keys.map((k, i) => [sqlName(columns[i]!), r[k] ?? null])));
  const defs = columns.map((c) => `"${sqlName(c)}" ${c.getSQLType()}`).join(', ');
  return sql`jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as x(${sql.raw(defs)})`;
}

/**
 * The rows of a raw statement. Both drivers answer `{ rows }` (node-postgres, and PGlite through
 * db/pglite-drizzle-client.ts); drizzle's shared type leaves it unknown.
 */
export async function rowsOf<T>(tx: Tx, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

const quoted = (table: PgTable) => `"${getTableConfig(table).name}"`;

/**
 * `n` ids of the table's identity, taken before the rows are written: the rows are then inserted
 * with their ids, and each item knows its row without relying on the order of RETURNING.
 */
export async function nextIds(tx: Tx, table: PgTable, n: number): Promise<number[]> {
  if (n === 0) return [];
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence(${getTableConfig(table).name}, 'id'))::int as id from generate_series(1, ${n}::int)`,
  );
  return rows.map((r) => Number(r.id));
}

/** Inserts rows that carry their `id` (from `nextIds`). */
export async function insertRows(tx: Tx, table: PgTable, keys: readonly string[], rows: readonly Row[]) {
  if (rows.length === 0) return;
  const all = ['id', ...keys];
  const names = all.map((k) => `"${sqlName(column(table, k))}"`).join(', ');
  await tx.execute(
    sql`insert into ${sql.raw(quoted(table))} (${sql.raw(names)}) overriding system value select ${sql.raw(names)} from ${recordset(table, all, rows)}`,
  );
}

/**
 * Updates rows by `id`. `keep` gives, for a column, an SQL expression over the current row (`t`)
 * and the sent one (`x`) to write instead of the sent value: what a customer decided stays theirs.
 */
export async function updateRows(
  tx: Tx,
  table: PgTable,
  keys: readonly string[],
  rows: readonly Row[],
  { keep = {}, where }: { keep?: Record<string, string>; where?: string } = {},
) {
  if (rows.length === 0) return;
  const set = keys.map((k) => {
    const name = sqlName(column(table, k));
    return `"${name}" = ${keep[k] ?? `x."${name}"`}`;
  });
  await tx.execute(
    sql`update ${sql.raw(quoted(table))} as t set ${sql.raw(set.join(', '))} from ${recordset(table, ['id', ...keys], rows)} where t.id = x.id${sql.raw(where ? ` and ${where}` : '')}`,
  );
}

// The references ----------------------------------------------------------------------------------

export interface StoredRef {
  entityId: number;
  contentHash: string;
}

/**
 * The stored references of `refs` of the agency's `type`. With `lock`, the chunk's own references
 * are locked in the order of their text: two batches that share references then take their turns
 * on them (the second waits for the first's commit) instead of updating the same rows at once,
 * and, locking in one order, never wait for each other in a cycle.
 */
export async function storedRefs(tx: Tx, agencyId: number, type: ImportItemType, refs: readonly string[], { lock = false } = {}) {
  const found = new Map<string, StoredRef>();
  if (refs.length === 0) return found;
  const rows = await rowsOf<{ external_ref: string; entity_id: number | null; content_hash: string }>(
    tx,
    sql`select r.external_ref, r.entity_id, r.content_hash from ${listOf(refs)} cross join lateral (
          select external_ref, entity_id, content_hash from import_refs
          where agency_id = ${agencyId} and type = ${type} and external_ref = l.v ${lock ? sql`for update` : sql``}) r`,
  );
  for (const r of rows) {
    // A reference is claimed with its row's id in the same transaction: never without it.
    if (r.entity_id === null) throw new Error(`import ref ${type} ${r.external_ref} without its row`);
    found.set(r.external_ref, { entityId: Number(r.entity_id), contentHash: r.content_hash });
  }
  return found;
}

/** The ids behind the agency's references of `type` (for the items that point at them). */
export async function idsOfRefs(tx: Tx, agencyId: number, type: ImportItemType, refs: Iterable<string>) {
  const stored = await storedRefs(tx, agencyId, type, [...new Set(refs)]);
  return new Map([...stored].map(([ref, s]) => [ref, s.entityId]));
}

/**
 * Claims new references with the ids their rows will have (unique key, ON CONFLICT DO NOTHING)
 * and answers those claimed. A reference another batch claims at the same moment makes this
 * statement wait for that batch's transaction, then it is not ours: the caller reads it back
 * and treats it as an existing reference, so one row is ever made per reference.
 */
export async function claimRefs(
  tx: Tx,
  agencyId: number,
  type: ImportItemType,
  claims: readonly { externalRef: string; entityId: number; contentHash: string }[],
): Promise<Set<string>> {
  if (claims.length === 0) return new Set();
  const rows = await rowsOf<{ external_ref: string }>(
    tx,
    sql`insert into import_refs (agency_id, type, external_ref, entity_id, content_hash)
        select ${agencyId}::int, ${type}::text, x.external_ref, x.entity_id, x.content_hash
        from jsonb_to_recordset(${JSON.stringify(claims.map((c) => ({ external_ref: c.externalRef, entity_id: c.entityId, content_hash: c.contentHash })))}::jsonb)
          as x(external_ref text, entity_id integer, content_hash text)
        order by x.external_ref
        on conflict do nothing
        returning external_ref`,
  );
  return new Set(rows.map((r) => r.external_ref));
}

/** Stores the new content hashes of updated references. */
export async function rehashRefs(
  tx: Tx,
  agencyId: number,
  type: ImportItemType,
  updates: readonly { externalRef: string; contentHash: string }[],
) {
  if (updates.length === 0) return;
  await tx.execute(
    sql`update import_refs as r set content_hash = x.content_hash, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(updates.map((u) => ({ external_ref: u.externalRef, content_hash: u.contentHash })))}::jsonb)
          as x(external_ref text, content_hash text)
        where r.agency_id = ${agencyId} and r.type = ${type} and r.external_ref = x.external_ref`,
  );
}

/**
 * A list sent as one jsonb parameter, as the rows `l(v)`, distinct and in order. Lookups go
 * `from ${listOf(values)} cross join lateral (select … where key = l.v)`: one index probe per
 * value whatever the table's statistics say. (`key in (select …)` let the planner, trusting
 * the statistics of a table not analysed since it was filled, read every row of the agency for
 * each chunk: 2 s a chunk at 15 000 references, in the import bench.)
 */
export const listOf = (values: Iterable<string> | Iterable<number>, type: 'text' | 'int' = 'text') =>
  sql`(select distinct (jsonb_array_elements_text(${JSON.stringify([...new Set(values as Iterable<unknown>)])}::jsonb))::${sql.raw(type)} as v order by 1) as l`;
