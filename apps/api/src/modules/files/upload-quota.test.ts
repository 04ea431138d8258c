import { randomBytes } from 'node:crypto';
import { FILE_MESSAGES } from '@reseau/contracts';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { loadConfig } from '../../config.js';
import { files } from '../../db/schema/index.js';
import { createMemoryStorage } from '../../integrations/storage/storage.js';

const KiB = 1024;
const HOUR = 3_600_000;
const storage = createMemoryStorage();
// A small quota, so that a test reaches it with a few small files.
const t = await buildTestApp({ UPLOAD_QUOTA_MB_PER_DAY: '1', UPLOAD_QUOTA_FILES_PER_DAY: '3' }, { storage });

/** "Fichier de document": PDF up to 50 Mo, far above this app's 1 Mo a day. */
const DOCUMENT_TYPE = 8;
/** A PDF of exactly `size` bytes: a real header, then random bytes. */
const pdfOf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size - 9)]);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

type Who = Parameters<typeof t.authHeader>[0];

async function upload(who: Who, bytes: Buffer, typeId = DOCUMENT_TYPE, name = 'devis.pdf') {
  const form = new FormData();
  form.append('typeId', String(typeId));
  form.append('file', new Blob([bytes]), name);
  const encoded = new Response(form);
  return t.app.inject({
    method: 'POST',
    url: '/api/files',
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')!, ...(await t.authHeader(who)) },
  });
}

const uploadsOf = (adminId: number) => t.db.select().from(files).where(eq(files.uploadedByAdminId, adminId));

/** Moves the admin's uploads back in time, as if made `age` ago. */
async function age(adminId: number, ms: number) {
  await t.db
    .update(files)
    .set({ createdAt: new Date(Date.now() - ms) })
    .where(eq(files.uploadedByAdminId, adminId));
}

function expectQuotaRefusal(res: Awaited<ReturnType<typeof upload>>, retryAfterAbout: number) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ code: 'upload_quota_exceeded', message: FILE_MESSAGES.uploadQuotaExceeded });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(retryAfterAbout - 60);
  expect(retryAfter).toBeLessThanOrEqual(retryAfterAbout);
}

describe('the daily upload quota of an account (POST /api/files)', () => {
  it('refuses the file past the daily count with 429 upload_quota_exceeded, until the oldest is a day old', async () => {
    const admin = await t.buildAdmin({ roleId: 4 });
    for (let i = 0; i < 3; i += 1) expect((await upload(admin, PNG, 2, `logo-${i}.png`)).statusCode).toBe(201);
    const keysBefore = storage.keys().length;

    expectQuotaRefusal(await upload(admin, PNG, 2, 'logo-4.png'), 24 * 3600);
    expect(await uploadsOf(admin.id)).toHaveLength(3);
    expect(storage.keys()).toHaveLength(keysBefore);

    // Another account has its own quota.
    const other = await t.buildAdmin({ roleId: 4 });
    expect((await upload(other, PNG, 2)).statusCode).toBe(201);

    // A rolling day: the window frees when the oldest upload leaves it.
    await age(admin.id, 23 * HOUR);
    expectQuotaRefusal(await upload(admin, PNG, 2), 3600);
    await age(admin.id, 24 * HOUR + 60_000);
    expect((await upload(admin, PNG, 2)).statusCode).toBe(201);
  });

  it('bounds the stream by the bytes left: the quota refusal, not the type size one, and nothing kept', async () => {
    const admin = await t.buildAdmin({ roleId: 4 });
    expect((await upload(admin, pdfOf(600 * KiB))).statusCode).toBe(201);
    const keysBefore = storage.keys().length;

    // 600 Kio more would pass 1 Mio: stopped at the 424 Kio left, far under the type's 50 Mo.
    expectQuotaRefusal(await upload(admin, pdfOf(600 * KiB)), 24 * 3600);
    expect(await uploadsOf(admin.id)).toHaveLength(1);
    expect(storage.keys()).toHaveLength(keysBefore);

    // What is left still takes a smaller file. (When the type's size is the smaller limit, it
    // still answers 413 file_too_large: files.test.ts, under the default quota.)
    expect((await upload(admin, pdfOf(400 * KiB))).statusCode).toBe(201);
  });

  it('refuses before reading a byte once nothing is left', async () => {
    const admin = await t.buildAdmin({ roleId: 4 });
    // Exactly the quota: allowed.
    expect((await upload(admin, pdfOf(1024 * KiB))).statusCode).toBe(201);
    expectQuotaRefusal(await upload(admin, PNG, 2), 24 * 3600);
  });

  it('answers the refusal over real HTTP, before or while the file streams, and keeps the connection usable', async () => {
    const admin = await t.buildAdmin({ roleId: 4 });
    const auth = await t.authHeader(admin);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const send = (size: number) => {
      const form = new FormData();
      form.append('typeId', String(DOCUMENT_TYPE));
      form.append('file', new Blob([pdfOf(size)], { type: 'application/pdf' }), 'gros.pdf');
      return fetch(`${address}/api/files`, { method: 'POST', body: form, headers: auth });
    };
    // Cut while streaming (1 Mio left, 8 Mio sent), then refused before a byte (nothing left).
    for (const [before, size] of [
      [0, 8 * 1024 * KiB],
      [1024 * KiB, 8 * 1024 * KiB],
    ] as const) {
      if (before > 0) expect((await upload(admin, pdfOf(before))).statusCode).toBe(201);
      const res = await send(size);
      expect(res.status).toBe(429);
      expect(await res.json()).toMatchObject({ code: 'upload_quota_exceeded' });
      expect((await fetch(`${address}/api/file-types`, { headers: auth })).status).toBe(200);
    }
  });

  it('counts uploads sent at once: never more than the quota is kept', async () => {
    const admin = await t.buildAdmin({ roleId: 4 });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(admin, PNG, 2, `logo-${i}.png`)));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
    const kept = await uploadsOf(admin.id);
    expect(kept).toHaveLength(3);
    expect(storage.keys().filter((key) => kept.some((row) => row.storageKey === key))).toHaveLength(3);
    // The refused ones left no bytes behind.
    const ids = answers.filter((r) => r.statusCode === 201).map((r) => (r.json() as { id: number }).id);
    expect(await t.db.select().from(files).where(inArray(files.id, ids))).toHaveLength(3);
  });

  it('is documented in the OpenAPI description of POST /files', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/files'].post.description).toContain('upload_quota_exceeded');
  });
});

describe('UPLOAD_QUOTA_MB_PER_DAY and UPLOAD_QUOTA_FILES_PER_DAY', () => {
  const base = { DEMO_MODE: 'true' };
  it('default to 1024 Mo and 300 files a day', () => {
    const config = loadConfig(base);
    expect(config.UPLOAD_QUOTA_MB_PER_DAY).toBe(1024);
    expect(config.UPLOAD_QUOTA_FILES_PER_DAY).toBe(300);
  });

  it('refuse a value that is not a positive whole number, naming the variable', () => {
    expect(() => loadConfig({ ...base, UPLOAD_QUOTA_MB_PER_DAY: '0' })).toThrow(/UPLOAD_QUOTA_MB_PER_DAY/);
    expect(() => loadConfig({ ...base, UPLOAD_QUOTA_FILES_PER_DAY: 'beaucoup' })).toThrow(/UPLOAD_QUOTA_FILES_PER_DAY/);
  });
});
