import { CloseButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconFileUpload } from '@tabler/icons-react';
import { useTranslation } from '../../i18n';
import type { UploadItem } from './use-uploads';

/** The files of a dropzone still being sent (progress, cancel) or refused (why, dismiss). */
export function UploadList({
  items,
  onCancel,
  onDismiss,
}: {
  items: UploadItem[];
  onCancel: (key: number) => void;
  onDismiss: (key: number) => void;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <Stack gap="xs" mt="xs">
      {items.map((item) =>
        item.status === 'sending' ? (
          <Group key={item.key} gap="sm" wrap="nowrap" align="center">
            <IconFileUpload size={18} aria-hidden color="var(--mantine-color-ocean-6)" />
            <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" title={item.name} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                  {item.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {item.percent} %
                </Text>
              </Group>
              <Progress value={item.percent} size="sm" aria-label={t('upload.sending', { name: item.name })} />
            </Stack>
            <CloseButton size="sm" aria-label={t('upload.cancel', { name: item.name })} onClick={() => onCancel(item.key)} />
          </Group>
        ) : (
          <Group key={item.key} gap="sm" wrap="nowrap" align="flex-start" role="alert">
            <IconAlertCircle size={18} aria-hidden color="var(--mantine-color-red-7)" style={{ flexShrink: 0, marginTop: 2 }} />
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={600} title={item.name} style={{ overflowWrap: 'anywhere' }}>
                {item.name}
              </Text>
              <Text size="sm" c="red.8">
                {item.message}
              </Text>
            </Stack>
            <CloseButton size="sm" aria-label={t('upload.dismiss', { name: item.name })} onClick={() => onDismiss(item.key)} />
          </Group>
        ),
      )}
    </Stack>
  );
}
