import { z } from 'zod';
import { NOTIFICATION_TYPES } from '../constants/notifications.js';

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
