import { z } from 'zod';

export const NOTIFICATION_TYPES = [
  'SPARE_PART_ANNOUNCEMENT_EXPIRATION',
  'SPARE_PART_ANNOUNCEMENT_HAVE',
  'SPARE_PART_ANNOUNCEMENT_WANT',
  'NEW_FORUM_THREAD',
  'NEW_FORUM_POST',
  'NEW_NETWORK_ACTUALITY',
  'NEW_DOCUMENT',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
/** The bell shows 99+ above this (spec 00 §4). */
export const NOTIFICATION_BADGE_CAP = 99;

/** A notification as GET /notifications/mine lists it; `data` carries the spec 00 §3 fields of its type. */
export const notification = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  isRead: z.boolean(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notification>;
export const notificationList = z.object({ notifications: z.array(notification), pageCount: z.number().int() });
export type NotificationList = z.infer<typeof notificationList>;
export const unreadNotificationsCount = z.object({ unreadNotificationsCounter: z.number().int() });
