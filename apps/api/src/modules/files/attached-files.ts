import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { files } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import { mayReadFileCondition } from './holders-table.js';

/** The files one field of a write attaches: their ids and the upload type they must have. */
export interface AttachedField {
  fileIds: readonly number[];
  typeId: number;
}

/**
 * Checks the files a write attaches to an entity (upload first, then save, spec 01): each id must
 * be a file of the field's upload type that the writer may read (their own upload, or a file an
 * entity they may read already holds). Fails closed with a per-field `validation_failed`, so that
 * nobody attaches, and thus publishes, a file they could not open themselves. One query.
 */
export async function checkAttachedFiles(
  db: DbOrTx,
  principal: Principal,
  fields: Record<string, AttachedField>,
  message: string,
): Promise<void> {
  const ids = [...new Set(Object.values(fields).flatMap((f) => f.fileIds))];
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
  const typeOf = new Map(rows.filter((r) => r.readable).map((r) => [r.id, r.typeId]));
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, { fileIds, typeId }] of Object.entries(fields)) {
    if (fileIds.some((id) => typeOf.get(id) !== typeId)) fieldErrors[field] = [message];
  }
  if (Object.keys(fieldErrors).length > 0) throw errors.validation(fieldErrors);
}
