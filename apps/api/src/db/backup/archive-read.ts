import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { assertStorageKey } from '../../integrations/storage/storage.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  DATABASE_ENTRY,
  FILES_PREFIX,
  MANIFEST_ENTRY,
  type StoredEntry,
} from './manifest.js';

/** The archive is not one this code can restore: nothing was touched. The message is French. */
export class ArchiveRefused extends Error {}

const MAX_MANIFEST_BYTES = 256 * 1024 * 1024;

/**
 * Extracts the archive at `path`: the database tarball to `dbTarPath`, the files under
 * `filesDir` (both new paths: nothing existing is written), checking every entry's name, size and
 * SHA-256 against the manifest and that nothing is missing or extra. Answers the manifest.
 */
export async function extractBackupArchive(path: string, to: { dbTarPath: string; filesDir: string }): Promise<BackupManifest> {
  const seen = new Map<string, StoredEntry>();
  let manifestBytes: Buffer | null = null;
  await readTar(createReadStream(path).pipe(createGunzip()), async (header, body) => {
    if (header.type !== 'file') throw new ArchiveRefused(`élément inattendu dans l'archive : ${header.name}`);
    const size = header.size ?? 0;
    if (seen.has(header.name) || (header.name === MANIFEST_ENTRY && manifestBytes)) {
      throw new ArchiveRefused(`élément en double dans l'archive : ${header.name}`);
    }
    if (header.name === MANIFEST_ENTRY) {
      if (size > MAX_MANIFEST_BYTES) throw new ArchiveRefused('manifeste trop volumineux');
      manifestBytes = await readAll(body);
    } else if (header.name === DATABASE_ENTRY) {
      seen.set(header.name, await writeHashed(body, to.dbTarPath));
    } else if (header.name.startsWith(FILES_PREFIX)) {
      const key = header.name.slice(FILES_PREFIX.length);
      if (!isStorageKey(key)) throw new ArchiveRefused(`nom de fichier refusé dans l'archive : ${header.name}`);
      const target = join(to.filesDir, key);
      await mkdir(dirname(target), { recursive: true, mode: 0o700 });
      seen.set(header.name, await writeHashed(body, target));
    } else {
      throw new ArchiveRefused(`élément inattendu dans l'archive : ${header.name}`);
    }
  });
  if (!manifestBytes)
    throw new ArchiveRefused("l'archive n'a pas de manifeste (manifest.json) : ce n'est pas une sauvegarde complète");
  const manifest = parseManifest(manifestBytes);
  checkAgainst(manifest, seen);
  return manifest;
}

/**
 * Extracts PGlite's data-directory tarball (`dumpDataDir`: names relative to the data folder,
 * with a leading slash) into `dir`, refusing any name that would climb out of it.
 */
export async function extractDataDir(tarPath: string, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await readTar(createReadStream(tarPath), async (header, body) => {
    const rel = header.name.replace(/^\/+/, '').replace(/\/+$/, '');
    const segments = rel.split('/');
    if (rel !== '' && segments.some((s: string) => s === '' || s === '.' || s === '..')) {
      throw new ArchiveRefused(`nom refusé dans la copie de la base : ${header.name}`);
    }
    const target = join(dir, rel);
    if (header.type === 'directory') {
      await mkdir(target, { recursive: true, mode: 0o700 });
      body.resume();
    } else if (header.type === 'file') {
      await mkdir(dirname(target), { recursive: true, mode: 0o700 });
      await pipeline(body, createWriteStream(target, { flags: 'wx', mode: 0o600 }));
    } else {
      throw new ArchiveRefused(`élément inattendu dans la copie de la base : ${header.name}`);
    }
  });
}

/** Hands each entry to `onEntry` in order; a truncated or corrupted stream is an ArchiveRefused. */
async function readTar(source: Readable, onEntry: (header: tar.Header, body: Readable) => Promise<void>): Promise<void> {
  const extract = tar.extract();
  const piping = pipeline(source, extract);
  piping.catch(() => {}); // its failure also ends the loop below, which reports it
  try {
    for await (const entry of extract) await onEntry(entry.header, entry as unknown as Readable);
    await piping;
  } catch (err) {
    extract.destroy();
    source.destroy();
    if (err instanceof ArchiveRefused) throw err;
    throw new ArchiveRefused(`archive illisible ou tronquée (${(err as Error).message})`);
  }
}

/** A (small) entry's bytes; tar-stream's entries are streamx streams, without `toArray`. */
async function readAll(body: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function writeHashed(body: Readable, target: string): Promise<StoredEntry> {
  const hash = createHash('sha256');
  let size = 0;
  await pipeline(
    body,
    new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    }),
    createWriteStream(target, { flags: 'wx', mode: 0o600 }),
  );
  return { size, sha256: hash.digest('hex') };
}

function isStorageKey(key: string): boolean {
  try {
    assertStorageKey(key);
  } catch {
    return false;
  }
  return !key.startsWith('.'); // the storage's own folders (.partial, .backup) are never keys
}

function parseManifest(bytes: Buffer): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(bytes.toString('utf8')) as BackupManifest;
  } catch {
    throw new ArchiveRefused('manifeste illisible');
  }
  if (manifest?.format !== BACKUP_FORMAT) throw new ArchiveRefused("ce n'est pas une sauvegarde de la plateforme");
  if (manifest.formatVersion !== BACKUP_FORMAT_VERSION) {
    throw new ArchiveRefused(
      `format de sauvegarde ${manifest.formatVersion} inconnu de cette version (elle lit le format ${BACKUP_FORMAT_VERSION})`,
    );
  }
  if (manifest.database?.kind !== 'pglite' || !Array.isArray(manifest.files?.entries))
    throw new ArchiveRefused('manifeste incomplet');
  return manifest;
}

/** Every entry the manifest lists is there with its size and checksum, and nothing else is. */
function checkAgainst(manifest: BackupManifest, seen: Map<string, StoredEntry>) {
  const expected = new Map<string, StoredEntry>([[DATABASE_ENTRY, manifest.database]]);
  for (const f of manifest.files.entries) expected.set(`${FILES_PREFIX}${f.key}`, f);
  for (const [name, want] of expected) {
    const got = seen.get(name);
    if (!got) throw new ArchiveRefused(`élément manquant dans l'archive : ${name}`);
    if (got.size !== want.size || got.sha256 !== want.sha256) {
      throw new ArchiveRefused(`somme de contrôle fausse pour ${name} : l'archive est abîmée`);
    }
  }
  for (const name of seen.keys()) {
    if (!expected.has(name)) throw new ArchiveRefused(`élément absent du manifeste : ${name}`);
  }
  if (manifest.files.count !== manifest.files.entries.length)
    throw new ArchiveRefused('manifeste incohérent (nombre de fichiers)');
}
