import { Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { AUDIT_LOG_CSV_MAX_ROWS } from '@reseau/contracts/constants/audit-log';
import { IconDownload, IconListSearch } from '@tabler/icons-react';
import { type AuditLogEntry, type AuditLogFilters, auditLogCsvPath, useAuditLogPage } from '../../../api/audit-log';
import { useDownload } from '../../../api/use-download';
import { type Column, DataTable } from '../../../components/DataTable';
import { EmptyBlock } from '../../../components/EmptyBlock';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { PagedView } from '../../../components/PagedView';
import { useTranslation } from '../../../i18n';
import { formatCount, formatDateTime } from '../../../lib/format';
import { listParam, useListParams } from '../../../lib/use-list-params';
import { AuditLogFiltersBar, dayParam } from './AuditLogFilters';

const FILTERS = {
  personId: listParam.id(),
  action: listParam.text(),
  agencyId: listParam.id(),
  dateFrom: dayParam(),
  dateTo: dayParam(),
};

/** The query of the filters in the address (what the list and the export send). */
function queryOf(f: { personId: number | null; action: string; agencyId: number | null; dateFrom: string; dateTo: string }) {
  return {
    personId: f.personId ?? undefined,
    action: f.action || undefined,
    agencyId: f.agencyId ?? undefined,
    dateFrom: f.dateFrom || undefined,
    dateTo: f.dateTo || undefined,
  } satisfies AuditLogFilters;
}

/**
 * `/intranet/audit-log` (issue 27 §4): who did what, when, from which address, as whom. Role 1
 * reads the network, a director their adherent's accounts (the server decides). Filters in the
 * address, 50 entries a page, a table on a wide screen and cards on a phone, the CSV export of
 * the same filters.
 */
export function AuditLogPage() {
  const { t } = useTranslation();
  const list = useListParams(FILTERS);
  const query = queryOf(list.filters);
  const entries = useAuditLogPage({ ...query, pageNumber: list.pageNumber });
  const downloads = useDownload(t('auditLog.errors.export'));
  const csvPath = auditLogCsvPath(query);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ flex: '1 1 20rem', minWidth: 0 }}>
          <Title order={1} size="h2">
            {t('menu.auditLog')}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t('auditLog.intro')}
          </Text>
        </div>
        <Stack gap={4} align="flex-end">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            loading={downloads.isDownloading(csvPath)}
            onClick={() => void downloads.download(csvPath, 'journal-audit.csv')}
          >
            {t('auditLog.export')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('auditLog.exportLimit', { limit: formatCount(AUDIT_LOG_CSV_MAX_ROWS) })}
          </Text>
        </Stack>
      </Group>
      <AuditLogFiltersBar values={list.filters} setFilter={list.setFilter} />
      <PagedView
        query={entries}
        pageNumber={list.pageNumber}
        onPageChange={list.setPage}
        skeleton={<ListSkeleton rows={5} height={40} />}
        empty={<EmptyBlock icon={<IconListSearch size={28} />} title={t('auditLog.empty')} text={t('auditLog.emptyText')} />}
      >
        {(rows) => <AuditEntries rows={rows} />}
      </PagedView>
    </Stack>
  );
}

/** « Sophie Martin », « Sophie Martin en tant que Gwenaël Le Bihan », a customer, or nobody known. */
function useWho() {
  const { t } = useTranslation();
  return (entry: AuditLogEntry) => {
    const actor =
      entry.actor.kind === 'none'
        ? t('auditLog.nobody')
        : entry.actor.kind === 'client'
          ? t('auditLog.customer', { name: entry.actor.name ?? '' })
          : (entry.actor.name ?? t('auditLog.deletedAccount'));
    return entry.impersonatedAdmin ? t('auditLog.asWho', { actor, impersonated: entry.impersonatedAdmin.name }) : actor;
  };
}

/** The page's entries: a table from 576 px, a card per entry below (a phone). */
function AuditEntries({ rows }: { rows: AuditLogEntry[] }) {
  const { t } = useTranslation();
  const who = useWho();
  const columns: Column<AuditLogEntry>[] = [
    { key: 'at', header: t('auditLog.columns.at'), nowrap: true, cell: (e) => formatDateTime(e.at) },
    { key: 'who', header: t('auditLog.columns.who'), cell: who },
    { key: 'action', header: t('auditLog.columns.action'), cell: (e) => e.actionLabel },
    {
      key: 'summary',
      header: t('auditLog.columns.summary'),
      cell: (e) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {e.summary}
        </Text>
      ),
    },
    { key: 'ip', header: t('auditLog.columns.ip'), nowrap: true, cell: (e) => e.ipAddress ?? '' },
  ];
  return (
    <>
      <Box visibleFrom="sm">
        <DataTable label={t('auditLog.listLabel')} columns={columns} rows={rows} rowKey={(e) => e.id} minWidth={860} />
      </Box>
      <Stack
        gap="sm"
        hiddenFrom="sm"
        component="ul"
        aria-label={t('auditLog.listLabel')}
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {rows.map((entry) => (
          <Card key={entry.id} component="li" withBorder padding="sm" radius="md">
            <Text fw={600}>{entry.actionLabel}</Text>
            <Text size="sm">{who(entry)}</Text>
            {entry.summary ? (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {entry.summary}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed" mt={4}>
              {entry.ipAddress
                ? t('auditLog.cardFooter', { at: formatDateTime(entry.at), ip: entry.ipAddress })
                : formatDateTime(entry.at)}
            </Text>
          </Card>
        ))}
      </Stack>
    </>
  );
}
