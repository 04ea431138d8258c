import { Avatar } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { FileImage } from './FileImage';

/** A person's small picture in a table row (decorative: the name beside it says who it is). */
export function PersonAvatar({ fileId, size = 32 }: { fileId: number | null; size?: number }) {
  const placeholder = (
    <Avatar size={size} radius="xl" color="gray" aria-hidden="true">
      <IconUser size={Math.round(size * 0.55)} />
    </Avatar>
  );
  return fileId ? (
    <FileImage fileId={fileId} previewWidth={96} alt="" w={size} h={size} radius={size} fit="cover" fallback={placeholder} />
  ) : (
    placeholder
  );
}
