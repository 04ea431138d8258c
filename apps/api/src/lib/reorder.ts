import { type NotFoundSubject, REORDER_MESSAGES } from '@reseau/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { CasingCache } from 'drizzle-orm/casing';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import { errors } from './errors.js';

// The database's column names, as db/client.ts opens it (`casing: 'snake_case'`): SET takes a bare name.
const columnNames = new CasingCache('snake_case');

/** A table ordered by an integer `sort_order` column, e.g. `{ table: admins, id: admins.id, sortOrder: admins.sortOrder }`. */
export interface SortedTable {
  table: PgTable;
  id: PgColumn;
  sortOrder: PgColumn;
}

export interface ReorderMove {
  movedId: number;
  /** The row the moved one goes right after; 0 puts it first (spec 01 §7). */
  newPrecedingId: number;
  /** Limits the list being ordered (one equipment type's prestations…); absent: the whole table. */
  scope?: SQL;
  /** The request's field names, for the per-field messages of `validation_failed`. */
  fields: { moved: string; preceding: string };
  /** What the 404 names when the moved row is not in the list (`NOT_FOUND_SUBJECTS.networkAdmin`). */
  what?: NotFoundSubject;
}

/**
 * Moves one row of an ordered list right after another (spec 01 §7's `:reorder` calls), then
 * numbers the list 1…n again, which also mends gaps and ties left by inserts.
 *
 * The whole list is locked (`FOR UPDATE`, in id order so that two callers never wait on each
 * other crosswise) before it is read: a second reorder of the same list waits for the first to
 * commit and then starts from the order it left, so concurrent moves are applied one after the
 * other instead of both renumbering from the same stale read. On PGlite the transaction holds the
 * only connection, which serialises them the same way.
 *
 * Runs in its own transaction, or in the caller's when given one (`tx`).
 */
export async function moveAfter(db: DbOrTx, target: SortedTable, move: ReorderMove): Promise<void> {
  const { movedId, newPrecedingId, scope, fields } = move;
  if (movedId === newPrecedingId) throw errors.validation({ [fields.preceding]: [REORDER_MESSAGES.self] });

  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: target.id, sortOrder: target.sortOrder })
      .from(target.table)
      .where(scope)
      .orderBy(target.id)
      .for('update');
    // The lock waited for any other reorder: these are the values it committed.
    const order = (rows as { id: number; sortOrder: number }[])
      .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
      .map((row) => row.id);

    const from = order.indexOf(movedId);
    if (from === -1) throw errors.notFound(move.what);
    order.splice(from, 1);
    const at = newPrecedingId === 0 ? 0 : order.indexOf(newPrecedingId) + 1;
    if (at === 0 && newPrecedingId !== 0) throw errors.validation({ [fields.preceding]: [REORDER_MESSAGES.foreign] });
    order.splice(at, 0, movedId);

    // One statement renumbers the list; rows already at their place are not rewritten.
    const sortOrder = sql.identifier(columnNames.getColumnCasing(target.sortOrder));
    await tx.execute(sql`
      update ${target.table} set ${sortOrder} = v.position
      from unnest(${sql.param(order)}::int[]) with ordinality as v(id, position)
      where ${target.id} = v.id and ${target.sortOrder} is distinct from v.position`);
  });
}
