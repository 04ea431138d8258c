import { ActionIcon, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../i18n';
import { FileImage } from '../FileImage';
import { FileDropzone } from './FileDropzone';

export interface HeldFile {
  fileId: number;
}

export interface HeldFilesFieldProps {
  fileTypeId: number;
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  /** 1 for a single file: a new upload then replaces the held one (spec 01 §4). */
  maxFiles: number;
  value: HeldFile[];
  onChange: (files: HeldFile[]) => void;
  /** How a stored file is named for its remove button, by position (1-based); uploads keep their file name. */
  nameOf: (number: number) => string;
  /** Images show a thumbnail (default), other files a paperclip line. */
  preview?: 'image' | 'file';
  /** Names of files uploaded elsewhere on the screen, when the screen keeps them (else this field does). */
  names?: ReadonlyMap<number, string>;
  onNamed?: (fileId: number, fileName: string) => void;
}

/**
 * Files an entity holds (an agency page's illustration and logos, a news item's illustrations and
 * attachments): each with a remove button, and the dropzone for more (upload first, then the form
 * saves the ids, spec 01 §4).
 */
export function HeldFilesField({
  fileTypeId,
  label,
  description,
  error,
  maxFiles,
  value,
  onChange,
  nameOf,
  preview = 'image',
  names: givenNames,
  onNamed,
}: HeldFilesFieldProps) {
  const { t } = useTranslation();
  const [ownNames, setOwnNames] = useState<ReadonlyMap<number, string>>(new Map());
  const names = givenNames ?? ownNames;
  const single = maxFiles === 1;
  const name = (file: HeldFile, index: number) => names.get(file.fileId) ?? nameOf(index + 1);

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
          if (onNamed) onNamed(file.id, file.fileName);
          else setOwnNames((current) => new Map(current).set(file.id, file.fileName));
          onChange(single ? [{ fileId: file.id }] : [...value, { fileId: file.id }]);
        }}
      />
      {value.length > 0 ? (
        <SimpleGrid cols={preview === 'image' ? { base: 1, xs: 2, md: single ? 2 : 3 } : 1} spacing="xs">
          {value.map((file, index) => (
            <Paper key={file.fileId} withBorder p="xs" radius="md">
              <Group gap="sm" wrap="nowrap" justify="space-between">
                <Group gap="sm" wrap="nowrap" miw={0}>
                  {preview === 'image' ? (
                    <FileImage
                      fileId={file.fileId}
                      previewWidth={192}
                      alt=""
                      w={72}
                      h={54}
                      radius="sm"
                      fit="contain"
                      fallback={<Skeleton w={72} h={54} radius="sm" animate={false} />}
                    />
                  ) : (
                    <IconPaperclip size={18} aria-hidden="true" />
                  )}
                  {/* The whole name, wrapped where it must ("Logo…" told nothing); also as a tooltip. */}
                  <Text size="sm" title={name(file, index)} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                    {name(file, index)}
                  </Text>
                </Group>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('upload.removeHeld', { name: name(file, index) })}
                  onClick={() => onChange(value.filter((held) => held.fileId !== file.fileId))}
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
