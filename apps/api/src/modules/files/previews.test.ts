import { FILE_NAME_HEADER } from '@reseau/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { storeFile } from '../../../test/extranet-factories.js';
import { buildTestApp } from '../../../test/helper.js';
import { files } from '../../db/schema/index.js';
import { pngOf } from '../../db/seed/demo-images.js';
import { makePreviewOnce, previewKey } from '../../kernel/files/preview.js';

const t = await buildTestApp();

/** An 800 × 400 photo-like PNG (a gradient: it does not compress to nothing). */
const PHOTO = pngOf(800, 400, (x, y) => [x % 256, y % 256, (x + y) % 256]);
const LOGO_TYPE = 2;

async function preview(who: Parameters<typeof t.authHeader>[0] | null, id: number, width?: number | string) {
  const query = width === undefined ? '' : `?width=${width}`;
  return t.app.inject({ method: 'GET', url: `/api/files/${id}${query}`, headers: who ? await t.authHeader(who) : {} });
}

const storageKeyOf = async (id: number) => (await t.db.select().from(files).where(eq(files.id, id)))[0]!.storageKey;

describe('GET /api/files/{id}?width=', () => {
  it("serves an image's WebP preview at the width asked, made once and kept", async () => {
    const director = await t.buildAdmin({ roleId: 4 });
    const id = await t.uploadAs(director, LOGO_TYPE, PHOTO, 'façade.png');
    const agency = await t.buildAgency({ logoFileId: id });
    const reader = await t.buildAdmin({ roleId: 9 });

    const res = await preview(reader, id, 192);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers[FILE_NAME_HEADER]).toBe(encodeURIComponent('façade.webp'));
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 192, height: 96 });
    expect(res.rawPayload.length).toBeLessThan(PHOTO.length / 10);
    // Kept beside the original: the next request reads it instead of decoding the photo again.
    const kept = await t.storage.get(previewKey(await storageKeyOf(id), 192));
    expect(kept).toEqual(res.rawPayload);
    expect((await preview(reader, id, 192)).rawPayload).toEqual(kept);
    // Without a width, the original as it was uploaded.
    expect((await preview(reader, id)).rawPayload).toEqual(PHOTO);
    expect(agency.logoFileId).toBe(id);
  });

  it('makes a preview once when several requests ask for it at the same moment', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const id = await t.uploadAs(admin, LOGO_TYPE, PHOTO, 'logo.png');
    await t.buildAgency({ logoFileId: id });
    const writes = vi.spyOn(t.storage, 'put');
    try {
      const answers = await Promise.all([1, 2, 3].map(() => preview(admin, id, 384)));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      expect(new Set(answers.map((a) => a.rawPayload.toString('base64'))).size).toBe(1);
      expect(writes).toHaveBeenCalledTimes(1);
    } finally {
      writes.mockRestore();
    }
  });

  it('makes a preview once when two instances ask for it at the same moment', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const id = await t.uploadAs(admin, LOGO_TYPE, PHOTO, 'vitrine.png');
    const storageKey = await storageKeyOf(id);
    const writes = vi.spyOn(t.storage, 'put');
    try {
      // What each instance does past its own dedupe: the database's lock is all they share.
      const made = await Promise.all([1, 2, 3].map(() => makePreviewOnce(t.database, t.storage, storageKey, 192)));
      expect(made.every((bytes) => bytes !== null && bytes.equals(made[0]!))).toBe(true);
      expect(writes).toHaveBeenCalledTimes(1);
      expect(await t.storage.get(previewKey(storageKey, 192))).toEqual(made[0]);
    } finally {
      writes.mockRestore();
    }
  });

  it('never enlarges an image narrower than the width asked', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const id = await t.uploadAs(admin, LOGO_TYPE, PHOTO, 'logo.png');
    await t.buildAgency({ logoFileId: id });
    const res = await preview(admin, id, 768);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 768, height: 384 });
    const small = await t.uploadAs(
      admin,
      LOGO_TYPE,
      pngOf(60, 30, () => [200, 10, 10]),
      'petit.png',
    );
    await t.buildAgency({ logoFileId: small });
    expect(await sharp((await preview(admin, small, 96)).rawPayload).metadata()).toMatchObject({ width: 60, height: 30 });
  });

  it('serves a file that is not an image whole, and an image it cannot read whole', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const pdf = await storeFile(t, Buffer.from('%PDF-1.7 conditions'), 16, 'cgv.pdf');
    const broken = await storeFile(t, Buffer.from('pas une image'), LOGO_TYPE, 'abîmé.png', 'image/png');
    await t.buildAgency({ generalTermsFileId: pdf.id, logoFileId: broken.id });
    const terms = await preview(admin, pdf.id, 192);
    expect(terms.statusCode).toBe(200);
    expect(terms.headers['content-type']).toBe('application/pdf');
    expect(terms.rawPayload).toEqual(Buffer.from('%PDF-1.7 conditions'));
    const whole = await preview(admin, broken.id, 192);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/png');
    expect(whole.rawPayload).toEqual(Buffer.from('pas une image'));
  });

  it("keeps the file's read rule: 404 to a caller who may not read it, and no preview made for them", async () => {
    const owner = await t.buildAdmin({ roleId: 4 });
    // An admin's picture no entity holds: its uploader reads it, a customer or a visitor never.
    const avatar = await t.uploadAs(owner, 1, PHOTO, 'moi.png');
    expect((await preview(await t.buildClient(), avatar, 96)).statusCode).toBe(404);
    expect((await preview(null, avatar, 96)).statusCode).toBe(404);
    expect(await t.storage.get(previewKey(await storageKeyOf(avatar), 96))).toBeNull();
    // An agency's photo is public: its preview is served to anyone, and shared caches keep it an hour.
    const photo = await t.uploadAs(owner, 3, PHOTO, 'agence.png');
    await t.buildAgency({ illustrationFileId: photo });
    const open = await preview(null, photo, 384);
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-type']).toBe('image/webp');
    expect(open.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('refuses a width it does not make, in French', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const id = await t.uploadAs(admin, LOGO_TYPE, PHOTO, 'logo.png');
    for (const width of [100, 0, 'large', 192.5]) {
      const res = await preview(admin, id, width);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation_failed',
        errors: { width: ["La largeur doit être l'une de : 96, 192, 384, 768."] },
      });
    }
  });
});
