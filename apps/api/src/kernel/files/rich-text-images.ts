import { RICH_TEXT_MAX_IMAGES, RICH_TEXT_MESSAGES } from '@reseau/contracts';
import { and, inArray, like, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { files } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import { richTextImageFileIds } from '../../lib/rich-text.js';
import { mayReadFileCondition } from './holders.js';

/**
 * Checks the images of sanitized rich-text fields before they are stored (fails closed): each must
 * be an image of our file store that the writer may read (their own upload, or a file an entity
 * they may read already holds). A text cannot thus show a file its writer could not open, nor
 * a PDF or a document of someone else, and an id that does not exist is refused rather than
 * stored broken. One query for every field.
 *
 * Answers the ids to keep on the entity, `{ fileId }[]` in a jsonb column declared in FILE_HOLDERS
 * (`fileListColumns`), so that the text's readers may read its images too.
 */
export async function checkRichTextImages(
  db: DbOrTx,
  principal: Principal,
  fields: Record<string, string>,
): Promise<{ fileId: number }[]> {
  const idsByField = Object.entries(fields).map(([field, html]) => [field, richTextImageFileIds(html)] as const);
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, ids] of idsByField) {
    if (ids.length > RICH_TEXT_MAX_IMAGES) fieldErrors[field] = [RICH_TEXT_MESSAGES.tooManyImages];
  }
  if (Object.keys(fieldErrors).length > 0) throw errors.validation(fieldErrors);

  const ids = [...new Set(idsByField.flatMap(([, fieldIds]) => fieldIds))];
  if (ids.length === 0) return [];
  const readable = new Set(await readableImageIds(db, principal, ids));
  for (const [field, fieldIds] of idsByField) {
    if (fieldIds.some((id) => !readable.has(id))) fieldErrors[field] = [RICH_TEXT_MESSAGES.imageNotFound];
  }
  if (Object.keys(fieldErrors).length > 0) throw errors.validation(fieldErrors);
  return ids.map((fileId) => ({ fileId }));
}

/** The ids, among `ids`, of images the caller may read: the read rule of each id, in one query. */
export async function readableImageIds(db: DbOrTx, principal: Principal, ids: number[]): Promise<number[]> {
  const rules: SQL[] = ids.map((id) => sql`when ${id} then ${mayReadFileCondition(principal, id)}`);
  const rows = await db
    .select({ id: files.id, readable: sql<boolean>`case ${files.id} ${sql.join(rules, sql` `)} else false end` })
    .from(files)
    .where(and(inArray(files.id, ids), like(files.mimeType, 'image/%')));
  return rows.filter((row) => row.readable).map((row) => row.id);
}
