import { ActionIcon, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../i18n';
import { FileImage } from '../FileImage';
import { FileDropzone } from './FileDropzone';

export interface HeldImage {
  fileId: number;
}

interface HeldImagesFieldProps {
  fileTypeId: number;
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  /** 1 for a single picture: a new upload then replaces the held one (spec 01 §4). */
  maxFiles: number;
  value: HeldImage[];
  onChange: (images: HeldImage[]) => void;
  /** How a held image is named for its remove button, by position (1-based). */
  nameOf: (index: number) => string;
}

/**
 * Pictures an entity holds (an agency page's illustration, logos, advertisement): a thumbnail and a
 * remove button per picture, and the dropzone for more (upload first, then the form saves the ids).
 */
export function HeldImagesField({
  fileTypeId,
  label,
  description,
  error,
  maxFiles,
  value,
  onChange,
  nameOf,
}: HeldImagesFieldProps) {
  const { t } = useTranslation();
  const [names, setNames] = useState<ReadonlyMap<number, string>>(new Map());
  const single = maxFiles === 1;
  const name = (image: HeldImage, index: number) => names.get(image.fileId) ?? nameOf(index + 1);

  return (
    <Stack gap="xs">
      <FileDropzone
        fileTypeId={fileTypeId}
        label={label}
        description={description}
        error={error}
        maxFiles={maxFiles}
        heldCount={single ? 0 : value.length}
        onUploaded={(file) => {
          setNames((current) => new Map(current).set(file.id, file.fileName));
          onChange(single ? [{ fileId: file.id }] : [...value, { fileId: file.id }]);
        }}
      />
      {value.length > 0 ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: single ? 2 : 3 }} spacing="xs">
          {value.map((image, index) => (
            <Paper key={image.fileId} withBorder p="xs" radius="md">
              <Group gap="sm" wrap="nowrap" justify="space-between">
                <Group gap="sm" wrap="nowrap" miw={0}>
                  <FileImage
                    fileId={image.fileId}
                    alt=""
                    w={72}
                    h={54}
                    radius="sm"
                    fit="contain"
                    fallback={<Skeleton w={72} h={54} radius="sm" animate={false} />}
                  />
                  <Text size="sm" truncate>
                    {name(image, index)}
                  </Text>
                </Group>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('upload.removeHeld', { name: name(image, index) })}
                  onClick={() => onChange(value.filter((held) => held.fileId !== image.fileId))}
                >
                  <IconTrash size={18} aria-hidden="true" />
                </ActionIcon>
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
