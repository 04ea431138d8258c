import type { NotificationType } from '@reseau/contracts';
import type { DbOrTx } from '../db/client.js';
import { notifications } from '../db/schema/index.js';
import { publishLiveEvent } from './live-events.js';

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
  const notified = inserted.map((row) => row.adminId);
  // Their bells, live: at commit when `db` is a transaction.
  if (notified.length > 0) await publishLiveEvent(db, { kind: 'notifications', adminIds: notified });
  return notified;
}
