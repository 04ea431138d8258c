import { Image, type ImageProps } from '@mantine/core';
import type { FilePreviewWidth } from '@reseau/contracts/constants/files';
import type { ReactNode } from 'react';
import { filePath, useFileObjectUrl } from '../api/files';

/**
 * An image of the file store (GET /files/{id}), read with the session's token (see
 * useFileObjectUrl). While it loads, or if it fails, `fallback` holds its place.
 * `previewWidth`: the server's preview of that width (about twice the width shown, for dense
 * screens) instead of the original, which may be a photo many times larger than the box.
 */
export function FileImage({
  fileId,
  previewWidth,
  alt,
  fallback,
  ...props
}: { fileId: number; previewWidth?: FilePreviewWidth; alt: string; fallback: ReactNode } & ImageProps) {
  const src = useFileObjectUrl(filePath(fileId, previewWidth));
  return src ? <Image src={src} alt={alt} {...props} /> : fallback;
}
