import { ActionIcon, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { FileImage } from '../../../components/FileImage';
import { FileDropzone } from '../../../components/upload/FileDropzone';
import { useTranslation } from '../../../i18n';

export interface HeldFile {
  fileId: number;
}

interface NewsFilesFieldProps {
  fileTypeId: number;
  label: string;
  description: string;
  maxFiles: number;
  value: HeldFile[];
  onChange: (files: HeldFile[]) => void;
  error?: ReactNode;
  /** Names of the files uploaded on this screen (the stored ones are named by their position). */
  names: ReadonlyMap<number, string>;
  onNamed: (fileId: number, fileName: string) => void;
  /** Illustrations show a thumbnail, attached files a paperclip line. */
  preview: 'image' | 'file';
}

/**
 * The news item's illustrations or attached files: the files it holds, each with a remove button,
 * and the dropzone for more (upload first, then the form saves their ids, spec 01).
 */
export function NewsFilesField({
  fileTypeId,
  label,
  description,
  maxFiles,
  value,
  onChange,
  error,
  names,
  onNamed,
  preview,
}: NewsFilesFieldProps) {
  const { t } = useTranslation();
  const nameOf = (file: HeldFile, index: number) =>
    names.get(file.fileId) ?? t(preview === 'image' ? 'newsEdit.heldIllustration' : 'newsList.joinedFile', { number: index + 1 });
  const remove = (fileId: number) => onChange(value.filter((file) => file.fileId !== fileId));

  return (
    <Stack gap="xs">
      <FileDropzone
        fileTypeId={fileTypeId}
        label={label}
        description={description}
        error={error}
        maxFiles={maxFiles}
        heldCount={value.length}
        onUploaded={(file) => {
          onNamed(file.id, file.fileName);
          onChange([...value, { fileId: file.id }]);
        }}
      />
      {value.length > 0 ? (
        <SimpleGrid cols={{ base: 1, sm: preview === 'image' ? 2 : 1 }} spacing="xs">
          {value.map((file, index) => (
            <Paper key={file.fileId} withBorder p="xs" radius="md">
              <Group gap="sm" wrap="nowrap" justify="space-between">
                <Group gap="sm" wrap="nowrap" miw={0}>
                  {preview === 'image' ? (
                    <FileImage
                      fileId={file.fileId}
                      alt=""
                      w={72}
                      h={54}
                      radius="sm"
                      fit="cover"
                      fallback={<Skeleton w={72} h={54} radius="sm" animate={false} />}
                    />
                  ) : (
                    <IconPaperclip size={18} aria-hidden="true" />
                  )}
                  <Text size="sm" truncate>
                    {nameOf(file, index)}
                  </Text>
                </Group>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('newsEdit.removeFile', { name: nameOf(file, index) })}
                  onClick={() => remove(file.fileId)}
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
