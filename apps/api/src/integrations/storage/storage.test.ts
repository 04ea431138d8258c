import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../../test/s3-server.js';
import {
  createLocalStorage,
  createMemoryStorage,
  type FileStorage,
  PARTIAL_FOLDER,
  STALE_PARTIAL_MS,
  StorageLimitExceeded,
} from './storage.js';

// One contract, three adapters: what passes on memory in the other tests holds on disk and on S3.

const MiB = 1024 * 1024;
const folder = await mkdtemp(join(tmpdir(), 'storage-'));
afterAll(() => rm(folder, { recursive: true, force: true }));
const memory = createMemoryStorage();
const s3 = await startS3Server();

/** Every file under the local folder, partial ones included. */
const filesUnder = async () =>
  (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)))
    .sort();

const adapters: { kind: string; storage: FileStorage; stored: () => Promise<string[]> }[] = [
  { kind: 'local disk', storage: createLocalStorage(folder), stored: filesUnder },
  { kind: 'memory', storage: memory, stored: async () => memory.keys().sort() },
  {
    kind: 'S3 (s3rver)',
    storage: s3.storage,
    // Objects and unfinished multipart uploads: an aborted upload must leave neither.
    stored: async () => [...(await s3.objectKeys()), ...(await s3.pendingUploads()).map((id) => `upload:${id}`)],
  },
];

async function* chunksOf(bytes: Buffer, size = 64 * 1024) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each(adapters)('file storage contract ($kind)', ({ storage, stored }) => {
  it('puts, gets and deletes bytes under a key', async () => {
    const bytes = randomBytes(1000);
    await storage.put('2026/11/aller-retour', bytes, 'application/pdf');
    expect(Buffer.compare((await storage.get('2026/11/aller-retour'))!, bytes)).toBe(0);
    await storage.delete('2026/11/aller-retour');
    expect(await storage.get('2026/11/aller-retour')).toBeNull();
    // Deleting what is gone is not an error (a retried cleanup).
    await expect(storage.delete('2026/11/aller-retour')).resolves.toBeUndefined();
  });

  it('answers null for a key never stored', async () => {
    expect(await storage.get('2026/11/jamais-vu')).toBeNull();
    expect(await storage.getStream('2026/11/jamais-vu')).toBeNull();
  });

  it('reads ~6 MiB back as a stream, with its size', async () => {
    const bytes = randomBytes(6 * MiB + 7);
    await storage.putStream('2026/11/a-lire', chunksOf(bytes), { maxBytes: bytes.length });
    const stored = await storage.getStream('2026/11/a-lire');
    expect(stored?.size).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body) chunks.push(Buffer.from(chunk));
    expect(sha256(Buffer.concat(chunks))).toBe(sha256(bytes));
    await storage.delete('2026/11/a-lire');
  });

  it('streams ~10 MiB whole (several S3 parts) and answers its size', async () => {
    const bytes = randomBytes(10 * MiB + 123);
    expect(await storage.putStream('2026/11/entier', chunksOf(bytes), { maxBytes: bytes.length })).toBe(bytes.length);
    expect(sha256((await storage.get('2026/11/entier'))!)).toBe(sha256(bytes));
  });

  it('fails past maxBytes and keeps nothing, even after whole parts were sent', async () => {
    const before = await stored();
    const bytes = randomBytes(7 * MiB);
    await expect(storage.putStream('2026/11/trop-gros', chunksOf(bytes), { maxBytes: 6 * MiB })).rejects.toBeInstanceOf(
      StorageLimitExceeded,
    );
    expect(await storage.get('2026/11/trop-gros')).toBeNull();
    expect(await stored()).toEqual(before);
  });

  it('keeps nothing when the stream fails midway, early or after a part', async () => {
    const before = await stored();
    for (const sent of [100 * 1024, 6 * MiB]) {
      async function* broken() {
        yield* chunksOf(randomBytes(sent));
        throw new Error('connexion coupée');
      }
      await expect(storage.putStream('2026/11/coupe', broken(), { maxBytes: 10 * MiB })).rejects.toThrow('connexion coupée');
      expect(await storage.get('2026/11/coupe')).toBeNull();
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses keys that climb out or start at the root, for every operation', async () => {
    const before = await stored();
    for (const key of ['../x', '2026/../../x', '2026/../x', '..', '/etc/passwd', '2026//x', '2026\\..\\x', '']) {
      await expect(storage.put(key, Buffer.from('x'), 'application/pdf')).rejects.toThrow('invalid storage key');
      await expect(storage.putStream(key, chunksOf(Buffer.from('x')), { maxBytes: 10 })).rejects.toThrow('invalid storage key');
      await expect(storage.get(key)).rejects.toThrow('invalid storage key');
      await expect(storage.getStream(key)).rejects.toThrow('invalid storage key');
      await expect(storage.delete(key)).rejects.toThrow('invalid storage key');
    }
    expect(await stored()).toEqual(before);
  });
});

describe('local disk storage', () => {
  it('leaves no partial file behind a refused or broken stream', async () => {
    expect(await filesUnder()).toEqual(['2026/11/entier']);
  });

  it('writes an upload in its .partial folder, away from the keys, until it is whole', async () => {
    const storage = createLocalStorage(folder);
    let during: string[] = [];
    async function* watched() {
      yield Buffer.from('début');
      during = await filesUnder();
      yield Buffer.from(' et fin');
    }
    await storage.putStream('2026/11/suivi', watched(), { maxBytes: 100 });
    expect(during.filter((f) => f !== '2026/11/entier')).toEqual([expect.stringMatching(/^\.partial\/[0-9a-f-]{36}\.part$/)]);
    expect(await filesUnder()).toEqual(['2026/11/entier', '2026/11/suivi']);
    await storage.delete('2026/11/suivi');
  });

  it('refuses the keys of the partial folder, so that no key reads or removes an upload under way', async () => {
    const storage = createLocalStorage(folder);
    for (const key of [PARTIAL_FOLDER, `${PARTIAL_FOLDER}/x.part`]) {
      await expect(storage.get(key)).rejects.toThrow('invalid storage key');
      await expect(storage.delete(key)).rejects.toThrow('invalid storage key');
      await expect(storage.put(key, Buffer.from('x'), 'application/pdf')).rejects.toThrow('invalid storage key');
    }
  });

  it('removes at start the partial files a crash left, not one another instance is writing', async () => {
    const store = await mkdtemp(join(tmpdir(), 'storage-crash-'));
    try {
      await mkdir(join(store, PARTIAL_FOLDER));
      const [crashed, writing] = ['crashed.part', 'writing.part'].map((name) => join(store, PARTIAL_FOLDER, name));
      await writeFile(crashed!, 'moitié');
      await writeFile(writing!, 'en cours');
      const lastWrite = (Date.now() - STALE_PARTIAL_MS - 60_000) / 1000;
      await utimes(crashed!, lastWrite, lastWrite);
      await writeFile(join(store, 'kept'), 'fichier');

      const storage = createLocalStorage(store);
      expect(await storage.swept).toBe(1);
      expect((await readdir(store, { recursive: true })).sort()).toEqual([
        PARTIAL_FOLDER,
        `${PARTIAL_FOLDER}/writing.part`,
        'kept',
      ]);
    } finally {
      await rm(store, { recursive: true, force: true });
    }
  });

  it('starts on a store where nothing was ever uploaded', async () => {
    const store = await mkdtemp(join(tmpdir(), 'storage-new-'));
    try {
      expect(await createLocalStorage(store).swept).toBe(0);
    } finally {
      await rm(store, { recursive: true, force: true });
    }
  });
});
