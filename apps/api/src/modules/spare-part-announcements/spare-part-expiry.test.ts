import { SPARE_PART_EXPIRY_JOB_INTERVAL_MS, type SparePartAnnouncement } from '@reseau/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { notifications, sparePartAnnouncements } from '../../db/schema/index.js';
import { capturingScheduler } from '../../jobs/testing/captured-jobs.js';
import { expireSparePartAnnouncements } from './expiry.js';
import { sparePartCalls } from './test-kit.js';

const { jobs, scheduler } = capturingScheduler();
const t = await buildTestApp({}, { scheduler });
const { call, publish } = sparePartCalls(t);
const DAY = 86_400_000;

const expirations = (adminId: number) =>
  t.db
    .select({ type: notifications.type, data: notifications.data })
    .from(notifications)
    .where(eq(notifications.adminId, adminId))
    .then((rows) => rows.filter((r) => r.type === 'SPARE_PART_ANNOUNCEMENT_EXPIRATION'));

describe('the expiry job', () => {
  it('expires a request after a week and an offer after six months, telling the author once', async () => {
    const author = await t.buildAdmin({ roleId: 6, firstName: 'Olivier', lastName: 'Vasseur' });
    const request = await publish(author, { typeCode: 'DEMANDE', title: 'Vase 18 L' });
    const offer = await publish(author, { typeCode: 'OFFRE', title: 'Carte électronique' });
    const now = Date.now();

    await expireSparePartAnnouncements(t.db, new Date(now + 6 * DAY));
    expect(await expirations(author.id)).toEqual([]);

    await expireSparePartAnnouncements(t.db, new Date(now + 7 * DAY + 60_000));
    expect(await expirations(author.id)).toEqual([
      {
        type: 'SPARE_PART_ANNOUNCEMENT_EXPIRATION',
        data: { sparePartAnnouncementId: request, sparePartAnnouncementTitle: 'Vase 18 L', ownerFullName: 'Olivier Vasseur' },
      },
    ]);
    // Later runs find nothing new until the offer's six months are over.
    await expireSparePartAnnouncements(t.db, new Date(now + 150 * DAY));
    expect(await expirations(author.id)).toHaveLength(1);
    await expireSparePartAnnouncements(t.db, new Date(now + 185 * DAY));
    const sent = await expirations(author.id);
    expect(sent.map((n) => (n.data as { sparePartAnnouncementId: number }).sparePartAnnouncementId)).toEqual([request, offer]);
    await expireSparePartAnnouncements(t.db, new Date(now + 400 * DAY));
    expect(await expirations(author.id)).toHaveLength(2);
    const [row] = await t.db.select().from(sparePartAnnouncements).where(eq(sparePartAnnouncements.id, request));
    expect(row?.isExpired).toBe(true);
  });

  it('sends one notification when several runs (instances) expire at the same moment', async () => {
    const author = await t.buildAdmin({ roleId: 9 });
    await publish(author);
    const later = new Date(Date.now() + 8 * DAY);
    const counts = await Promise.all([1, 2, 3].map(() => expireSparePartAnnouncements(t.db, later)));
    expect(counts.reduce((s, n) => s + n, 0)).toBeGreaterThanOrEqual(1);
    expect(await expirations(author.id)).toHaveLength(1);
  });

  it('is registered on the scheduler and marks what is past its date', async () => {
    const job = jobs.get('spare-part-announcements-expiry');
    expect(job?.intervalMs).toBe(SPARE_PART_EXPIRY_JOB_INTERVAL_MS);
    const author = await t.buildAdmin({ roleId: 6 });
    const id = await publish(author);
    // The clock moved: the announcement was published 8 days ago.
    await t.db
      .update(sparePartAnnouncements)
      .set({ publicationDate: new Date(Date.now() - 8 * DAY), expiryDate: new Date(Date.now() - DAY) })
      .where(eq(sparePartAnnouncements.id, id));
    const before = (await call(author, 'GET', `/spare-part-announcements/${id}`)).json() as SparePartAnnouncement;
    expect(before.isExpired).toBe(true); // already past its date for every reader
    await job!.task();
    await job!.task();
    expect(await expirations(author.id)).toHaveLength(1);
  });
});
