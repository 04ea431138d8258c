import { MESSAGES } from '@reseau/contracts';
import { inArray, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { files } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import { mayReadFileCondition } from './holders-table.js';

export interface AttachedFile {
  fileId: number | null | undefined;
  /** The upload types this field takes (spec 01 §3 upload typeIds). */
  fileTypeIds: readonly number[];
}

/**
 * The file ids a write puts on an entity (spec 01 §4: upload first, then save with the id). Each
 * must exist, be of the field's type and be readable by the writer — its own upload or a file it
 * already sees — so that a guessed id never re-publishes another agency's or customer's file
 * under this entity. One query for every field; a refusal is `validation_failed` on the field.
 */
export async function checkAttachedFiles(db: DbOrTx, principal: Principal, fields: Record<string, AttachedFile>): Promise<void> {
  const wanted = Object.entries(fields).filter((entry): entry is [string, { fileId: number; fileTypeIds: readonly number[] }] => {
    return typeof entry[1].fileId === 'number';
  });
  if (wanted.length === 0) return;
  const ids = [...new Set(wanted.map(([, f]) => f.fileId))];
  const rules = ids.map((id) => sql`when ${id} then ${mayReadFileCondition(principal, id)}`);
  const rows = await db
    .select({
      id: files.id,
      typeId: files.typeId,
      readable: sql<boolean>`case ${files.id} ${sql.join(rules, sql` `)} else false end`,
    })
    .from(files)
    .where(inArray(files.id, ids));
  const found = new Map(rows.map((row) => [row.id, row]));
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, { fileId, fileTypeIds }] of wanted) {
    const row = found.get(fileId);
    if (!row?.readable || !fileTypeIds.includes(row.typeId)) fieldErrors[field] = [MESSAGES.fileNotFound];
  }
  if (Object.keys(fieldErrors).length > 0) throw errors.validation(fieldErrors);
}
