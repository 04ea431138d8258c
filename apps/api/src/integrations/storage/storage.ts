import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Stored bytes being read: the stream and its size (a download's content-length). */
export interface StoredStream {
  body: Readable;
  size: number;
}

/** Where file bytes live. The database keeps only the key. */
export interface FileStorage {
  put(key: string, bytes: Buffer, mimeType: string): Promise<void>;
  /**
   * Writes a stream under the key, whole or not at all: a failure of the stream, or more than
   * `maxBytes` bytes (StorageLimitExceeded), leaves nothing behind. Answers the byte count.
   */
  putStream(key: string, source: AsyncIterable<Uint8Array>, opts: { maxBytes: number }): Promise<number>;
  get(key: string): Promise<Buffer | null>;
  /** The bytes as a stream, never whole in memory (downloads); null when the key holds nothing. */
  getStream(key: string): Promise<StoredStream | null>;
  delete(key: string): Promise<void>;
}

/** The stream given to putStream was longer than its `maxBytes`. */
export class StorageLimitExceeded extends Error {
  constructor(readonly maxBytes: number) {
    super(`stream larger than ${maxBytes} bytes`);
  }
}

/**
 * Every adapter refuses the same keys, so a key that works in tests works on S3 too. Keys are made
 * by the server (`2026/11/<uuid>`), but a key that could climb out of a folder or mean something
 * else to another store (`..`, a leading `/`, an empty segment, a backslash) is a bug: refuse it.
 */
export function assertStorageKey(key: string): void {
  const segments = key.split('/');
  if (key.length === 0 || key.length > 512 || /[\\\0]/.test(key) || segments.some((s) => s === '' || s === '.' || s === '..')) {
    throw new Error('invalid storage key');
  }
}

/** Passes the chunks on, counting them, and fails past `maxBytes`. */
export function counted(maxBytes: number, onSize: (size: number) => void) {
  return async function* (source: AsyncIterable<Uint8Array>) {
    let size = 0;
    for await (const chunk of source) {
      size += chunk.length;
      if (size > maxBytes) throw new StorageLimitExceeded(maxBytes);
      onSize(size);
      yield chunk;
    }
  };
}

/** The store's folder of uploads being written, beside the keys' folders. */
export const PARTIAL_FOLDER = '.partial';
/** A partial file nobody wrote to for this long belongs to a process that died during an upload. */
export const STALE_PARTIAL_MS = 15 * 60_000;

/**
 * The FILES_DIR folder. An upload is written in its `.partial` folder, then renamed under its key
 * (the same disk, so atomic); a process that dies meanwhile leaves it there, out of the keys'
 * way, and the next start removes it (`swept`: how many went). Only the stale ones: another
 * instance sharing the folder may be writing one right now.
 */
export function createLocalStorage(root: string): FileStorage & { swept: Promise<number> } {
  const base = resolve(root);
  const partials = join(base, PARTIAL_FOLDER);
  const pathOf = (key: string) => {
    assertStorageKey(key);
    const p = resolve(join(base, key));
    // Keys are made by the server, but never let one escape the folder, nor reach the partial files.
    if (!p.startsWith(`${base}/`) || p === partials || p.startsWith(`${partials}/`)) throw new Error('invalid storage key');
    return p;
  };
  return {
    swept: sweepPartials(partials, Date.now() - STALE_PARTIAL_MS),
    async put(key, bytes) {
      const p = pathOf(key);
      await mkdir(dirname(p), { recursive: true });
      await writeFile(p, bytes);
    },
    async putStream(key, source, { maxBytes }) {
      const p = pathOf(key);
      await Promise.all([mkdir(dirname(p), { recursive: true }), mkdir(partials, { recursive: true })]);
      // Same disk, so the rename is atomic: a reader never sees half a file under the key.
      const partial = join(partials, `${randomUUID()}.part`);
      let size = 0;
      try {
        await pipeline(
          source,
          counted(maxBytes, (s) => {
            size = s;
          }),
          createWriteStream(partial, { flags: 'wx' }),
        );
        await rename(partial, p);
        return size;
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async getStream(key) {
      // Opened first, then measured: a file replaced meanwhile cannot mix two sizes.
      const handle = await open(pathOf(key), 'r').catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
      if (!handle) return null;
      try {
        const { size } = await handle.stat();
        return { body: handle.createReadStream(), size };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/**
 * Removes the partial files last written before `before`; answers how many. Never fails (it runs
 * unawaited at start): a folder missing (nothing uploaded yet) or an entry it cannot remove is
 * left to the next start.
 */
async function sweepPartials(folder: string, before: number): Promise<number> {
  const names = await readdir(folder).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const path = join(folder, name);
    const stale = await stat(path).then(
      (s) => s.mtimeMs < before,
      () => false,
    );
    if (
      stale &&
      (await rm(path, { force: true, recursive: true }).then(
        () => true,
        () => false,
      ))
    )
      removed += 1;
  }
  return removed;
}

/** In-memory storage for tests: each test app gets its own. */
export function createMemoryStorage(): FileStorage & { keys(): string[] } {
  const store = new Map<string, Buffer>();
  return {
    put: async (key, bytes) => {
      assertStorageKey(key);
      store.set(key, bytes);
    },
    async putStream(key, source, { maxBytes }) {
      assertStorageKey(key);
      const chunks: Uint8Array[] = [];
      for await (const chunk of counted(maxBytes, () => {})(source)) chunks.push(chunk);
      const bytes = Buffer.concat(chunks);
      store.set(key, bytes);
      return bytes.length;
    },
    get: async (key) => {
      assertStorageKey(key);
      return store.get(key) ?? null;
    },
    getStream: async (key) => {
      assertStorageKey(key);
      const bytes = store.get(key);
      return bytes ? { body: Readable.from([bytes]), size: bytes.length } : null;
    },
    delete: async (key) => {
      assertStorageKey(key);
      store.delete(key);
    },
    keys: () => [...store.keys()],
  };
}
