import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import { type SignatureCount, useSignatureCounts } from '../../../api/signature';
import { DataTable } from '../../../components/DataTable';
import { EmptyBlock } from '../../../components/EmptyBlock';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { Select } from '../../../components/overlays';
import { useTranslation } from '../../../i18n';
import { listParam, useListParams } from '../../../lib/use-list-params';
import { PeriodInput } from './PeriodInput';
import { defaultPeriod, parsePeriod, periodText, yearMonthText } from './period';

const FILTERS = { adherentId: listParam.id(), agencyId: listParam.id(), period: listParam.text() };

/** Rows grouped by agency (adherent then agency name), each group with its total. */
function byAgency(rows: SignatureCount[]) {
  const groups = new Map<number, SignatureCount[]>();
  for (const row of rows) groups.set(row.agencyId, [...(groups.get(row.agencyId) ?? []), row]);
  return [...groups.values()].sort(
    (a, b) =>
      a[0]!.adherentName.localeCompare(b[0]!.adherentName, 'fr') || a[0]!.agencyName.localeCompare(b[0]!.agencyName, 'fr'),
  );
}

/**
 * The overview for staff without the signature permission (spec 02 §2): signatures per
 * adherent, agency and month over their scope, with a total per agency, filtered by adherent,
 * agency and period (the last three months by default).
 */
export function SignatureOverview() {
  const { t } = useTranslation();
  const list = useListParams(FILTERS);
  const { adherentId, agencyId } = list.filters;
  const fallbackPeriod = defaultPeriod();
  const period = parsePeriod(list.filters.period) ?? fallbackPeriod;
  // The choices come from the whole period; the table from the filtered call.
  const choices = useSignatureCounts({ period });
  const counts = useSignatureCounts({ period, adherentId: adherentId ?? undefined, agencyId: agencyId ?? undefined });
  const adherents = new Map((choices.data ?? []).map((r) => [r.adherentId, r.adherentName]));
  const agencies = new Map(
    (choices.data ?? []).filter((r) => adherentId === null || r.adherentId === adherentId).map((r) => [r.agencyId, r.agencyName]),
  );
  const option = ([id, name]: [number, string]) => ({ value: String(id), label: name });

  return (
    <Stack gap="lg">
      <Text c="dimmed">{t('signature.overview.intro')}</Text>
      <Card shadow="xs">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select
              label={t('signature.filters.adherent')}
              placeholder={t('signature.filters.allAdherents')}
              clearable
              searchable
              data={[...adherents.entries()].map(option)}
              value={adherentId === null ? null : String(adherentId)}
              onChange={(value) => list.setFilter('adherentId', value ? Number(value) : null)}
            />
            <Select
              label={t('signature.filters.agency')}
              placeholder={t('signature.filters.allAgencies')}
              clearable
              searchable
              data={[...agencies.entries()].map(option)}
              value={agencyId === null ? null : String(agencyId)}
              onChange={(value) => list.setFilter('agencyId', value ? Number(value) : null)}
            />
            <PeriodInput
              value={list.filters.period}
              placeholder={periodText(fallbackPeriod)}
              onChange={(text) => list.setFilter('period', text)}
            />
          </SimpleGrid>
          <Title order={2} size="h4">
            {t('signature.overview.heading')}
          </Title>
          {counts.isPending ? (
            <ListSkeleton rows={4} height={36} />
          ) : counts.isError ? (
            <LoadError message={t('signature.errors.loadCounts')} onRetry={() => void counts.refetch()} />
          ) : counts.data.length === 0 ? (
            <EmptyBlock icon={<IconDatabaseOff size={28} />} title={t('signature.overview.empty')} />
          ) : (
            <DataTable
              label={t('signature.overview.label')}
              minWidth={560}
              verticalSpacing="xs"
              rows={counts.data}
              rowKey={(row) => `${row.agencyId}-${row.yearMonth}`}
              columns={[
                { key: 'adherent', header: t('signature.overview.adherent'), cell: (row) => row.adherentName },
                { key: 'agency', header: t('signature.overview.agency'), cell: (row) => row.agencyName },
                {
                  key: 'month',
                  header: t('signature.overview.month'),
                  cell: (row) => <span style={{ textTransform: 'capitalize' }}>{yearMonthText(row.yearMonth)}</span>,
                },
                { key: 'count', header: t('signature.overview.count'), cell: (row) => row.signatureCount, align: 'right' },
              ]}
              groups={{
                of: byAgency,
                total: (rows) => ({
                  label: t('signature.overview.total', { agency: rows[0]!.agencyName }),
                  value: rows.reduce((sum, r) => sum + r.signatureCount, 0),
                }),
              }}
            />
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
