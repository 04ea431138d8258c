import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { ImportStatus } from '@reseau/contracts/constants/imports';
import { IconDownload, IconListDetails } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportSummary } from '../../../api/imports';
import { useTranslation } from '../../../i18n';
import { formatDateTime } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { downloadImportErrors } from './download-errors';

/** The statuses in the order an agency reads them, each with its badge colour. */
const COUNT_BADGES: { status: ImportStatus; color: string }[] = [
  { status: 'created', color: 'teal' },
  { status: 'updated', color: 'blue' },
  { status: 'unchanged', color: 'gray' },
  { status: 'error', color: 'red' },
];

/** One import of the history: when, how, by whom, the counts per status, and its errors. */
export function ImportCard({ summary, onShowErrors }: { summary: ImportSummary; onShowErrors(): void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const date = formatDateTime(summary.createdAt);
  const download = useMutation({
    mutationFn: () => downloadImportErrors(client, summary.id),
    onError: () => notifyError(t('imports.errors.download')),
  });
  const what = [t(`imports.source.${summary.source}`), t(`imports.itemTypes.${summary.itemType ?? 'mixed'}`)].join(' · ');

  return (
    <Card shadow="xs" withBorder component="article" aria-label={t('imports.card.label', { date })}>
      <Stack gap="sm" h="100%">
        <div>
          <Text fw={700}>{date}</Text>
          <Text size="sm">{what}</Text>
          <Text size="sm" c="dimmed">
            {summary.sentBy ? t('imports.card.sentBy', { name: summary.sentBy }) : t('imports.card.sentByUnknown')}
          </Text>
        </div>
        <Group
          component="ul"
          gap={6}
          aria-label={t('imports.card.countsLabel')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {COUNT_BADGES.map(({ status, color }) => {
            const count = summary.counts[status];
            return (
              <Badge component="li" key={status} variant="light" color={count > 0 ? color : 'gray'} tt="none" size="lg" fw={600}>
                {t(`imports.counts.${status}`, { count })}
              </Badge>
            );
          })}
        </Group>
        {summary.counts.error > 0 ? (
          <Group gap="xs" mt="auto">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconListDetails size={14} aria-hidden="true" />}
              onClick={onShowErrors}
            >
              {t('imports.showErrors')}
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} aria-hidden="true" />}
              loading={download.isPending}
              onClick={() => download.mutate()}
            >
              {t('imports.download')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
