import { createHash, randomBytes } from 'node:crypto';
import { FILE_TYPES } from '@reseau/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { startS3Server } from '../../../test/s3-server.js';
import { loadConfig } from '../../config.js';
import { files } from '../../db/schema/index.js';
import { createStorage } from '../../integrations/storage/create.js';

// The files routes on the S3 adapter that server.ts builds from FILES_S3_*, against s3rver.

const MiB = 1024 * 1024;
/** "Fichier de document": PDF among others, up to 50 Mo. */
const DOCUMENT_FILE = FILE_TYPES.find((type) => type.fileTypeId === 8)!;
/** "Conditions générales": PDF only, up to 10 Mo. */
const GENERAL_TERMS = FILE_TYPES.find((type) => type.fileTypeId === 16)!;
const bigPdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n%âãÏÓ\n'), randomBytes(size - 16)]);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const s3 = await startS3Server();
const storage = createStorage(
  loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), PAYMENT_PROVIDER: 'sandbox', ESIGN_PROVIDER: 'sandbox', ...s3.env }),
);
const t = await buildTestApp({}, { storage });

async function upload(typeId: number, name: string, bytes: Buffer) {
  const admin = await t.buildAdmin({ roleId: 1 });
  const form = new FormData();
  form.append('typeId', String(typeId));
  form.append('file', new Blob([bytes]), name);
  const encoded = new Response(form);
  const headers = { 'content-type': encoded.headers.get('content-type')!, ...(await t.authHeader(admin)) };
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/files',
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers,
  });
  return { res, admin };
}

describe('files on S3 storage', () => {
  it('POST /files streams to the bucket and GET /files/{id} gives the same bytes back', async () => {
    const bytes = bigPdf(12 * MiB);
    const { res, admin } = await upload(DOCUMENT_FILE.fileTypeId, 'plan.pdf', bytes);
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(files).where(eq(files.id, res.json().id));
    // In the bucket itself, not in a memory or disk store behind the app's back.
    expect(await s3.objectKeys()).toContain(row!.storageKey);

    const download = await t.app.inject({ method: 'GET', url: `/api/files/${row!.id}`, headers: await t.authHeader(admin) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(sha256(download.rawPayload)).toBe(sha256(bytes));
  });

  it("answers 413 past the type's maxSize and leaves no object nor unfinished upload in the bucket", async () => {
    const objects = await s3.objectKeys();
    const rows = (await t.db.select({ id: files.id }).from(files)).length;
    const { res } = await upload(GENERAL_TERMS.fileTypeId, 'cgv.pdf', bigPdf(GENERAL_TERMS.maxSize + 1));
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('file_too_large');
    expect(await s3.objectKeys()).toEqual(objects);
    expect(await s3.pendingUploads()).toEqual([]);
    expect((await t.db.select({ id: files.id }).from(files)).length).toBe(rows);
  });
});
