import { ActionIcon, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../i18n';
import { FileImage } from '../FileImage';
import { FileDropzone } from './FileDropzone';

export interface ImageFileFieldProps {
  /** The upload type of the field (spec 00 §9); its formats and size come from GET /file-types. */
  fileTypeId: number;
  label: string;
  description?: ReactNode;
  /** The held file's id, or null. */
  value: number | null;
  onChange: (fileId: number | null) => void;
  error?: ReactNode;
}

/**
 * One image of an entity (a logo, an illustration, an advertisement): the held image with a
 * remove button, and the dropzone that uploads a new one. The form saves the entity with the id
 * (spec 01 §4: a new file replaces the held id, clearing removes it).
 */
export function ImageFileField({ fileTypeId, label, description, value, onChange, error }: ImageFileFieldProps) {
  const { t } = useTranslation();
  const [uploadedName, setUploadedName] = useState<string | null>(null);
  const name = uploadedName ?? t('imageField.held', { label });
  return (
    <Stack gap="xs">
      <FileDropzone
        fileTypeId={fileTypeId}
        label={label}
        description={description}
        error={error}
        onUploaded={(file) => {
          setUploadedName(file.fileName);
          onChange(file.id);
        }}
      />
      {value !== null ? (
        <Paper withBorder p="xs" radius="md">
          <Group gap="sm" wrap="nowrap" justify="space-between">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <FileImage
                key={value}
                fileId={value}
                alt={t('imageField.preview', { label })}
                w={96}
                h={72}
                radius="sm"
                fit="contain"
                fallback={<Skeleton w={96} h={72} radius="sm" animate={false} />}
              />
              <Text size="sm" truncate>
                {name}
              </Text>
            </Group>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('imageField.remove', { label })}
              onClick={() => {
                setUploadedName(null);
                onChange(null);
              }}
            >
              <IconTrash size={18} aria-hidden="true" />
            </ActionIcon>
          </Group>
        </Paper>
      ) : null}
    </Stack>
  );
}
