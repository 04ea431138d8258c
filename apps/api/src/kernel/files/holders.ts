import { type AnyColumn, and, eq, exists, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Principal } from '../../auth/principal.js';

/** Who may read: a condition on the holder's row for this caller (`false`: nobody, `true`: anyone). */
export type FileReaders = (caller: Principal | null) => SQL | boolean;

/**
 * One entity that keeps file ids (ARCHITECTURE.md: download rights follow the holding entity).
 * `fileTypeIds` says what its columns are meant to hold (upload types, spec 00); it documents the
 * table and is not checked on download. A holder that `decidesAlone` (a customer's documents)
 * overrules every other: the uploader of a file later put on a contract does not keep reading it.
 * The columns also keep their files alive: a file no entry holds is deleted a day after it was
 * made (modules/files/unheld-sweep.ts), so a column missing here loses its files.
 *
 * The domain that owns the rows declares its holder, with its own read rule; the files module
 * assembles the list (modules/files/holders-table.ts) and app.ts registers it here, so that the
 * kernel decides downloads without importing any domain.
 */
export interface FileHolder {
  entity: string;
  table: PgTable;
  fileColumns: readonly AnyColumn[];
  /** jsonb columns holding a list of `{ fileId }`. */
  fileListColumns?: readonly AnyColumn[];
  fileTypeIds: readonly number[];
  readers: FileReaders;
  decidesAlone?: true;
  /** A customer's document: each download by staff is written to the audit log (issue 27 §4). */
  auditStaffReads?: true;
  /** The agency of a holding row (an SQL expression over the holder's table), kept with that audit entry. */
  auditAgency?: SQL | AnyColumn;
}

let registered: readonly FileHolder[] | null = null;

/** Declares every holder of file ids (app.ts, once per app built: the same list each time). */
export function registerFileHolders(holders: readonly FileHolder[]): void {
  registered = holders;
}

/** The registered holders; none registered is a wiring mistake, never "nobody holds anything". */
function fileHolders(): readonly FileHolder[] {
  if (registered === null) throw new Error('no file holder registered: app.ts calls registerFileHolders(FILE_HOLDERS)');
  return registered;
}

/** The holder's rows that hold this file. */
function holding(holder: FileHolder, fileId: number): SQL {
  return or(
    ...holder.fileColumns.map((column) => eq(column, fileId)),
    ...(holder.fileListColumns ?? []).map((column) => sql`${column} @> ${JSON.stringify([{ fileId }])}::jsonb`),
  ) as SQL;
}

/** Some row of the holder holds the file (and, with `readable`, this caller may read that row). */
function anyRow(holder: FileHolder, fileId: number, readers?: SQL | boolean): SQL {
  if (readers === false) return sql`false`;
  const where = readers === undefined || readers === true ? holding(holder, fileId) : and(holding(holder, fileId), readers);
  return exists(sql`(select 1 from ${holder.table} where ${where})`);
}

/**
 * Whether the caller may read the file, as one SQL boolean over every registered holder: the
 * holders that decide alone when one of them holds the file, otherwise any holder.
 */
export function mayReadFileCondition(caller: Principal | null, fileId: number): SQL {
  const holders = fileHolders();
  const alone = holders.filter((h) => h.decidesAlone);
  const others = holders.filter((h) => !h.decidesAlone);
  const readableBy = (list: readonly FileHolder[]) =>
    sql.join(
      list.map((h) => anyRow(h, fileId, h.readers(caller))),
      sql` or `,
    );
  const heldAlone = sql.join(
    alone.map((h) => anyRow(h, fileId)),
    sql` or `,
  );
  return sql`(case when (${heldAlone}) then (${readableBy(alone)}) else (${readableBy(others)}) end)`;
}

/**
 * The entity of the first holder whose staff reads are audited that holds the file (a customer's
 * document), or null: read with the file, so that the download writes its audit entry.
 */
export function auditedHolderOf(caller: Principal | null, fileId: number): SQL<string | null> {
  const audited = fileHolders().filter((h) => h.auditStaffReads);
  if (caller?.kind !== 'admin' || audited.length === 0) return sql<string | null>`null::text`;
  const cases = sql.join(
    audited.map((h) => sql`when ${anyRow(h, fileId)} then ${h.entity}`),
    sql` `,
  );
  return sql<string | null>`(case ${cases} else null end)`;
}

/** The agency of the audited holder's row that holds the file (its director reads the entry), or null. */
export function auditedAgencyOf(caller: Principal | null, fileId: number): SQL<number | null> {
  const audited = fileHolders().filter((h) => h.auditStaffReads && h.auditAgency);
  if (caller?.kind !== 'admin' || audited.length === 0) return sql<number | null>`null::int`;
  const agencies = audited.map((h) => sql`(select ${h.auditAgency} from ${h.table} where ${holding(h, fileId)} limit 1)`);
  return sql<number | null>`coalesce(${sql.join(agencies, sql`, `)})`;
}
