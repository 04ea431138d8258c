import type { FilePreviewWidth } from '@reseau/contracts';
import type { FileStorage } from '../../integrations/storage/storage.js';

/** Larger images are refused by the decoder (a decompression bomb), and served whole instead. */
const MAX_INPUT_PIXELS = 50_000_000;

/** Where the preview of the file stored at `storageKey` is kept, beside it. */
export const previewKey = (storageKey: string, width: FilePreviewWidth) => `previews/${width}/${storageKey}`;

/** The previews this instance is making: a screen full of users opening the same new picture decodes it once. */
const making = new Map<string, Promise<Buffer | null>>();

/**
 * The WebP preview of an image at `width` (never wider than the image itself), made on its first
 * request and kept in the storage: later requests read the kept bytes. Requests arriving while it
 * is being made wait for that one (two instances may each make it: same bytes, same key). Null
 * when the original's bytes are gone; throws when the image cannot be decoded (the caller then
 * serves the original).
 */
export async function previewOf(storage: FileStorage, storageKey: string, width: FilePreviewWidth): Promise<Buffer | null> {
  const key = previewKey(storageKey, width);
  const kept = await storage.get(key);
  if (kept) return kept;
  const pending = making.get(key);
  if (pending) return pending;
  const made = makePreview(storage, storageKey, key, width).finally(() => making.delete(key));
  making.set(key, made);
  return made;
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
  return made;
}
