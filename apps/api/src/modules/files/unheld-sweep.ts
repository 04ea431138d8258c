import { FILE_PREVIEW_WIDTHS, PREVIEWABLE_MIME_TYPES } from '@reseau/contracts';
import { type AnyColumn, and, asc, gt, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import { files, signatureDocuments } from '../../db/schema/index.js';
import { previewKey } from '../../kernel/files/preview.js';
import { deleteQueuedKeys, queueStorageDeletion } from '../../kernel/files/storage-deletion.js';
import { FILE_HOLDERS } from './holders-table.js';

/** How long a file nothing holds is kept: its form uploads it first and is saved later (spec 01). */
export const UNHELD_FILE_KEPT_MS = 24 * 3_600_000;
export const UNHELD_SWEEP_INTERVAL_MS = 3_600_000;
/** Rows deleted by one statement: a large backlog never makes one long statement. */
export const UNHELD_SWEEP_BATCH = 500;

/**
 * Lists of files that are not download holders (they give nobody a right to read) but whose
 * files must stay: a signature document's PDFs (`[{ pdfFileId }]`), read again by its sends.
 */
const OTHER_FILE_LISTS: readonly { table: PgTable; column: AnyColumn; key: string }[] = [
  { table: signatureDocuments, column: signatureDocuments.pdfFiles, key: 'pdfFileId' },
];

/** No row of `table` names the file in `column`. */
const notInColumn = (table: PgTable, column: AnyColumn) => sql`not exists (select 1 from ${table} where ${column} = ${files.id})`;

/**
 * No row of `table` lists the file in the jsonb list `column` (`[{ [key]: id }]`). Compared as
 * text: an element whose id is not a number cannot fail the run's cast.
 */
const notInList = (table: PgTable, column: AnyColumn, key: string) =>
  sql`not exists (select 1 from ${table} cross join lateral jsonb_array_elements(${column}) as element where element ->> ${key}::text = ${files.id}::text)`;

/**
 * "Nothing holds this file", built from FILE_HOLDERS (every column of every entry but the
 * uploader's own) and OTHER_FILE_LISTS: a holder added there is covered here without a change.
 * One `not exists` per column, joined by `and`, so that the planner turns each into an anti-join.
 */
export function unheldCondition(): SQL {
  const conditions = [
    ...FILE_HOLDERS.filter((holder) => holder.entity !== 'upload').flatMap((holder) => [
      ...holder.fileColumns.map((column) => notInColumn(holder.table, column)),
      ...(holder.fileListColumns ?? []).map((column) => notInList(holder.table, column, 'fileId')),
    ]),
    ...OTHER_FILE_LISTS.map(({ table, column, key }) => notInList(table, column, key)),
  ];
  return and(...conditions) as SQL;
}

interface SweptFile {
  id: number;
  storageKey: string;
  mimeType: string;
}

/**
 * Deletes up to `size` files made before `before` that nothing holds, with ids above `afterId`.
 * One statement: the condition and the deletion see the same snapshot, so a file attached by a
 * write committed before it started is kept. (A write committing while the statement runs is
 * not seen: a column with a foreign key to files then fails the statement, and the file stays
 * for the next run; a column without one would keep an id that answers 404. That needs a form
 * saved in the same instant with a file uploaded more than a day before and held by nothing
 * since.)
 */
async function deleteBatch(db: DbOrTx, before: Date, afterId: number, size: number): Promise<SweptFile[]> {
  const candidates = db
    .select({ id: files.id })
    .from(files)
    .where(and(gt(files.id, afterId), lt(files.createdAt, before), unheldCondition()))
    .orderBy(asc(files.id))
    .limit(size);
  return db
    .delete(files)
    .where(inArray(files.id, candidates))
    .returning({ id: files.id, storageKey: files.storageKey, mimeType: files.mimeType });
}

/** A swept file's keys in the storage: its bytes, and the previews an image may have (preview.ts). */
const keysOf = (file: SweptFile) => [
  file.storageKey,
  ...(PREVIEWABLE_MIME_TYPES.includes(file.mimeType)
    ? FILE_PREVIEW_WIDTHS.map((width) => previewKey(file.storageKey, width))
    : []),
];

/**
 * Deletes the files nothing holds (uploads never attached, files their entity let go) made more
 * than UNHELD_FILE_KEPT_MS before `now`: their rows first, in batches (a download then answers
 * 404, never a missing object), then each batch's bytes and previews. A storage failure leaves
 * the bytes to the `storage_delete` job written with the rows (retried); the run goes on, then
 * fails saying how many (the scheduler logs it).
 * Answers the number of files deleted.
 */
export async function sweepUnheldFiles(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  { now = new Date(), batchSize = UNHELD_SWEEP_BATCH }: { now?: Date; batchSize?: number } = {},
): Promise<number> {
  const before = new Date(now.getTime() - UNHELD_FILE_KEPT_MS);
  let deleted = 0;
  let failed = 0;
  // By increasing id: each batch starts after the last one, so the held files are read once.
  for (let afterId = 0; ; ) {
    // The rows and the job that deletes their bytes commit together: a crash after the commit
    // leaves the job, never bytes no row names and nothing will delete.
    const { batch, jobId } = await deps.db.transaction(async (tx) => {
      const rows = await deleteBatch(tx, before, afterId, batchSize);
      return { batch: rows, jobId: await queueStorageDeletion(tx, rows.flatMap(keysOf)) };
    });
    deleted += batch.length;
    failed += await deleteQueuedKeys(deps, jobId, batch.flatMap(keysOf));
    if (batch.length < batchSize) break;
    afterId = Math.max(...batch.map((file) => file.id));
  }
  if (failed > 0)
    throw new Error(`${failed} storage deletions failed: bytes of the ${deleted} files nothing holds left on the storage`);
  return deleted;
}
