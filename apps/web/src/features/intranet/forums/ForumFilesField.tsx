import { ActionIcon, Group, Paper, Stack, TextInput } from '@mantine/core';
import { FORUM_FILE_NAME_MAX, FORUM_JOINED_FILE_TYPE, FORUM_MAX_JOINED_FILES } from '@reseau/contracts/constants/forums';
import { IconPaperclip, IconTrash } from '@tabler/icons-react';
import { FileDropzone } from '../../../components/upload/FileDropzone';
import { useTranslation } from '../../../i18n';

/** An attachment while the form is filled: its name, and its uploaded file. */
export interface JoinedFileValue {
  fileName: string;
  fileId: number | null;
}

/** A file's name without its extension: the attachment's default name, which the writer may change. */
const baseName = (fileName: string) => fileName.replace(/\.[^.]+$/, '');

/**
 * Up to 2 attachments (file type 13, spec 02 §5), each with the name readers will see. A file
 * uploads first (the dropzone), then gets its name field; a name needs a file and a file a name,
 * the form's schema says which is missing (`errors` keyed `joinedFiles.{i}.fileName`).
 */
export function ForumFilesField({
  value,
  onChange,
  errors,
}: {
  value: JoinedFileValue[];
  onChange: (files: JoinedFileValue[]) => void;
  errors: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const rename = (index: number, fileName: string) =>
    onChange(value.map((file, i) => (i === index ? { ...file, fileName } : file)));
  const remove = (index: number) => onChange(value.filter((_, i) => i !== index));
  const error = (index: number, field: 'fileName' | 'fileId') => errors[`joinedFiles.${index}.${field}`] as string | undefined;
  return (
    <Stack gap="xs">
      <FileDropzone
        fileTypeId={FORUM_JOINED_FILE_TYPE}
        label={t('forums.form.files')}
        description={t('forums.form.filesHint', { count: FORUM_MAX_JOINED_FILES })}
        error={errors.joinedFiles as string | undefined}
        maxFiles={FORUM_MAX_JOINED_FILES}
        heldCount={value.length}
        onUploaded={(file) => onChange([...value, { fileName: baseName(file.fileName), fileId: file.id }])}
      />
      {value.map((file, index) => (
        <Paper key={file.fileId ?? `empty-${index}`} withBorder p="xs" radius="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconPaperclip size={18} aria-hidden="true" style={{ marginTop: 8, flexShrink: 0 }} />
            <TextInput
              flex={1}
              label={t('forums.form.fileName', { number: index + 1 })}
              required
              maxLength={FORUM_FILE_NAME_MAX}
              value={file.fileName}
              onChange={(event) => rename(index, event.currentTarget.value)}
              error={error(index, 'fileName') ?? error(index, 'fileId')}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={24}
              aria-label={t('forums.form.removeFile', { name: file.fileName || index + 1 })}
              onClick={() => remove(index)}
            >
              <IconTrash size={18} aria-hidden="true" />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
