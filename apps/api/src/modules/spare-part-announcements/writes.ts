import { SPARE_PART_VISIBILITY, type SparePartAnnouncementBody, type SparePartAnnouncementTypeCode } from '@reseau/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { assertOwnAgency } from '../../auth/guards.js';
import { notifications, sparePartAnnouncements } from '../../db/schema/index.js';
import type { SearchEntry } from '../../integrations/search/index.js';
import { audit, auditActor } from '../../kernel/audit.js';
import type { StaffContext } from '../../lib/request-context.js';
import { editableAnnouncements } from './policy.js';

const a = sparePartAnnouncements;

/** The end of an announcement's life: its publication plus 1 week (request) or 6 months (offer), in SQL. */
export const expiryFrom = (publication: unknown, typeCode: SparePartAnnouncementTypeCode) =>
  sql`(${publication} + ${SPARE_PART_VISIBILITY[typeCode]}::interval)`;

/**
 * An announcement's entry of the global search: every user of the area reads every
 * announcement, so it is public and unscoped, but only for the holders of the area's permission
 * (role 8 has no board). Expired ones stay indexed (docs/decisions.md): the hit opens the board
 * with the announcement, which shows it as expired.
 */
export function sparePartSearchEntry(id: number, values: { title: string; description: string }): SearchEntry {
  return {
    entityType: 'spare_part_announcement',
    entityId: id,
    title: values.title,
    body: values.description,
    url: `/intranet/spare-parts?id=${id}`,
    isPublic: true,
    agencyId: null,
    adherentId: null,
    regionId: null,
    readPermission: 'spare_part_announcement_administration',
  };
}

const fields = (body: SparePartAnnouncementBody) => ({
  typeCode: body.typeCode,
  energyTypeCode: body.energyTypeCode,
  title: body.title,
  description: body.description,
  contact: body.contact,
  agencyId: body.agencyId,
});

/** Publishes an announcement for one of the caller's agencies, now, and indexes it, in one transaction. */
export async function createSparePartAnnouncement(
  { db, deps: { search }, caller: admin, ip }: StaffContext,
  body: SparePartAnnouncementBody,
) {
  assertOwnAgency(admin, body.agencyId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(a)
      .values({ ...fields(body), authorId: admin.adminId, expiryDate: expiryFrom(sql`now()`, body.typeCode) })
      .returning({ id: a.id });
    const id = row!.id;
    await search.index(sparePartSearchEntry(id, body), tx);
    await audit(tx, {
      action: 'spare_part_announcement.created',
      ...auditActor(admin),
      entity: 'spare_part_announcement',
      entityId: id,
      ip,
    });
    return { id };
  });
}

/**
 * Rewrites an announcement of the caller's agency; the new `agencyId` must be theirs too. Its
 * publication date stays, so a change of type moves its expiry (and may reopen it: a new expiry
 * will be notified in its turn). False when it does not exist or is another agency's.
 */
export async function updateSparePartAnnouncement(
  { db, deps: { search }, caller: admin, ip }: StaffContext,
  id: number,
  body: SparePartAnnouncementBody,
): Promise<boolean> {
  assertOwnAgency(admin, body.agencyId);
  return db.transaction(async (tx) => {
    const expiry = expiryFrom(a.publicationDate, body.typeCode);
    const updated = await tx
      .update(a)
      .set({ ...fields(body), expiryDate: expiry, isExpired: sql`${expiry} <= now()`, updatedAt: new Date() })
      .where(and(eq(a.id, id), editableAnnouncements(admin)))
      .returning({ id: a.id });
    if (updated.length === 0) return false;
    await search.index(sparePartSearchEntry(id, body), tx);
    await tx
      .update(notifications)
      .set({ data: sql`jsonb_set(${notifications.data}, '{sparePartAnnouncementTitle}', to_jsonb(${body.title}::text))` })
      .where(notificationsOf(id));
    await audit(tx, {
      action: 'spare_part_announcement.updated',
      ...auditActor(admin),
      entity: 'spare_part_announcement',
      entityId: id,
      ip,
    });
    return true;
  });
}

/** The notifications that point at an announcement (answers and expiry). */
export const notificationsOf = (id: number) => sql`${notifications.data}->>'sparePartAnnouncementId' = ${String(id)}`;

/** Deletes an announcement of the caller's agency with its answers, notifications and search entry. */
export async function deleteSparePartAnnouncement(
  { db, deps: { search }, caller: admin, ip }: StaffContext,
  id: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(a)
      .where(and(eq(a.id, id), editableAnnouncements(admin)))
      .returning({ id: a.id });
    if (deleted.length === 0) return false;
    // Its notifications would open nothing.
    await tx.delete(notifications).where(notificationsOf(id));
    await search.remove('spare_part_announcement', id, tx);
    await audit(tx, {
      action: 'spare_part_announcement.deleted',
      ...auditActor(admin),
      entity: 'spare_part_announcement',
      entityId: id,
      ip,
    });
    return true;
  });
}
