import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage, createMemoryStorage, StorageLimitExceeded } from './storage.js';

const folder = await mkdtemp(join(tmpdir(), 'storage-'));
afterAll(() => rm(folder, { recursive: true, force: true }));
const local = createLocalStorage(folder);

async function* chunksOf(bytes: Buffer, size = 64 * 1024) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}
const filesUnder = async () =>
  (await readdir(folder, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);

describe.each([
  ['local disk', local],
  ['memory', createMemoryStorage()],
])('putStream (%s)', (_kind, storage) => {
  it('stores the stream whole and answers its size', async () => {
    const bytes = randomBytes(1024 * 1024 + 7);
    expect(await storage.putStream('2026/11/entier', chunksOf(bytes), { maxBytes: bytes.length })).toBe(bytes.length);
    // Buffer.compare: toEqual walks a megabyte element by element.
    expect(Buffer.compare((await storage.get('2026/11/entier'))!, bytes)).toBe(0);
  });

  it('fails past maxBytes and keeps nothing under the key', async () => {
    const bytes = randomBytes(300 * 1024);
    await expect(storage.putStream('2026/11/trop-gros', chunksOf(bytes), { maxBytes: bytes.length - 1 })).rejects.toBeInstanceOf(
      StorageLimitExceeded,
    );
    expect(await storage.get('2026/11/trop-gros')).toBeNull();
  });

  it('keeps nothing when the stream fails midway', async () => {
    async function* broken() {
      yield randomBytes(100 * 1024);
      throw new Error('connexion coupée');
    }
    await expect(storage.putStream('2026/11/coupe', broken(), { maxBytes: 10 * 1024 * 1024 })).rejects.toThrow(
      'connexion coupée',
    );
    expect(await storage.get('2026/11/coupe')).toBeNull();
  });
});

describe('local disk storage', () => {
  it('leaves no partial file behind a refused or broken stream', async () => {
    const names = await filesUnder();
    expect(names.sort()).toEqual(['entier']);
  });

  it('refuses keys that leave its folder, for every operation', async () => {
    for (const key of ['../x', '2026/../../x', '..']) {
      await expect(local.put(key, Buffer.from('x'), 'application/pdf')).rejects.toThrow('invalid storage key');
      await expect(local.putStream(key, chunksOf(Buffer.from('x')), { maxBytes: 10 })).rejects.toThrow('invalid storage key');
      await expect(local.get(key)).rejects.toThrow('invalid storage key');
      await expect(local.delete(key)).rejects.toThrow('invalid storage key');
    }
  });
});
