import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FILE_TYPES } from '@reseau/contracts';
import { eq, sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { type Config, loadConfig } from '../src/config.js';
import { listenForSnapshots } from '../src/db/backup/snapshot-socket.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { files } from '../src/db/schema/index.js';
import { createLocalStorage } from '../src/integrations/storage/storage.js';
import { storeFile } from '../src/kernel/files/service.js';

/** A PDF of its own (random tail), so that its bytes can be compared after a restore. */
export const pdf = () => Buffer.concat([Buffer.from('%PDF-1.7\n%âãÏÓ\n'), randomBytes(40_000)]);

export const configFor = (root: string): Config =>
  loadConfig({ DEMO_MODE: 'true', PGLITE_DIR: join(root, 'pglite'), FILES_DIR: join(root, 'files') });

export const tempRoot = () => mkdtempSync(join(tmpdir(), 'reseau-backup-'));

/**
 * What server.ts runs on PGlite, without HTTP: the locked, migrated folder, its snapshot socket
 * and the local file storage. Starts from the run's migrated template when there is one (a
 * PostgreSQL run has none: the folder is migrated here).
 */
export async function startEmbeddedServer(root: string, opts: { afterSnapshot?: () => Promise<void> } = {}) {
  const config = configFor(root);
  const tarball = inject('testTemplate').pgliteTarball;
  const database = await openDatabase({
    dataDir: config.PGLITE_DIR,
    loadDataDir: tarball ? new Blob([readFileSync(tarball)]) : undefined,
  });
  await database.migrate();
  await database.db.execute(sql`create table backup_probe (batch int not null, n int not null)`);
  const snapshot = database.snapshot as NonNullable<Database['snapshot']>;
  const takeSnapshot = async () => {
    const taken = await snapshot({ filesDir: config.FILES_DIR });
    await opts.afterSnapshot?.(); // before the answer leaves, so before any file is archived
    return taken;
  };
  const socket = await listenForSnapshots(config.PGLITE_DIR, takeSnapshot, {
    info: () => {},
    warn: () => {},
    error: () => {},
  });
  const storage = createLocalStorage(config.FILES_DIR);
  return {
    config,
    database,
    storage,
    /** A file stored as uploads are (bytes, then the row): its row id. */
    addFile: async (bytes: Buffer) =>
      (
        await storeFile(database.db, storage, null, {
          fileType: FILE_TYPES.find((t) => t.fileTypeId === 14)!,
          clientFileName: 'devis.pdf',
          bytes,
        })
      ).id,
    /** Deletes a file as the app does (modules/quotations/webhook.ts): its row, then its bytes. */
    deleteFile: async (id: number) => {
      const [row] = await database.db.delete(files).where(eq(files.id, id)).returning({ storageKey: files.storageKey });
      await storage.delete((row as { storageKey: string }).storageKey);
    },
    /** One transaction of two rows with a pause between them, so that a snapshot can fall inside it. */
    insertBatch: (batch: number) =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into backup_probe values (${batch}, 1)`);
        await new Promise((r) => setImmediate(r));
        await tx.execute(sql`insert into backup_probe values (${batch}, 2)`);
      }),
    stop: async () => {
      await socket?.close();
      await database.close();
    },
  };
}

/** Opens a restored folder (nobody else has it) and reads what the tests check. */
export async function readRestored(config: Config) {
  const database = await openDatabase({ dataDir: config.PGLITE_DIR });
  try {
    const probe = await database.withConnection((q) => q('select batch, count(*)::int as rows from backup_probe group by batch'));
    const files = await database.withConnection((q) => q('select id, storage_key from files order by id'));
    return {
      batches: new Map(probe.map((r) => [r.batch as number, r.rows as number])),
      storageKeyOf: new Map(files.map((r) => [r.id as number, r.storage_key as string])),
    };
  } finally {
    await database.close();
  }
}
