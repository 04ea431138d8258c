import { FILE_NAME_HEADER, type FilePreviewWidth } from '@reseau/contracts/constants/files';
import { MESSAGES } from '@reseau/contracts/constants/messages';
import { useEffect, useState } from 'react';
import { isApiError } from '../lib/api-error';
import { saveBlob } from '../lib/save-blob';
import { api } from './http';

/** Documents may be large: a download gets the upload time-out rather than 10 s. */
const DOWNLOAD_TIMEOUT_MS = 60_000;

/** An API path (`/api/files/12` as the server writes file paths, or `/files/12`) for the HTTP client. */
export function apiPath(path: string): string {
  return path.replace(/^\/api(?=\/)/, '');
}

function fileName(response: Response, fallback: string): string {
  const header = response.headers.get(FILE_NAME_HEADER);
  if (!header) return fallback;
  try {
    return decodeURIComponent(header);
  } catch {
    return header;
  }
}

/**
 * What a failed download says: the spec's "Le fichier demandé est introuvable" when the file is
 * not there for the caller (404, spec 00 §8), the screen's own text otherwise (a network failure).
 */
export function downloadErrorText(error: unknown, otherwise: string): string {
  return isApiError(error) && error.status === 404 ? MESSAGES.fileNotFound : otherwise;
}

/** The bytes of a protected file (the token travels in a header, so an <img src> cannot fetch it). */
export async function fetchFile(path: string): Promise<{ blob: Blob; name: string }> {
  const response = await api.get<Response>(apiPath(path), { responseType: 'response', timeoutMs: DOWNLOAD_TIMEOUT_MS });
  return { blob: await response.blob(), name: fileName(response, 'document') };
}

/**
 * Downloads a file of the API under the sanitized name the server gives (spec 03 §7): the
 * document, the signed quote, the invoice, the intervention report…
 */
export async function downloadFile(
  path: string,
  fallbackName = 'document.pdf',
  onProgress?: (fraction: number) => void,
): Promise<void> {
  const response = await api.get<Response>(apiPath(path), { responseType: 'response', timeoutMs: DOWNLOAD_TIMEOUT_MS });
  const blob = onProgress ? await readWithProgress(response, onProgress) : await response.blob();
  saveBlob(blob, fileName(response, fallbackName));
}

/** The body read chunk by chunk, telling how much of the announced length has arrived (a long archive). */
async function readWithProgress(response: Response, onProgress: (fraction: number) => void): Promise<Blob> {
  const total = Number(response.headers.get('content-length')) || 0;
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  if (!response.body || total === 0) return response.blob();
  const reader = response.body.getReader();
  const chunks: BlobPart[] = [];
  let received = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    chunks.push(next.value);
    received += next.value.length;
    onProgress(Math.min(1, received / total));
  }
  return new Blob(chunks, { type });
}

/** GET /files/{id}, or the preview of an image at `width` (the original when it is not an image). */
export const filePath = (fileId: number, width?: FilePreviewWidth) =>
  width === undefined ? `/files/${fileId}` : `/files/${fileId}?width=${width}`;

/**
 * An object URL for a protected image (fetched with the session's token, since an <img src>
 * sends none), or null while it loads, without a path, or when it fails (the caller shows its
 * placeholder). The URL is revoked when the path changes or the component goes.
 */
export function useFileObjectUrl(path: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (!path) return;
    let cancelled = false;
    let objectUrl: string | null = null;
    fetchFile(path)
      .then(({ blob }) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => {
        // A picture that does not load leaves the placeholder in place.
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);
  return url;
}
