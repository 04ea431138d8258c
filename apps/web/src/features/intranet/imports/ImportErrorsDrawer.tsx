import { Button, Drawer, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ImportSummary, useImportReport } from '../../../api/imports';
import { LoadError } from '../../../components/LoadError';
import { useTranslation } from '../../../i18n';
import { formatDateTime } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { downloadImportErrors } from './download-errors';
import { importErrorItems } from './errors-csv';
import classes from './ImportErrorsDrawer.module.css';

/** Failed items shown on screen; the CSV file holds them all. */
const SHOWN_ITEMS = 50;

/** The first errors of one import (GET /imports/{id}), with the download of them all. */
export function ImportErrorsDrawer({ summary, onClose }: { summary: ImportSummary | null; onClose(): void }) {
  const { t } = useTranslation();
  const date = summary ? formatDateTime(summary.createdAt) : '';
  return (
    <Drawer
      opened={summary !== null}
      onClose={onClose}
      position="right"
      size="lg"
      styles={{ title: { fontWeight: 700 } }}
      title={t('imports.drawer.title', { date })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {summary ? <ErrorsOf id={summary.id} /> : null}
    </Drawer>
  );
}

function ErrorsOf({ id }: { id: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const report = useImportReport(id);
  const download = useMutation({
    mutationFn: () => downloadImportErrors(client, id),
    onError: () => notifyError(t('imports.errors.download')),
  });
  if (report.isError) return <LoadError message={t('imports.errors.report')} onRetry={() => void report.refetch()} />;
  if (!report.data) return <Skeleton height={200} aria-label={t('imports.drawer.loading')} />;
  const source = report.data.source;
  const items = importErrorItems(report.data);
  return (
    <Stack gap="md">
      <ul className={classes.list} aria-label={t('imports.drawer.listLabel')}>
        {items.slice(0, SHOWN_ITEMS).map((item) => (
          <li key={item.index} className={classes.item}>
            <Text size="sm" fw={600}>
              {t(source === 'csv' ? 'imports.drawer.line' : 'imports.drawer.position', { n: item.location })}
              {' · '}
              {item.externalRef ?? t('imports.drawer.noRef')}
            </Text>
            <ul className={classes.messages}>
              {item.messages.map(({ field, message }) => (
                <li key={`${field}-${message}`}>
                  <Text size="sm">
                    <Text span c="dimmed" ff="monospace" size="sm">
                      {field ?? t('imports.drawer.wholeItem')}
                    </Text>
                    {' : '}
                    {message}
                  </Text>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      {items.length > SHOWN_ITEMS ? (
        <Text size="sm" c="dimmed">
          {t('imports.drawer.more', { count: items.length - SHOWN_ITEMS })}
        </Text>
      ) : null}
      <Group>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          loading={download.isPending}
          onClick={() => download.mutate()}
        >
          {t('imports.download')}
        </Button>
      </Group>
    </Stack>
  );
}
