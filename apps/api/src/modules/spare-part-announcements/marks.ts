import { and, eq, sql } from 'drizzle-orm';
import { sparePartAnnouncementReads, sparePartAnnouncements } from '../../db/schema/index.js';
import { isForeignKeyViolation } from '../../lib/db-errors.js';
import type { StaffContext } from '../../lib/request-context.js';
import { editableAnnouncements } from './policy.js';

const a = sparePartAnnouncements;

/**
 * Spec 00 §4: an announcement "can be marked read, unread or over". Read and unread are the
 * caller's own marks (any user of the area, on any announcement); over is the end of an
 * announcement before its date, by the users who may edit it. Each answers false when the
 * announcement is not there (or, for over, not the caller's to end): a 404 to the caller.
 */
export async function markSparePartAnnouncementRead({ db, caller: admin }: StaffContext, id: number): Promise<boolean> {
  try {
    // Twice at once: the unique pair keeps one row. No announcement: its foreign key refuses.
    await db
      .insert(sparePartAnnouncementReads)
      .values({ sparePartAnnouncementId: id, adminId: admin.adminId })
      .onConflictDoNothing();
    return true;
  } catch (err) {
    if (isForeignKeyViolation(err)) return false;
    throw err;
  }
}

export async function markSparePartAnnouncementUnread({ db, caller: admin }: StaffContext, id: number): Promise<boolean> {
  await db
    .delete(sparePartAnnouncementReads)
    .where(
      and(eq(sparePartAnnouncementReads.sparePartAnnouncementId, id), eq(sparePartAnnouncementReads.adminId, admin.adminId)),
    );
  const [found] = await db.select({ id: a.id }).from(a).where(eq(a.id, id));
  return found !== undefined;
}

/**
 * Over: expired now, as if its date had come (`isExpired`, the date brought forward, never pushed
 * back). One conditional UPDATE; ending it again changes nothing. The expiry job then has nothing to
 * tell its author, who ended it.
 */
export async function markSparePartAnnouncementOver({ db, caller: admin }: StaffContext, id: number): Promise<boolean> {
  const [row] = await db
    .update(a)
    .set({ isExpired: true, expiryDate: sql`least(${a.expiryDate}, now())`, updatedAt: sql`now()` })
    .where(and(eq(a.id, id), editableAnnouncements(admin)))
    .returning({ id: a.id });
  return row !== undefined;
}
