import { FILE_PREVIEW_WIDTHS } from '@reseau/contracts';
import { and, eq, getTableName, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { describe, expect, it, vi } from 'vitest';
import { buildContract, buildDocument, storeFile } from '../../../test/extranet-factories.js';
import { buildTestApp } from '../../../test/helper.js';
import { admins, backgroundJobs, files, signatureDocuments } from '../../db/schema/index.js';
import { pngOf } from '../../db/seed/demo-images.js';
import { capturingScheduler } from '../../jobs/testing/captured-jobs.js';
import { previewKey } from '../../kernel/files/preview.js';
import { STORAGE_DELETE_JOB, storageDeletionHandler } from '../../kernel/files/storage-deletion.js';
import { FILE_HOLDERS } from './holders-table.js';
import { sweepUnheldFiles, UNHELD_FILE_KEPT_MS, UNHELD_SWEEP_INTERVAL_MS, unheldCondition } from './unheld-sweep.js';

const { jobs, scheduler } = capturingScheduler();
const t = await buildTestApp({}, { scheduler });
const HOUR = 3_600_000;
const LOGO_TYPE = 2;
const PHOTO = pngOf(400, 200, (x, y) => [x % 256, y % 256, (x + y) % 256]);

const rowOf = async (id: number) => (await t.db.select().from(files).where(eq(files.id, id)))[0];

/** Moves files back in time, as if uploaded `age` ago. */
async function madeAgo(ids: number[], age: number) {
  await t.db
    .update(files)
    .set({ createdAt: new Date(Date.now() - age) })
    .where(inArray(files.id, ids));
}

/** A file uploaded through POST /files by a director, `age` ago; its row. */
async function uploadedAgo(age: number) {
  const director = await t.buildAdmin({ roleId: 4 });
  const id = await t.uploadAs(director, LOGO_TYPE, PHOTO, 'photo.png');
  await madeAgo([id], age);
  return { director, row: (await rowOf(id))! };
}

/** A stored PDF (no uploader: as imports and signed envelopes are), `age` ago. */
async function pdfAgo(age: number) {
  const row = await storeFile(t, Buffer.from('%PDF-1.7 test'));
  await madeAgo([row.id], age);
  return row;
}

const OLD = UNHELD_FILE_KEPT_MS + HOUR;

describe('the sweep of files nothing holds', () => {
  it('deletes an upload nothing holds a day after it was made: its row, its bytes and its previews', async () => {
    const { director, row } = await uploadedAgo(0);
    const preview = await t.app.inject({
      method: 'GET',
      url: `/api/files/${row.id}?width=192`,
      headers: await t.authHeader(director),
    });
    expect(preview.statusCode).toBe(200);
    expect(await t.storage.get(previewKey(row.storageKey, 192))).not.toBeNull();
    await madeAgo([row.id], OLD);

    expect(await sweepUnheldFiles(t)).toBeGreaterThanOrEqual(1);

    expect(await rowOf(row.id)).toBeUndefined();
    expect(await t.storage.get(row.storageKey)).toBeNull();
    for (const width of FILE_PREVIEW_WIDTHS) expect(await t.storage.get(previewKey(row.storageKey, width))).toBeNull();
    const res = await t.app.inject({ method: 'GET', url: `/api/files/${row.id}`, headers: await t.authHeader(director) });
    expect(res.statusCode).toBe(404);
  });

  it('keeps an upload younger than a day: its form may not be saved yet', async () => {
    const { row } = await uploadedAgo(UNHELD_FILE_KEPT_MS - HOUR);
    await sweepUnheldFiles(t);
    expect(await rowOf(row.id)).toBeDefined();
    expect(await t.storage.get(row.storageKey)).toEqual(PHOTO);
  });

  it('keeps an old file held by each kind of holder column', async () => {
    const avatar = await uploadedAgo(OLD);
    await t.db.update(admins).set({ avatarFileId: avatar.row.id }).where(eq(admins.id, avatar.director.id));

    const newsFile = await pdfAgo(OLD);
    await t.buildNetworkActuality({ joinedFiles: [{ fileId: newsFile.id }] });

    const documentFile = await pdfAgo(OLD);
    const agency = await t.buildAgency();
    const customer = await t.buildClient({ agencyIds: [agency.id] });
    const contract = await buildContract(t, { clientId: customer.id, agencyId: agency.id });
    await buildDocument(t, { agencyContractId: contract.id, fileId: documentFile.id });

    const toSign = await pdfAgo(OLD);
    await t.db.insert(signatureDocuments).values({
      agencyId: agency.id,
      clientFirstName: 'Jeanne',
      clientLastName: 'Martin',
      clientEmailAddress: 'jeanne.martin@test.fr',
      title: 'Contrat',
      pdfFiles: [{ pdfFileId: toSign.id }],
      provider: 'sandbox',
    });
    const loose = await pdfAgo(OLD);

    await sweepUnheldFiles(t);

    for (const held of [avatar.row, newsFile, documentFile, toSign]) {
      expect(await rowOf(held.id)).toBeDefined();
      expect(await t.storage.get(held.storageKey)).not.toBeNull();
    }
    expect(await rowOf(loose.id)).toBeUndefined();
  });

  it('works through a backlog in batches', async () => {
    const olds = await Promise.all([1, 2, 3, 4, 5].map(() => pdfAgo(OLD)));
    // Two a statement: the run goes on until a batch comes back short.
    expect(await sweepUnheldFiles(t, { batchSize: 2 })).toBeGreaterThanOrEqual(olds.length);
    for (const old of olds) expect(await rowOf(old.id)).toBeUndefined();
  });

  it('runs every hour on the scheduler', async () => {
    const job = jobs.get('unheld-files-sweep');
    expect(job?.intervalMs).toBe(UNHELD_SWEEP_INTERVAL_MS);
    const old = await pdfAgo(OLD);
    await job!.task();
    expect(await rowOf(old.id)).toBeUndefined();
  });

  it('reports bytes the storage failed to delete, once their rows are gone, and leaves them to a job written with the rows', async () => {
    const old = await pdfAgo(OLD);
    const failing = vi.spyOn(t.storage, 'delete').mockRejectedValue(new Error('bucket unreachable'));
    try {
      await expect(sweepUnheldFiles(t)).rejects.toThrow(/files nothing holds left on the storage/);
    } finally {
      failing.mockRestore();
    }
    expect(await rowOf(old.id)).toBeUndefined();
    const [job] = await t.db
      .select()
      .from(backgroundJobs)
      .where(and(eq(backgroundJobs.kind, STORAGE_DELETE_JOB), sql`${backgroundJobs.payload}->'keys' ? ${old.storageKey}`));
    expect(job?.state).toBe('pending');
    await storageDeletionHandler(t)(job!.payload, { jobId: job!.id });
    expect(await t.storage.get(old.storageKey)).toBeNull();
  });

  it('gives each file to one of two sweeps running at once', async () => {
    const olds = await Promise.all([1, 2, 3].map(() => pdfAgo(OLD)));
    const deleted = vi.spyOn(t.storage, 'delete');
    try {
      const counts = await Promise.all([sweepUnheldFiles(t), sweepUnheldFiles(t)]);
      expect(counts[0] + counts[1]).toBe(olds.length);
      const keys = deleted.mock.calls.map(([key]) => key);
      for (const old of olds) expect(keys.filter((key) => key === old.storageKey)).toHaveLength(1);
    } finally {
      deleted.mockRestore();
    }
  });

  it('asks every holder of FILE_HOLDERS (a new holder is covered without touching the sweep), and signature PDFs', () => {
    const text = t.db.select({ id: files.id }).from(files).where(unheldCondition()).toSQL().sql;
    const holderColumns = FILE_HOLDERS.filter((holder) => holder.entity !== 'upload').flatMap((holder) =>
      [...holder.fileColumns, ...(holder.fileListColumns ?? [])].map((column) => ({ holder, column })),
    );
    expect(holderColumns.length).toBeGreaterThan(20);
    for (const { holder, column } of holderColumns) {
      // The column's name in the database, as the app's dialect writes it (snake_case).
      const name = /^select "([^"]+)"/.exec(
        t.db
          .select({ c: column as PgColumn })
          .from(holder.table)
          .toSQL().sql,
      )?.[1];
      const qualified = `"${getTableName(holder.table)}"."${name}"`;
      expect(text, holder.entity).toContain(qualified);
    }
    expect(text).toContain('"signature_documents"."pdf_files"');
  });
});
