import { FORUM_JOINED_FILE_TYPE, FORUM_MESSAGES, type ForumJoinedFile } from '@reseau/contracts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { assertOwnAgency } from '../../auth/guards.js';
import type { AdminPrincipal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { admins, notifications, rolePermissions } from '../../db/schema/index.js';
import { checkAttachedFiles } from '../../kernel/files/attached-files.js';
import { checkRichTextImages } from '../../kernel/files/rich-text-images.js';
import { errors } from '../../lib/errors.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { forumPermission } from './policy.js';

/**
 * The stored message of a write: the content sanitized, with no image (the forums keep no column
 * that would let their readers open one: pictures go as attachments), each attachment an upload
 * of type 13 the writer may read, with its name.
 */
export async function checkedMessage(
  db: DbOrTx,
  admin: AdminPrincipal,
  body: { content: string; joinedFiles: ForumJoinedFile[] },
) {
  const content = sanitizeRichText(body.content);
  if ((await checkRichTextImages(db, admin, { content })).length > 0) {
    throw errors.validation({ content: [FORUM_MESSAGES.noImageInContent] });
  }
  await checkAttachedFiles(
    db,
    admin,
    { joinedFiles: { fileIds: body.joinedFiles.map((f) => f.fileId), fileTypeIds: [FORUM_JOINED_FILE_TYPE] } },
    FORUM_MESSAGES.fileNotFound,
  );
  return { content, joinedFiles: body.joinedFiles.map(({ fileName, fileId }) => ({ fileName, fileId })) };
}

/**
 * The agency a write is signed with: one of the caller's (spec 02 §6). Network staff, who may have
 * none, may send null; adherent staff must name one.
 */
export function checkedAgency(admin: AdminPrincipal, agencyId: number | null): number | null {
  if (agencyId === null) {
    if (admin.agencyIds !== null) throw errors.validation({ agencyId: [FORUM_MESSAGES.agencyRequired] });
    return null;
  }
  assertOwnAgency(admin, agencyId);
  return agencyId;
}

/** Active staff who may read the forum, among `candidates` when given, never the writer. */
export async function forumReaders(db: DbOrTx, forumId: number, writerId: number, candidates?: number[]): Promise<number[]> {
  if (candidates?.length === 0) return [];
  const rows = await db
    .select({ id: admins.id })
    .from(admins)
    .where(
      and(
        eq(admins.isActive, true),
        ne(admins.id, writerId),
        candidates ? inArray(admins.id, candidates) : undefined,
        inArray(
          admins.roleId,
          db
            .select({ roleId: rolePermissions.roleId })
            .from(rolePermissions)
            .where(eq(rolePermissions.code, forumPermission(forumId))),
        ),
      ),
    );
  return rows.map((r) => r.id);
}

/** The NEW_FORUM_THREAD and NEW_FORUM_POST notifications that point at a thread. */
export const threadNotifications = (threadId: number) =>
  and(
    inArray(notifications.type, ['NEW_FORUM_THREAD', 'NEW_FORUM_POST']),
    sql`${notifications.data}->>'forumThreadId' = ${String(threadId)}`,
  );
