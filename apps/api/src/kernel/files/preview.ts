import { setTimeout as sleep } from 'node:timers/promises';
import type { FilePreviewWidth } from '@reseau/contracts';
import { TRY_LOCK, UNLOCK } from '../../db/advisory-lock.js';
import type { Database } from '../../db/client.js';
import type { FileStorage } from '../../integrations/storage/storage.js';
import { domainMetrics } from '../../lib/metrics.js';

/** Larger images are refused by the decoder (a decompression bomb), and served whole instead. */
const MAX_INPUT_PIXELS = 50_000_000;

/** Where the preview of the file stored at `storageKey` is kept, beside it. */
export const previewKey = (storageKey: string, width: FilePreviewWidth) => `previews/${width}/${storageKey}`;

/** While another instance makes a preview, this one asks again for its lock this often… */
const LOCK_RETRY_MS = 50;
/** …and makes the preview itself past this wait (the maker is stuck): a slow answer, not a failed one. */
const LOCK_WAIT_MAX_MS = 30_000;

/** The previews this instance is making: a screen full of users opening the same new picture decodes it once. */
const making = new Map<string, Promise<Buffer | null>>();

/**
 * The WebP preview of an image at `width` (never wider than the image itself), made on its first
 * request and kept in the storage: later requests read the kept bytes. Requests arriving while it
 * is being made wait for that one, on this instance (the map above) and on the others
 * (makePreviewOnce). Null when the original's bytes are gone; throws when the image cannot be
 * decoded (the caller then serves the original).
 */
export async function previewOf(
  database: Database,
  storage: FileStorage,
  storageKey: string,
  width: FilePreviewWidth,
): Promise<Buffer | null> {
  const key = previewKey(storageKey, width);
  const kept = await storage.get(key);
  if (kept) return kept;
  const pending = making.get(key);
  if (pending) return pending;
  const made = makePreviewOnce(database, storage, storageKey, width).finally(() => making.delete(key));
  making.set(key, made);
  return made;
}

/**
 * Makes the preview under an advisory lock of its key, so that instances asked for it at the same
 * moment decode the image once in the whole cluster: the one that gets the lock makes and stores
 * it; the others ask again for the lock until it is free, then read what was stored. The lock is
 * a session lock on a connection held while the image is decoded (no transaction open: PGlite's
 * one connection stays free for the other requests); a maker that dies takes its lock with it.
 */
export async function makePreviewOnce(
  database: Database,
  storage: FileStorage,
  storageKey: string,
  width: FilePreviewWidth,
): Promise<Buffer | null> {
  const key = previewKey(storageKey, width);
  const lockName = `file-preview:${key}`;
  const giveUpAt = Date.now() + LOCK_WAIT_MAX_MS;
  for (;;) {
    const outcome = await database.withConnection(async (query) => {
      const [row] = await query(TRY_LOCK, [lockName]);
      if (row?.locked !== true) return undefined;
      try {
        // Made by another instance while this one waited for the lock.
        const kept = await storage.get(key);
        return { preview: kept ?? (await makePreview(storage, storageKey, key, width)) };
      } finally {
        await query(UNLOCK, [lockName]);
      }
    });
    if (outcome) return outcome.preview;
    if (Date.now() > giveUpAt) return makePreview(storage, storageKey, key, width);
    await sleep(LOCK_RETRY_MS);
  }
}

async function makePreview(
  storage: FileStorage,
  storageKey: string,
  key: string,
  width: FilePreviewWidth,
): Promise<Buffer | null> {
  const original = await storage.get(storageKey);
  if (!original) return null;
  // Loaded on the first preview: libvips is not needed to start, nor by an instance that makes none.
  const { default: sharp } = await import('sharp');
  const made = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate() // as the camera held it (EXIF orientation), which the preview no longer carries
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer();
  await storage.put(key, made, 'image/webp');
  domainMetrics.previewsMade.inc();
  return made;
}
