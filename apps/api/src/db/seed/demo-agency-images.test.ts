import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { agencies, clients, files } from '../schema/index.js';
import { seedDemoIfEmpty } from './demo.js';

describe('demo agency logos and extranet advertisements', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    t = await buildTestApp();
    expect(await seedDemoIfEmpty(t.db, t.storage)).toBe(true);
  });

  it('gives every agency a logo (type 2) and an extranet advertisement (type 18)', async () => {
    const rows = await t.db.select().from(agencies);
    expect(rows.length).toBeGreaterThan(5);
    for (const agency of rows) {
      const [logo] = await t.db
        .select()
        .from(files)
        .where(eq(files.id, agency.logoFileId ?? 0));
      const [advertisement] = await t.db
        .select()
        .from(files)
        .where(eq(files.id, agency.extranetAdvertisementFileId ?? 0));
      expect(logo).toMatchObject({ typeId: 2, mimeType: 'image/png' });
      expect(advertisement).toMatchObject({ typeId: 18, mimeType: 'image/png' });
    }
  });

  it('serves both pictures to the demo customer of each of their agencies', async () => {
    const [client] = await t.db.select().from(clients).where(eq(clients.emailAddress, 'client@demo.fr'));
    const headers = await t.authHeader(client!);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/agencies', headers })).json().agencies as {
      id: number;
      logoFilePath: string | null;
    }[];
    expect(mine).toHaveLength(2);
    for (const { id, logoFilePath } of mine) {
      const detail = (await t.app.inject({ method: 'GET', url: `/api/agencies/${id}`, headers })).json() as {
        extranetAdvertisementFilePath: string | null;
      };
      for (const path of [logoFilePath, detail.extranetAdvertisementFilePath]) {
        expect(path).toMatch(/^\/api\/files\/\d+$/);
        const res = await t.app.inject({ method: 'GET', url: path!, headers });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toContain('image/png');
        // A real PNG, not an empty placeholder.
        expect(res.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      }
    }
  });
});
