import { Avatar, Button, Group, Stack } from '@mantine/core';
import { IconTrash, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n';
import { FileImage } from '../FileImage';
import { FileDropzone } from './FileDropzone';

export interface AvatarFieldProps {
  /** The avatar's upload type (spec 01 §3: 15 network admin, 1 adherent admin). */
  fileTypeId: number;
  label: ReactNode;
  /** The file id the form holds, or null. */
  value: number | null;
  onChange: (fileId: number | null) => void;
  /** The person's name, for the picture's text. */
  name: string;
  error?: ReactNode;
}

/**
 * A person's picture in a form: the current one with a "remove" button, and a drop zone whose new
 * upload replaces it (spec 01 §4: upload first, then save the entity with the file's id).
 */
export function AvatarField({ fileTypeId, label, value, onChange, name, error }: AvatarFieldProps) {
  const { t } = useTranslation();
  const placeholder = (
    <Avatar size={72} radius="xl" color="gray" aria-hidden="true">
      <IconUser size={32} />
    </Avatar>
  );
  return (
    <Group align="flex-start" gap="lg">
      <Stack gap="xs" align="center" miw={96}>
        {value === null ? (
          placeholder
        ) : (
          <FileImage
            key={value}
            fileId={value}
            previewWidth={192}
            alt={t('upload.avatarOf', { name })}
            w={72}
            h={72}
            radius={72}
            fit="cover"
            fallback={placeholder}
          />
        )}
        {value !== null ? (
          <Button
            variant="subtle"
            color="red"
            size="compact-xs"
            leftSection={<IconTrash size={14} aria-hidden="true" />}
            onClick={() => onChange(null)}
          >
            {t('upload.removeAvatar')}
          </Button>
        ) : null}
      </Stack>
      {/* Beside the picture when there is room, under it on a phone. */}
      <Stack gap={0} style={{ flex: '1 1 220px', minWidth: 0 }}>
        <FileDropzone fileTypeId={fileTypeId} label={label} error={error} onUploaded={(file) => onChange(file.id)} />
      </Stack>
    </Group>
  );
}
