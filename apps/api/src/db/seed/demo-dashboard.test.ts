import { type DashboardContacts, type MapAdherentList, type NetworkActualityList, PUBLIC_ONLY_ROLE_IDS } from '@reseau/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { admins, agencies, files, networkActualities, notifications } from '../schema/index.js';
import { type DEMO_ACCOUNTS, seedDemoIfEmpty } from './demo.js';
import { DEMO_NEWS } from './demo-news.js';
import { DEMO_CONTENT_REFS } from './demo-notifications.js';
import { demoSession } from './demo-session.js';

/** What the intranet dashboard shows each demo account, through the API as the screen asks it. */
describe('demo seed: the dashboard', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    t = await buildTestApp();
    await seedDemoIfEmpty(t.db, t.storage);
  });

  const as = (account: keyof typeof DEMO_ACCOUNTS) => demoSession(t, account);

  it('gives the news of the notifications their ids, and two pages of news to the network', async () => {
    const admin = await as('admin');
    const { body } = await admin<NetworkActualityList>('/network-actualities');
    expect(body.pageCount).toBe(2);
    for (const ref of DEMO_CONTENT_REFS.networkActualities) {
      expect((await admin<{ title: string }>(`/network-actualities/${ref.id}`)).body.title).toBe(ref.title);
    }
    const dates = body.networkActualities.map((n) => n.publicationDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body.networkActualities.find((n) => n.id === 2)?.isRead).toBe(true);
  });

  it('shows the technician only public news, at least five of them', async () => {
    const technician = await as('technicien');
    const { body } = await technician<NetworkActualityList>('/network-actualities?pageSize=20');
    expect(body.networkActualities.length).toBe(DEMO_NEWS.filter((n) => n.isPublic === 1).length);
    expect(body.networkActualities.length).toBeGreaterThanOrEqual(5);
    expect(body.networkActualities.every((n) => n.isPublic === 1)).toBe(true);
  });

  it('gives the network at least 15 illustrated news items over several categories and months, some for adherents only', async () => {
    const admin = await as('admin');
    const { body } = await admin<NetworkActualityList>('/network-actualities?pageSize=50');
    const news = body.networkActualities;
    expect(news.length).toBe(DEMO_NEWS.length);
    expect(news.length).toBeGreaterThanOrEqual(15);
    expect(new Set(news.map((n) => n.category.code)).size).toBeGreaterThanOrEqual(4);
    expect(news.filter((n) => n.isPublic === 0).length).toBeGreaterThanOrEqual(3);
    expect(news.filter((n) => n.isPublic === 1).length).toBeGreaterThanOrEqual(5);
    expect(news.every((n) => n.illustrationFiles.length >= 1 && n.illustrationFiles.length <= 2)).toBe(true);
    expect(news.some((n) => n.illustrationFiles.length === 2)).toBe(true);
    const withFiles = news.filter((n) => n.joinedFiles.length > 0);
    expect(withFiles.length).toBeGreaterThanOrEqual(5);
    expect(news.every((n) => n.joinedFiles.length <= 4)).toBe(true);
    // Spread over the recent months: the oldest is more than three months before the newest.
    const times = news.map((n) => Date.parse(n.publicationDate));
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(90 * 86_400_000);
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
    // Every news item has its own files: no file id is shared between two of them.
    const ids = news.flatMap((n) => [...n.illustrationFiles, ...n.joinedFiles].map((f) => f.fileId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('attaches PDFs that an adherent downloads, and keeps those of adherents-only news from the technician', async () => {
    const { body } = await (await as('admin'))<NetworkActualityList>('/network-actualities?pageSize=50');
    const privateOne = body.networkActualities.find((n) => n.isPublic === 0 && n.joinedFiles.length > 0);
    const publicOne = body.networkActualities.find((n) => n.isPublic === 1 && n.joinedFiles.length > 0);
    expect(privateOne && publicOne).toBeTruthy();
    const director = await as('dirigeant');
    const technician = await as('technicien');
    const pdf = await director.raw(`/files/${privateOne!.joinedFiles[0]!.fileId}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const [row] = await t.db.select().from(files).where(eq(files.id, privateOne!.joinedFiles[0]!.fileId));
    expect(row).toMatchObject({ typeId: 10, mimeType: 'application/pdf' });
    expect((await technician.raw(`/files/${privateOne!.joinedFiles[0]!.fileId}`)).statusCode).toBe(404);
    expect((await technician.raw(`/files/${privateOne!.illustrationFiles[0]!.fileId}`)).statusCode).toBe(404);
    expect((await technician.raw(`/files/${publicOne!.joinedFiles[0]!.fileId}`)).statusCode).toBe(200);
  });

  it('sends roles 5, 6 and 8 news notifications only about public news', async () => {
    const rows = await t.db
      .select({ roleId: admins.roleId, data: notifications.data })
      .from(notifications)
      .innerJoin(admins, eq(admins.id, notifications.adminId))
      .where(eq(notifications.type, 'NEW_NETWORK_ACTUALITY'));
    const special = rows.filter((r) => PUBLIC_ONLY_ROLE_IDS.includes(r.roleId));
    expect(special.length).toBeGreaterThan(0);
    const publicIds = new Set(
      (await t.db.select({ id: networkActualities.id }).from(networkActualities).where(eq(networkActualities.isPublic, 1))).map(
        (n) => n.id,
      ),
    );
    for (const row of special) expect(publicIds.has((row.data as { networkActualityId: number }).networkActualityId)).toBe(true);
  });

  it('puts the demo news in the global search', async () => {
    const admin = await as('admin');
    const { body: key } = await admin<{ apiKey: string }>('/searchables:get-api-key');
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/searchables?query=${encodeURIComponent('salon Interclima')}`,
      headers: { 'x-search-key': key.apiKey },
    });
    expect(found.statusCode).toBe(200);
    const hits = (found.json() as { searchables: { entityType: string; title: string; url: string }[] }).searchables;
    expect(hits.filter((h) => h.entityType === 'network_actuality').map((h) => h.title)).toEqual([
      'Le réseau au salon Interclima 2026',
    ]);
    expect(hits[0]?.url).toMatch(/^\/intranet\/network-news\/\d+$/);
  });

  it('stores the news illustrations as PNG files of type 9 that staff can download', async () => {
    const admin = await as('admin');
    const { body } = await admin<NetworkActualityList>('/network-actualities?pageSize=20');
    const illustrated = body.networkActualities.filter((n) => n.illustrationFiles.length > 0);
    expect(illustrated.length).toBeGreaterThanOrEqual(3);
    const fileId = illustrated[0]!.illustrationFiles[0]!.fileId;
    const [row] = await t.db.select().from(files).where(eq(files.id, fileId));
    expect(row).toMatchObject({ typeId: 9, mimeType: 'image/png' });
    const download = await (await as('dirigeant')).raw(`/files/${fileId}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it("gives the director's agency demands to process and verified customers, and the network more", async () => {
    const [lille] = await t.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.name, "Thermi'Nord Lille"));
    const director = await as('dirigeant');
    const mine = await director<DashboardContacts>(`/my-adherent-dashboard-contacts/${lille!.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.count_to_process).toBeGreaterThan(0);
    expect(mine.body.count_to_process_new_client).toBeGreaterThan(0);
    expect(mine.body.count_processed_last_month).toBeGreaterThan(0);
    expect(mine.body.count_verified_clients).toBeGreaterThan(0);
    const network = (await (await as('admin'))<DashboardContacts>('/network-dashboard-contacts')).body;
    expect(network.count_to_process).toBeGreaterThan(mine.body.count_to_process);
  });

  it('places every adherent on the map for the staff, not for the accountant', async () => {
    const { status, body } = await (await as('technicien'))<MapAdherentList>('/adherents?isForMap=true');
    expect(status).toBe(200);
    expect(body.adherents.length).toBeGreaterThanOrEqual(5);
    const regions = new Set(body.adherents.map((a) => a.regionId));
    expect(regions.size).toBe(5);
    expect(body.adherents.every((a) => a.agencies.length > 0 && a.admin !== null)).toBe(true);
    expect((await (await as('comptable'))('/adherents?isForMap=true')).status).toBe(403);
  });
});
