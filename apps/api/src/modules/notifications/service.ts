import type { Notification, NotificationList } from '@reseau/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { notifications } from '../../db/schema/index.js';
import { publishLiveEvent } from '../../kernel/live-events.js';
import { pageCount, pageOffset } from '../../lib/paging.js';
import type { StaffContext } from '../../lib/request-context.js';
import { ownNotifications } from './policy.js';

/** The caller's notifications, newest first: one query for the page, one for the count. */
export async function listMyNotifications(
  { db, caller: admin }: StaffContext,
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
export async function markNotificationRead({ db, caller: admin }: StaffContext, notificationId: number): Promise<boolean> {
  const updated = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, notificationId), ownNotifications(admin)))
    .returning({ id: notifications.id });
  if (updated.length === 0) return false;
  await bellChanged(db, admin);
  return true;
}

export async function countMyUnreadNotifications({ db, caller: admin }: StaffContext): Promise<number> {
  return db.$count(notifications, and(ownNotifications(admin), eq(notifications.isRead, false)));
}

export async function markAllMyNotificationsRead({ db, caller: admin }: StaffContext): Promise<void> {
  await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(ownNotifications(admin), eq(notifications.isRead, false)));
  await bellChanged(db, admin);
}

export async function deleteMyReadNotifications({ db, caller: admin }: StaffContext): Promise<void> {
  await db.delete(notifications).where(and(ownNotifications(admin), eq(notifications.isRead, true)));
  await bellChanged(db, admin);
}

/** The caller's other tabs show the same bell. */
const bellChanged = (db: StaffContext['db'], admin: StaffContext['caller']) =>
  publishLiveEvent(db, { kind: 'notifications', adminIds: [admin.adminId] });
