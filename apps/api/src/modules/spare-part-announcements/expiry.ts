import { and, eq, inArray, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { admins, notifications, sparePartAnnouncements } from '../../db/schema/index.js';

const a = sparePartAnnouncements;

/**
 * The expiry job's run: marks the announcements past their date as expired and tells each
 * author (SPARE_PART_ANNOUNCEMENT_EXPIRATION), in one transaction. The conditional update
 * (`where not is_expired`) is what makes the notification go out once: a second run, or another
 * instance running at the same moment, finds nothing left to mark. `now` is the clock, moved by tests.
 */
export async function expireSparePartAnnouncements(db: DbOrTx, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(a)
      .set({ isExpired: true })
      .where(and(eq(a.isExpired, false), lte(a.expiryDate, now)))
      .returning({ id: a.id, title: a.title, authorId: a.authorId });
    const authorIds = [...new Set(expired.flatMap((e) => (e.authorId === null ? [] : [e.authorId])))];
    if (authorIds.length === 0) return expired.length;
    const names = new Map(
      (
        await tx
          .select({ id: admins.id, firstName: admins.firstName, lastName: admins.lastName })
          .from(admins)
          .where(inArray(admins.id, authorIds))
      ).map((p) => [p.id, `${p.firstName} ${p.lastName}`.trim()]),
    );
    await tx.insert(notifications).values(
      expired.flatMap((e) =>
        e.authorId === null
          ? []
          : [
              {
                adminId: e.authorId,
                type: 'SPARE_PART_ANNOUNCEMENT_EXPIRATION',
                data: {
                  sparePartAnnouncementId: e.id,
                  sparePartAnnouncementTitle: e.title,
                  ownerFullName: names.get(e.authorId) ?? '',
                },
              },
            ],
      ),
    );
    return expired.length;
  });
}
