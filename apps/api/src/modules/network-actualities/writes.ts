import {
  NETWORK_ACTUALITY_ILLUSTRATION_FILE_TYPE,
  NETWORK_ACTUALITY_JOINED_FILE_TYPE,
  NETWORK_ACTUALITY_MESSAGES,
  NETWORK_ACTUALITY_RECEIVERS,
  type NetworkActualityBody,
  PUBLIC_ONLY_ROLE_IDS,
} from '@reseau/contracts';
import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { AdminPrincipal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { admins, networkActualities, networkActualityCategories, notifications } from '../../db/schema/index.js';
import type { SearchEntry } from '../../integrations/search/index.js';
import { audit, auditActor } from '../../kernel/audit.js';
import { checkAttachedFiles } from '../../kernel/files/attached-files.js';
import { checkRichTextImages } from '../../kernel/files/rich-text-images.js';
import { notify } from '../../kernel/notify.js';
import { errors } from '../../lib/errors.js';
import type { StaffContext } from '../../lib/request-context.js';
import { richTextToPlain, sanitizeRichText } from '../../lib/rich-text.js';
import { readableNews } from './policy.js';

/**
 * The stored fields of a write, checked: the content sanitized; no image in it (news have no
 * column that would let their readers open it, illustrations are the news' images); the category
 * known; each file an upload of the right type the writer may read.
 */
async function checkedValues(db: DbOrTx, admin: AdminPrincipal, body: NetworkActualityBody) {
  const content = sanitizeRichText(body.content);
  if ((await checkRichTextImages(db, admin, { content })).length > 0) {
    throw errors.validation({ content: [NETWORK_ACTUALITY_MESSAGES.noImageInContent] });
  }
  const [category] = await db
    .select({ id: networkActualityCategories.id })
    .from(networkActualityCategories)
    .where(eq(networkActualityCategories.id, body.categoryId));
  if (!category) throw errors.validation({ categoryId: [NETWORK_ACTUALITY_MESSAGES.unknownCategory] });
  await checkAttachedFiles(
    db,
    admin,
    {
      illustrationFiles: {
        fileIds: body.illustrationFiles.map((f) => f.fileId),
        fileTypeIds: [NETWORK_ACTUALITY_ILLUSTRATION_FILE_TYPE],
      },
      joinedFiles: { fileIds: body.joinedFiles.map((f) => f.fileId), fileTypeIds: [NETWORK_ACTUALITY_JOINED_FILE_TYPE] },
    },
    NETWORK_ACTUALITY_MESSAGES.fileNotFound,
  );
  return {
    title: body.title,
    content,
    categoryId: body.categoryId,
    isPublic: body.isPublic,
    illustrationFiles: body.illustrationFiles.map(({ fileId }) => ({ fileId })),
    joinedFiles: body.joinedFiles.map(({ fileId }) => ({ fileId })),
  };
}

/**
 * Everyone who may read the news item, but its writer: every active staff user, without roles 5,
 * 6 and 8 when it is for adherents only (the same rule as `readableNews`).
 */
async function readersOf(db: DbOrTx, isPublic: number, authorId: number): Promise<number[]> {
  const rows = await db
    .select({ id: admins.id })
    .from(admins)
    .where(
      and(
        eq(admins.isActive, true),
        ne(admins.id, authorId),
        isPublic === NETWORK_ACTUALITY_RECEIVERS.everyone ? undefined : notInArray(admins.roleId, [...PUBLIC_ONLY_ROLE_IDS]),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * A news item's entry of the global search: public to everyone or, for adherents only, hidden
 * from roles 5, 6 and 8 (the search key's scope, as `readableNews` here).
 */
export function newsSearchEntry(id: number, values: { title: string; content: string; isPublic: number }): SearchEntry {
  return {
    entityType: 'network_actuality',
    entityId: id,
    title: values.title,
    body: richTextToPlain(values.content),
    url: `/intranet/network-news/${id}`,
    isPublic: values.isPublic === NETWORK_ACTUALITY_RECEIVERS.everyone,
    agencyId: null,
    adherentId: null,
    regionId: null,
  };
}

/** The NEW_NETWORK_ACTUALITY notifications that point at a news item. */
const notificationsOf = (id: number) =>
  and(eq(notifications.type, 'NEW_NETWORK_ACTUALITY'), sql`${notifications.data}->>'networkActualityId' = ${String(id)}`);

/**
 * Keeps the notifications of an edited news item true to it: they carry its new title, and when
 * it is now for adherents only, roles 5, 6 and 8 no longer hold one (they may not read it).
 */
async function followNotifications(tx: DbOrTx, id: number, values: { title: string; isPublic: number }) {
  if (values.isPublic !== NETWORK_ACTUALITY_RECEIVERS.everyone) {
    await tx.delete(notifications).where(
      and(
        notificationsOf(id),
        inArray(
          notifications.adminId,
          tx
            .select({ id: admins.id })
            .from(admins)
            .where(inArray(admins.roleId, [...PUBLIC_ONLY_ROLE_IDS])),
        ),
      ),
    );
  }
  await tx
    .update(notifications)
    .set({ data: sql`jsonb_set(${notifications.data}, '{networkActualityTitle}', to_jsonb(${values.title}::text))` })
    .where(notificationsOf(id));
}

/**
 * Publishes a news item now, indexes it for the global search and tells each of its readers
 * (NEW_NETWORK_ACTUALITY), in one transaction.
 */
export async function createNetworkActuality(
  { db, deps: { search }, caller: admin, ip }: StaffContext,
  body: NetworkActualityBody,
) {
  const values = await checkedValues(db, admin, body);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(networkActualities)
      .values({ ...values, authorId: admin.adminId })
      .returning({ id: networkActualities.id });
    const id = row!.id;
    await search.index(newsSearchEntry(id, values), tx);
    await notify(tx, await readersOf(tx, values.isPublic, admin.adminId), 'NEW_NETWORK_ACTUALITY', {
      networkActualityId: id,
      networkActualityTitle: values.title,
    });
    await audit(tx, { action: 'network_actuality.created', ...auditActor(admin), entity: 'network_actuality', entityId: id, ip });
    return { id };
  });
}

/** Rewrites a news item (its publication date stays) and its search entry; false when it does not exist. */
export async function updateNetworkActuality(
  { db, deps: { search }, caller: admin, ip }: StaffContext,
  id: number,
  body: NetworkActualityBody,
): Promise<boolean> {
  const values = await checkedValues(db, admin, body);
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(networkActualities)
      .set({ ...values, updatedAt: new Date() })
      // A writer who reads only public news cannot reach another one.
      .where(and(eq(networkActualities.id, id), readableNews(admin)))
      .returning({ id: networkActualities.id });
    if (updated.length === 0) return false;
    await search.index(newsSearchEntry(id, values), tx);
    await followNotifications(tx, id, values);
    await audit(tx, { action: 'network_actuality.updated', ...auditActor(admin), entity: 'network_actuality', entityId: id, ip });
    return true;
  });
}

/** Deletes a news item, its read marks, notifications and search entry; false when it does not exist. */
export async function deleteNetworkActuality(
  { db, deps: { search }, caller: admin, ip }: StaffContext,
  id: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(networkActualities)
      .where(and(eq(networkActualities.id, id), readableNews(admin)))
      .returning({ id: networkActualities.id });
    if (deleted.length === 0) return false;
    // Its notifications and search entry would lead nowhere.
    await tx.delete(notifications).where(notificationsOf(id));
    await search.remove('network_actuality', id, tx);
    await audit(tx, { action: 'network_actuality.deleted', ...auditActor(admin), entity: 'network_actuality', entityId: id, ip });
    return true;
  });
}
