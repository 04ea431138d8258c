import { SIGNATURE_ARCHIVE_NAME, SIGNATURE_PDF_FILE_TYPE_ID } from '@reseau/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { storeFile } from '../../../test/extranet-factories.js';
import { buildTestApp } from '../../../test/helper.js';
import { backgroundJobs, files } from '../../db/schema/index.js';
import { capturingScheduler } from '../../jobs/testing/captured-jobs.js';
import { STORAGE_DELETE_JOB, storageDeletionHandler } from '../../kernel/files/storage-deletion.js';
import { ARCHIVE_KEPT_MS, ARCHIVE_SWEEP_INTERVAL_MS, sweepSignatureArchives } from './archive.js';
import { callsOf } from './test-kit.js';

const { jobs, scheduler } = capturingScheduler();
const t = await buildTestApp({}, { scheduler });
const { call, holder } = callsOf(t);
const HOUR = 3_600_000;

/** A file of `holder`'s made `age` ago: an archive (a zip) or a PDF to sign of the same type. */
async function madeAgo(adminId: number, age: number, kind: 'archive' | 'pdf') {
  const row =
    kind === 'archive'
      ? await storeFile(t, Buffer.from('PK archive'), SIGNATURE_PDF_FILE_TYPE_ID, SIGNATURE_ARCHIVE_NAME, 'application/zip')
      : await storeFile(t, Buffer.from('%PDF-1.7 contrat'), SIGNATURE_PDF_FILE_TYPE_ID, 'contrat.pdf', 'application/pdf');
  await t.db
    .update(files)
    .set({ uploadedByAdminId: adminId, createdAt: new Date(Date.now() - age) })
    .where(eq(files.id, row.id));
  return row;
}

const rowOf = async (id: number) => (await t.db.select().from(files).where(eq(files.id, id)))[0];

describe('the sweep of old signature archives', () => {
  it('deletes the archives older than a day with their bytes, and keeps newer ones and the PDFs to sign', async () => {
    const { admin } = await holder();
    const old = await madeAgo(admin.id, ARCHIVE_KEPT_MS + HOUR, 'archive');
    const fresh = await madeAgo(admin.id, ARCHIVE_KEPT_MS - HOUR, 'archive');
    const pdf = await madeAgo(admin.id, 30 * 24 * HOUR, 'pdf');
    expect((await call(admin, 'GET', `/files/${old.id}`)).statusCode).toBe(200);

    expect(await sweepSignatureArchives(t)).toBe(1);

    expect(await rowOf(old.id)).toBeUndefined();
    expect(await t.storage.get(old.storageKey)).toBeNull();
    expect((await call(admin, 'GET', `/files/${old.id}`)).statusCode).toBe(404);
    expect(await rowOf(fresh.id)).toBeDefined();
    expect(await t.storage.get(fresh.storageKey)).toEqual(Buffer.from('PK archive'));
    expect((await call(admin, 'GET', `/files/${fresh.id}`)).statusCode).toBe(200);
    expect(await rowOf(pdf.id)).toBeDefined();
    expect(await t.storage.get(pdf.storageKey)).not.toBeNull();
  });

  it('runs every hour on the scheduler', async () => {
    const job = jobs.get('signature-archives-sweep');
    expect(job?.intervalMs).toBe(ARCHIVE_SWEEP_INTERVAL_MS);
    const { admin } = await holder();
    const old = await madeAgo(admin.id, ARCHIVE_KEPT_MS + HOUR, 'archive');
    await job!.task();
    expect(await rowOf(old.id)).toBeUndefined();
  });

  it('reports bytes the storage failed to delete, once their rows are gone (a download answers 404)', async () => {
    const { admin } = await holder();
    const old = await madeAgo(admin.id, ARCHIVE_KEPT_MS + HOUR, 'archive');
    const failing = vi.spyOn(t.storage, 'delete').mockRejectedValue(new Error('bucket unreachable'));
    try {
      await expect(sweepSignatureArchives(t)).rejects.toThrow(/old signature archives left on the storage/);
    } finally {
      failing.mockRestore();
    }
    expect(await rowOf(old.id)).toBeUndefined();
    expect((await call(admin, 'GET', `/files/${old.id}`)).statusCode).toBe(404);
  });

  const deletionJobsOf = (storageKey: string) =>
    t.db
      .select()
      .from(backgroundJobs)
      .where(and(eq(backgroundJobs.kind, STORAGE_DELETE_JOB), sql`${backgroundJobs.payload}->'keys' ? ${storageKey}`));

  it('writes the deletion of the bytes as a job with the rows: done at once when the storage answers', async () => {
    const { admin } = await holder();
    const old = await madeAgo(admin.id, ARCHIVE_KEPT_MS + HOUR, 'archive');
    await sweepSignatureArchives(t);
    const [job, ...more] = await deletionJobsOf(old.storageKey);
    expect(more).toEqual([]);
    expect(job).toMatchObject({ state: 'sent', doneAt: expect.any(Date) });
  });

  it('leaves the bytes the storage failed to delete to their job, which deletes them once the storage is back', async () => {
    const { admin } = await holder();
    const old = await madeAgo(admin.id, ARCHIVE_KEPT_MS + HOUR, 'archive');
    const failing = vi.spyOn(t.storage, 'delete').mockRejectedValue(new Error('bucket unreachable'));
    try {
      await expect(sweepSignatureArchives(t)).rejects.toThrow(/old signature archives left on the storage/);
    } finally {
      failing.mockRestore();
    }
    const [job] = await deletionJobsOf(old.storageKey);
    expect(job).toMatchObject({ state: 'pending', payload: { keys: [old.storageKey] } });
    expect(await t.storage.get(old.storageKey)).not.toBeNull();
    // What the drainer runs for it (jobs/background-jobs.ts), failing while the storage does.
    const handler = storageDeletionHandler(t);
    const again = vi.spyOn(t.storage, 'delete').mockRejectedValue(new Error('bucket unreachable'));
    try {
      await expect(handler(job!.payload, { jobId: job!.id })).rejects.toThrow(/storage deletions failed/);
    } finally {
      again.mockRestore();
    }
    await handler(job!.payload, { jobId: job!.id });
    expect(await t.storage.get(old.storageKey)).toBeNull();
  });

  it('gives each old archive to one of two sweeps running at once', async () => {
    const { admin } = await holder();
    const olds = await Promise.all([1, 2, 3].map(() => madeAgo(admin.id, ARCHIVE_KEPT_MS + HOUR, 'archive')));
    const deleted = vi.spyOn(t.storage, 'delete');
    try {
      const counts = await Promise.all([sweepSignatureArchives(t), sweepSignatureArchives(t)]);
      expect(counts[0] + counts[1]).toBe(olds.length);
      expect(deleted).toHaveBeenCalledTimes(olds.length);
    } finally {
      deleted.mockRestore();
    }
  });
});
