import type { Notification, NotificationList, NotificationType } from '@reseau/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { AdminPrincipal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import { pageCount, pageOffset } from '../../lib/paging.js';
import { ownNotifications } from './policy.js';

export type NotificationData = Record<string, unknown>;

export interface NotifyOptions {
  /**
   * Makes the event reach each admin once, however often (or however concurrently) it is raised:
   * a second notify with the same key for the same admin is skipped by the database's unique index
   * `notifications_once_uq`, while that admin keeps the first notification (deleting it, "delete
   * read", forgets the key). Name it after the event, e.g. `SPARE_PART_ANNOUNCEMENT_EXPIRATION:42`.
   */
  onceKey?: string;
}

/**
 * Notifies each admin once, in one statement. Domains call it when something happens
 * (a thread answered, a news published…); pass the transaction when inside one. Answers the ids
 * of the admins actually notified (with `onceKey`, those not notified before).
 */
export async function notify(
  db: DbOrTx,
  adminIds: readonly number[],
  type: NotificationType,
  data: NotificationData = {},
  options: NotifyOptions = {},
): Promise<number[]> {
  const recipients = [...new Set(adminIds)];
  if (recipients.length === 0) return [];
  const onceKey = options.onceKey ?? null;
  const inserted = await db
    .insert(notifications)
    .values(recipients.map((adminId) => ({ adminId, type, data, onceKey })))
    .onConflictDoNothing()
    .returning({ adminId: notifications.adminId });
  return inserted.map((row) => row.adminId);
}

/** The caller's notifications, newest first: one query for the page, one for the count. */
export async function listMyNotifications(
  db: DbOrTx,
  admin: AdminPrincipal,
  page: { pageNumber: number; pageSize: number },
): Promise<NotificationList> {
  const mine = ownNotifications(admin);
  const rows = await db
    .select({
      id: notifications.id,
      type: notifications.type,
      isRead: notifications.isRead,
      data: notifications.data,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(mine)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(page.pageSize)
    .offset(pageOffset(page));
  const total = await db.$count(notifications, mine);
  return {
    notifications: rows.map((n) => ({ ...n, type: n.type as Notification['type'], createdAt: n.createdAt.toISOString() })),
    pageCount: pageCount(total, page),
  };
}

/** Marks one of the caller's notifications read; false when it is not theirs (or does not exist). */
export async function markNotificationRead(db: DbOrTx, admin: AdminPrincipal, notificationId: number): Promise<boolean> {
  const updated = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, notificationId), ownNotifications(admin)))
    .returning({ id: notifications.id });
  return updated.length > 0;
}

export async function countMyUnreadNotifications(db: DbOrTx, admin: AdminPrincipal): Promise<number> {
  return db.$count(notifications, and(ownNotifications(admin), eq(notifications.isRead, false)));
}

export async function markAllMyNotificationsRead(db: DbOrTx, admin: AdminPrincipal): Promise<void> {
  await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(ownNotifications(admin), eq(notifications.isRead, false)));
}

export async function deleteMyReadNotifications(db: DbOrTx, admin: AdminPrincipal): Promise<void> {
  await db.delete(notifications).where(and(ownNotifications(admin), eq(notifications.isRead, true)));
}
