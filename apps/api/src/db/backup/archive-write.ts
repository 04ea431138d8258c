import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { storedKeys } from './files-freeze.js';
import {
  appVersion,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  DATABASE_ENTRY,
  FILES_PREFIX,
  MANIFEST_ENTRY,
  type MigrationState,
  type StoredEntry,
} from './manifest.js';

export interface DatabaseSource {
  body: Readable;
  size: number;
  migrations: MigrationState;
  /** The files as frozen at the snapshot (files-freeze.ts), or null: FILES_DIR is read as it is. */
  filesTree: string | null;
}

/**
 * Writes `path` (gzip-compressed tar, mode 0600: it holds every password hash) from the database
 * tarball, then the files of `filesDir`, then the manifest; each entry is streamed and hashed on
 * its way, nothing is held whole in memory but the manifest. Written as `<path>.part` and renamed
 * once complete, so a half-written archive never carries the final name.
 */
export async function writeBackupArchive(path: string, database: DatabaseSource, filesDir: string): Promise<BackupManifest> {
  const createdAt = new Date().toISOString(); // the snapshot was just taken
  const partPath = `${path}.part`;
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), createWriteStream(partPath, { flags: 'wx', mode: 0o600 }));
  written.catch(() => {}); // awaited below; a failure of an entry is the one reported
  try {
    const db = await addEntry(pack, DATABASE_ENTRY, database.size, database.body);
    const files: BackupManifest['files'] = { count: 0, bytes: 0, entries: [] };
    for await (const key of storedKeys(filesDir)) {
      const entry = await addFile(pack, filesDir, key);
      if (!entry) continue; // deleted since it was listed (FILES_DIR read directly): its row went first
      files.entries.push({ key, ...entry });
      files.count++;
      files.bytes += entry.size;
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt,
      appVersion: appVersion(),
      database: { kind: 'pglite', entry: DATABASE_ENTRY, migrations: database.migrations, ...db },
      files,
    };
    const json = Buffer.from(JSON.stringify(manifest, null, 1));
    await addEntry(pack, MANIFEST_ENTRY, json.length, Readable.from([json]));
    pack.finalize();
    await written;
    await rename(partPath, path);
    return manifest;
  } catch (err) {
    pack.destroy();
    await written.catch(() => {});
    await rm(partPath, { force: true });
    throw err;
  }
}

/** One entry of exactly `size` bytes from `body`, hashed on the way. */
async function addEntry(pack: tar.Pack, name: string, size: number, body: Readable): Promise<StoredEntry> {
  const hash = createHash('sha256');
  const entry = pack.entry({ name, size, mode: 0o600, mtime: new Date() });
  await pipeline(
    body,
    new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    }),
    entry,
  );
  return { size, sha256: hash.digest('hex') };
}

/** A stored file, read through one open handle (its size as it was opened); null if it is gone. */
async function addFile(pack: tar.Pack, filesDir: string, key: string): Promise<StoredEntry | null> {
  const handle = await open(join(filesDir, key), 'r').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (!handle) return null;
  const { size } = await handle.stat();
  const name = `${FILES_PREFIX}${key}`;
  if (size === 0) {
    await handle.close();
    return addEntry(pack, name, 0, Readable.from([]));
  }
  // Stored files are never rewritten (every upload has a new key), so `size` bytes are the file.
  return addEntry(pack, name, size, createReadStream('', { fd: handle, start: 0, end: size - 1 }));
}
