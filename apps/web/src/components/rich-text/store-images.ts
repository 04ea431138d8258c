import { RICH_TEXT_IMAGE_PATH } from '@reseau/contracts/constants/rich-text';
import { fetchFile } from '../../api/files';

const STORE_IMAGE = new RegExp(`^${RICH_TEXT_IMAGE_PATH}\\d+$`);

/** An image of our file store (`/api/files/{id}`), the only source a stored rich text keeps. */
export const isStoreImage = (src: unknown): src is string => typeof src === 'string' && STORE_IMAGE.test(src);

/**
 * Shows a store image in `img`. Files need the caller's token, which an <img src> does not send:
 * the bytes are fetched by the API client and shown from an object URL. Answers the cleanup,
 * which revokes it.
 */
export function showStoreImage(img: HTMLImageElement, src: string): () => void {
  let url: string | null = null;
  let done = false;
  fetchFile(src)
    .then(({ blob }) => {
      if (done) return;
      url = URL.createObjectURL(blob);
      img.src = url;
    })
    .catch(() => {
      if (!done) img.dataset.unavailable = '';
    });
  return () => {
    done = true;
    if (url) URL.revokeObjectURL(url);
  };
}
