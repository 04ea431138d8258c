import { type AgencyDetail, agencyUpdateBodyOf } from '@reseau/contracts';
import { eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { admins, agencies, agencyPageContents } from '../schema/index.js';
import { seedDemoIfEmpty } from './demo.js';

describe('demo agency pages', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    t = await buildTestApp();
    expect(await seedDemoIfEmpty(t.db, t.storage)).toBe(true);
  });

  it('gives every agency a page (subtitle, sanitized text, pictures, logos) and 2 or 3 contents', async () => {
    const rows = await t.db.select().from(agencies);
    expect(rows.length).toBeGreaterThan(5);
    for (const agency of rows) {
      expect(agency.pageTitle).toContain(agency.city);
      expect(agency.pageDescription).toBe(sanitizeRichText(agency.pageDescription ?? ''));
      expect(agency.pageDescription).toContain('<p>');
      expect(agency.pageIllustrationFileId).not.toBeNull();
      expect(agency.publicAdvertisementFileId).not.toBeNull();
      expect(agency.pageLogosFiles.length).toBeGreaterThanOrEqual(2);
      expect(agency.pageLogosFiles.length).toBeLessThanOrEqual(6);
      const contents = await t.db.select().from(agencyPageContents).where(eq(agencyPageContents.agencyId, agency.id));
      expect(contents.length).toBeGreaterThanOrEqual(2);
      expect(contents.length).toBeLessThanOrEqual(3);
    }
    const network = await t.db.select().from(agencyPageContents).where(isNull(agencyPageContents.agencyId));
    expect(network.length).toBeGreaterThanOrEqual(3);
    expect(network.length).toBeLessThanOrEqual(4);
  });

  it('serves the page pictures to anyone, and lets the director save each of their seeded pages as it is', async () => {
    const [director] = await t.db.select().from(admins).where(eq(admins.emailAddress, 'dirigeant@demo.fr'));
    const headers = await t.authHeader(director!);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/agencies', headers })).json().agencies as { id: number }[];
    expect(mine.length).toBe(2);
    for (const { id } of mine) {
      const detail = (await t.app.inject({ method: 'GET', url: `/api/agencies/${id}`, headers })).json() as AgencyDetail;
      const fileIds = [
        detail.pageIllustrationFileId,
        detail.publicAdvertisementFileId,
        ...detail.pageLogosFiles.map((l) => l.fileId),
      ];
      for (const fileId of fileIds) {
        const res = await t.app.inject({ method: 'GET', url: `/api/files/${fileId}` });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toContain('image/png');
      }
      const body = {
        ...agencyUpdateBodyOf({ ...detail, settings: detail.settings! }),
        pageTitle: detail.pageTitle,
        pageDescription: detail.pageDescription,
        pageLogosFiles: detail.pageLogosFiles,
      };
      const saved = await t.app.inject({ method: 'PUT', url: `/api/agencies/${id}`, headers, payload: body });
      expect(saved.statusCode).toBe(204);
      const [row] = await t.db.select().from(agencies).where(eq(agencies.id, id));
      expect(row!.pageDescription).toBe(detail.pageDescription);
    }
  });
});
