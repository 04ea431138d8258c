import { MESSAGES } from '@reseau/contracts';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { files } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import { mayReadFileCondition } from './holders.js';

/**
 * The files one field of a write attaches: a single id (`fileId`, null or absent when empty) or a
 * list (`fileIds`), and the upload types the field takes (spec 01 §3 upload typeIds).
 */
export type AttachedFile = ({ fileId: number | null | undefined } | { fileIds: readonly number[] }) & {
  fileTypeIds: readonly number[];
};

const idsOf = (field: AttachedFile): readonly number[] =>
  'fileIds' in field ? field.fileIds : typeof field.fileId === 'number' ? [field.fileId] : [];

/**
 * The file ids a write puts on an entity (spec 01 §4: upload first, then save with the id). Each
 * must exist, be of the field's type and be readable by the writer — its own upload or a file it
 * already sees — so that a guessed id never re-publishes another agency's or customer's file
 * under this entity. One query for every field; a refusal is `validation_failed` on the field,
 * with the entity's own message when it has one.
 */
export async function checkAttachedFiles(
  db: DbOrTx,
  principal: Principal,
  fields: Record<string, AttachedFile>,
  message: string = MESSAGES.fileNotFound,
): Promise<void> {
  const ids = [...new Set(Object.values(fields).flatMap(idsOf))];
  if (ids.length === 0) return;
  const rules: SQL[] = ids.map((id) => sql`when ${id} then ${mayReadFileCondition(principal, id)}`);
  const rows = await db
    .select({
      id: files.id,
      typeId: files.typeId,
      readable: sql<boolean>`case ${files.id} ${sql.join(rules, sql` `)} else false end`,
    })
    .from(files)
    .where(inArray(files.id, ids));
  const typeOf = new Map(rows.filter((row) => row.readable).map((row) => [row.id, row.typeId]));
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, spec] of Object.entries(fields)) {
    const refused = idsOf(spec).some((id) => {
      const typeId = typeOf.get(id);
      return typeId === undefined || !spec.fileTypeIds.includes(typeId);
    });
    if (refused) fieldErrors[field] = [message];
  }
  if (Object.keys(fieldErrors).length > 0) throw errors.validation(fieldErrors);
}
