import type { DashboardContacts, MapAdherentList, NetworkActualityList } from '@reseau/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { agencies, files } from '../schema/index.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoIfEmpty } from './demo.js';
import { DEMO_NEWS } from './demo-news.js';
import { DEMO_CONTENT_REFS } from './demo-notifications.js';

/** What the intranet dashboard shows each demo account, through the API as the screen asks it. */
describe('demo seed: the dashboard', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    t = await buildTestApp();
    await seedDemoIfEmpty(t.db, t.storage);
  });

  async function as(account: keyof typeof DEMO_ACCOUNTS) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin',
      payload: { emailAddress: DEMO_ACCOUNTS[account].email, password: DEMO_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    const authorization = `Bearer ${res.json().accessToken}`;
    const raw = (url: string) => t.app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization } });
    return Object.assign(
      async <T>(url: string) => {
        const answer = await raw(url);
        return { status: answer.statusCode, body: answer.json() as T };
      },
      { raw },
    );
  }

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
