import { Button, Drawer, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ImportSummary, useImportReport } from '../../../api/imports';
import { LoadError } from '../../../components/LoadError';
import { useTranslation } from '../../../i18n';
import { formatDateTime } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { downloadImportErrors } from './download-errors';
import { importErrorLines } from './errors-csv';
import classes from './ImportErrorsDrawer.module.css';

/** Messages shown on screen; the CSV file holds them all. */
const SHOWN_ERRORS = 50;

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
  const lines = importErrorLines(report.data);
  return (
    <Stack gap="md">
      <ul className={classes.list} aria-label={t('imports.drawer.listLabel')}>
        {lines.slice(0, SHOWN_ERRORS).map((line) => (
          <li key={line.key} className={classes.item}>
            <Text size="sm" fw={600}>
              {t(source === 'csv' ? 'imports.drawer.line' : 'imports.drawer.position', { n: line.location })}
              {' · '}
              {line.externalRef ?? t('imports.drawer.noRef')}
            </Text>
            <Text size="sm">
              <Text span c="dimmed" ff="monospace" size="sm">
                {line.field ?? t('imports.drawer.wholeItem')}
              </Text>
              {' : '}
              {line.message}
            </Text>
          </li>
        ))}
      </ul>
      {lines.length > SHOWN_ERRORS ? (
        <Text size="sm" c="dimmed">
          {t('imports.drawer.more', { count: lines.length - SHOWN_ERRORS })}
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
