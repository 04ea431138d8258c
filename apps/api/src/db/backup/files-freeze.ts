import { randomUUID } from 'node:crypto';
import { link, mkdir, readdir, rm, rmdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileStamp } from './manifest.js';

/** FILES_DIR's folder of frozen trees, beside `.partial`: a top-level dot folder is never a storage key. */
export const FROZEN_FOLDER = '.backup';

/**
 * Hard links to every stored file, under `FILES_DIR/.backup/<date>-<id>/<key>`, made while the
 * database snapshot still holds PGlite (db/backup/snapshot.ts). A file's row is deleted before its
 * bytes, so while no transaction can commit, every file the snapshot names is still on disk; its
 * link keeps the bytes for the archive even if they are deleted a second later, without copying
 * them (stored files are never rewritten in place). Answers the tree, or null when the folder's
 * filesystem refuses hard links: the archive then reads FILES_DIR itself, later (said to the operator).
 */
export async function freezeFiles(filesDir: string): Promise<string | null> {
  const root = resolve(filesDir);
  const tree = join(root, FROZEN_FOLDER, `${fileStamp()}-${randomUUID().slice(0, 8)}`);
  const made = new Set<string>();
  try {
    await mkdir(tree, { recursive: true, mode: 0o700 });
    for await (const key of storedKeys(root)) {
      const target = join(tree, key);
      if (!made.has(dirname(target))) {
        await mkdir(dirname(target), { recursive: true });
        made.add(dirname(target));
      }
      await link(join(root, key), target).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err; // deleted since listed: its row went before it
      });
    }
    return tree;
  } catch {
    await rm(tree, { recursive: true, force: true });
    return null;
  }
}

/** Removes a frozen tree once archived, and `.backup` with it when no other backup uses it. */
export async function releaseFrozenFiles(tree: string): Promise<void> {
  await rm(tree, { recursive: true, force: true });
  await rmdir(dirname(tree)).catch(() => {}); // not empty: another backup is under way
}

/** Removes the frozen trees a backup left behind (stopped half-way): called when the server starts. */
export async function sweepFrozenFiles(filesDir: string): Promise<void> {
  await rm(join(resolve(filesDir), FROZEN_FOLDER), { recursive: true, force: true });
}

/** The storage keys under `root` (files only, `a/b/c`), without the storage's own top-level dot folders. */
export async function* storedKeys(root: string, prefix = ''): AsyncGenerator<string> {
  const entries = await readdir(join(root, prefix), { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    if (!prefix && entry.name.startsWith('.')) continue; // .partial (uploads being written), .backup
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* storedKeys(root, key);
    else if (entry.isFile()) yield key;
  }
}
