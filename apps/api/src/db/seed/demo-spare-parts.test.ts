import type { SparePartAnnouncement, SparePartAnnouncementList } from '@reseau/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDemoApp, DEMO_SEED_TIMEOUT, demoStaffGet, type TestApp } from '../../../test/demo-app.js';
import { DEMO_CONTENT_REFS, DEMO_NOTIFICATIONS } from './demo-notifications.js';

/** The demo board as the spare-parts screen asks it, and the bell's notifications that open it. */
describe('demo seed: spare parts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildDemoApp();
  }, DEMO_SEED_TIMEOUT);

  async function as(email: string) {
    const get = await demoStaffGet(t, email);
    return async <T>(url: string) => (await get(url)).json() as T;
  }

  it('opens the announcement of every spare-part notification, with its title and owner', async () => {
    const tech = await as('technicien@demo.fr');
    for (const ref of DEMO_CONTENT_REFS.sparePartAnnouncements) {
      const got = await tech<SparePartAnnouncement>(`/spare-part-announcements/${ref.id}`);
      expect([got.id, got.title, got.author]).toEqual([ref.id, ref.title, ref.ownerFullName]);
    }
    for (const n of DEMO_NOTIFICATIONS.filter((d) => d.type.startsWith('SPARE_PART_'))) {
      const ref = DEMO_CONTENT_REFS.sparePartAnnouncements.find((r) => r.id === n.data.sparePartAnnouncementId);
      expect(ref?.title, JSON.stringify(n.data)).toBe(n.data.sparePartAnnouncementTitle);
      const got = await tech<SparePartAnnouncement>(`/spare-part-announcements/${ref!.id}`);
      if (n.type === 'SPARE_PART_ANNOUNCEMENT_WANT') expect(got.typeCode).toBe('OFFRE');
      if (n.type === 'SPARE_PART_ANNOUNCEMENT_HAVE') expect(got.typeCode).toBe('DEMANDE');
      if (n.type === 'SPARE_PART_ANNOUNCEMENT_EXPIRATION') expect(got.isExpired).toBe(true);
    }
  });

  it('shows both types over several energies, some expired, and the answers of their applicants', async () => {
    const tech = await as('technicien@demo.fr');
    const { sparePartAnnouncements: board, pageCount } = await tech<SparePartAnnouncementList>(
      '/spare-part-announcements?pageSize=50',
    );
    expect(board.length).toBeGreaterThanOrEqual(10);
    expect(pageCount).toBe(1);
    expect(new Set(board.map((a) => a.typeCode))).toEqual(new Set(['DEMANDE', 'OFFRE']));
    expect(new Set(board.map((a) => a.energyTypeCode)).size).toBeGreaterThanOrEqual(5);
    expect(board.filter((a) => a.isExpired).length).toBeGreaterThanOrEqual(2);
    expect(
      board
        .filter((a) => a.isOwn)
        .map((a) => a.id)
        .sort(),
    ).toEqual(expect.arrayContaining([3, 4]));
    const applicant = await as('jeremy.bonnet@demo.fr');
    expect((await applicant<SparePartAnnouncement>('/spare-part-announcements/3')).hasResponse).toBe(true);
  });
});
