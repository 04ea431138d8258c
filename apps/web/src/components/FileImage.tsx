import { Image, type ImageProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFileObjectUrl } from '../api/files';

/**
 * An image of the file store (GET /files/{id}), read with the session's token (see
 * useFileObjectUrl). While it loads, or if it fails, `fallback` holds its place.
 */
export function FileImage({
  fileId,
  alt,
  fallback,
  ...props
}: { fileId: number; alt: string; fallback: ReactNode } & ImageProps) {
  const src = useFileObjectUrl(`/files/${fileId}`);
  return src ? <Image src={src} alt={alt} {...props} /> : fallback;
}
