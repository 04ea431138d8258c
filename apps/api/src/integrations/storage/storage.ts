import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

/** Where file bytes live. The database keeps only the key. */
export interface FileStorage {
  put(key: string, bytes: Buffer, mimeType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

export function createLocalStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const p = resolve(join(base, key));
    // Keys are made by the server, but never let one escape the folder.
    if (!p.startsWith(`${base}/`)) throw new Error('invalid storage key');
    return p;
  };
  return {
    async put(key, bytes) {
      const p = pathOf(key);
      await mkdir(dirname(p), { recursive: true });
      await writeFile(p, bytes);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/** In-memory storage for tests: each test app gets its own. */
export function createMemoryStorage(): FileStorage {
  const store = new Map<string, Buffer>();
  return {
    put: async (key, bytes) => void store.set(key, bytes),
    get: async (key) => store.get(key) ?? null,
    delete: async (key) => void store.delete(key),
  };
}
