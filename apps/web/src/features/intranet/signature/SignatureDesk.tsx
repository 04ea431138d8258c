import { ActionIcon, Grid, Stack, Tabs, Text } from '@mantine/core';
import {
  SIGNATURE_DEFAULT_PAGE_SIZE,
  SIGNATURE_DOCUMENT_STATUSES,
  SIGNATURE_PAGE_SIZES,
  SIGNATURE_QUOTATION_STATUSES,
  type SignatureDocumentStatus,
  type SignatureQuotationStatus,
} from '@reseau/contracts/constants/signature-documents';
import { IconDownload, IconFileOff } from '@tabler/icons-react';
import { filePath } from '../../../api/files';
import {
  type SignatureDocument,
  type SignatureQuotation,
  useSignatureCounts,
  useSignatureDocumentPage,
  useSignatureQuotationPage,
} from '../../../api/signature';
import { useDownload } from '../../../api/use-download';
import type { Column } from '../../../components/DataTable';
import { EmptyBlock } from '../../../components/EmptyBlock';
import { FiltersBar } from '../../../components/FiltersBar';
import { Select } from '../../../components/overlays';
import { PagedTable } from '../../../components/PagedTable';
import tabClasses from '../../../components/ResponsiveTabs.module.css';
import { useTranslation } from '../../../i18n';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { listParam, useListParams } from '../../../lib/use-list-params';
import { ArchiveButton } from './ArchiveButton';
import { MonthlyRecap } from './MonthlyRecap';
import { PeriodInput } from './PeriodInput';
import { defaultPeriod, parsePeriod, periodText } from './period';
import { SignatureForm } from './SignatureForm';
import { StatusBadge } from './StatusBadge';

const ALL = 'all';
const FILTERS = {
  tab: listParam.oneOf(['documents', 'quotations'] as const, 'documents'),
  status: listParam.oneOf([ALL, ...SIGNATURE_DOCUMENT_STATUSES] as const, ALL),
  period: listParam.text(),
  size: listParam.oneOf(
    SIGNATURE_PAGE_SIZES.map(String) as `${(typeof SIGNATURE_PAGE_SIZES)[number]}`[],
    String(SIGNATURE_DEFAULT_PAGE_SIZE) as `${(typeof SIGNATURE_PAGE_SIZES)[number]}`,
  ),
};

/**
 * The holders' screen (spec 02 §2 "Signature"): the submission form, the monthly recap, the
 * filters (name search, status, period typed as text; the last three months by default) and two
 * paged tables (documents; quotations signed online), 30 rows a page by default. Everything of
 * the list lives in the address.
 */
export function SignatureDesk() {
  const { t } = useTranslation();
  const session = useSession();
  const agencyId = session.currentAgency?.id ?? null;
  const list = useListParams(FILTERS);
  const { tab, status, size } = list.filters;
  const fallbackPeriod = defaultPeriod();
  const period = parsePeriod(list.filters.period) ?? fallbackPeriod;
  const pageSize = Number(size);
  const shared = { agencyId, search: list.search, period, pageNumber: list.pageNumber, pageSize };
  const quotationStatus = (SIGNATURE_QUOTATION_STATUSES as readonly string[]).includes(status)
    ? (status as SignatureQuotationStatus)
    : undefined;
  const documents = useSignatureDocumentPage({
    ...shared,
    status: status === ALL ? undefined : (status as SignatureDocumentStatus),
  });
  const quotations = useSignatureQuotationPage({ ...shared, status: quotationStatus });
  const counts = useSignatureCounts({ agencyId: agencyId ?? undefined, period });
  const downloads = useDownload(t('signature.errors.download'));
  const pageSizeChoice = {
    value: pageSize,
    options: SIGNATURE_PAGE_SIZES,
    onChange: (next: number) => list.setFilter('size', String(next) as typeof size),
  };

  const statuses = tab === 'documents' ? SIGNATURE_DOCUMENT_STATUSES : SIGNATURE_QUOTATION_STATUSES;
  const filters = (
    <FiltersBar search={list.searchInput} searchLabel={t('signature.filters.search')}>
      <Select
        aria-label={t('signature.filters.status')}
        allowDeselect={false}
        value={tab === 'quotations' && !quotationStatus ? ALL : status}
        data={[
          { value: ALL, label: t('signature.filters.allStatuses') },
          ...statuses.map((code) => ({ value: code, label: t(`signature.status.${code}`) })),
        ]}
        onChange={(value) => list.setFilter('status', (value ?? ALL) as typeof status)}
        w={{ base: '100%', xs: 200 }}
      />
    </FiltersBar>
  );

  const { documentColumns, quotationColumns } = useSignatureColumns(agencyId);
  const downloadAction = (fileId: number | null, label: string) =>
    fileId === null ? null : (
      <ActionIcon variant="subtle" aria-label={label} onClick={() => void downloads.download(filePath(fileId))}>
        <IconDownload size={18} aria-hidden="true" />
      </ActionIcon>
    );

  return (
    <Stack gap="lg">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          {agencyId !== null ? <SignatureForm agencyId={agencyId} /> : <Text c="dimmed">{t('signature.noAgency')}</Text>}
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            <PeriodInput
              value={list.filters.period}
              placeholder={periodText(fallbackPeriod)}
              onChange={(text) => list.setFilter('period', text)}
            />
            <MonthlyRecap counts={counts.data} loading={counts.isPending} />
            <ArchiveButton agencyId={agencyId} period={period} />
          </Stack>
        </Grid.Col>
      </Grid>
      <Tabs
        value={tab}
        onChange={(value) => list.setFilter('tab', (value ?? 'documents') as typeof tab)}
        classNames={{ list: tabClasses.tabList, tab: tabClasses.tab }}
      >
        <Tabs.List aria-label={t('signature.tabs.label')}>
          <Tabs.Tab value="documents">{t('signature.tabs.documents')}</Tabs.Tab>
          <Tabs.Tab value="quotations">{t('signature.tabs.quotations')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="documents" pt="md">
          {tab === 'documents' ? (
            <PagedTable
              label={t('signature.documents.label')}
              columns={documentColumns}
              rowKey={(d) => d.id}
              rowActions={(d) => downloadAction(d.envelopeFileId, t('signature.documents.download', { title: d.title }))}
              filters={filters}
              query={documents}
              pageNumber={list.pageNumber}
              onPageChange={list.setPage}
              pageSize={pageSizeChoice}
              empty={<EmptyBlock icon={<IconFileOff size={28} />} title={t('signature.documents.empty')} />}
            />
          ) : null}
        </Tabs.Panel>
        <Tabs.Panel value="quotations" pt="md">
          {tab === 'quotations' ? (
            <PagedTable
              label={t('signature.quotations.label')}
              columns={quotationColumns}
              rowKey={(q) => q.id}
              rowActions={(q) => downloadAction(q.envelopeFileId, t('signature.quotations.download', { number: q.number }))}
              filters={filters}
              query={quotations}
              pageNumber={list.pageNumber}
              onPageChange={list.setPage}
              pageSize={pageSizeChoice}
              empty={<EmptyBlock icon={<IconFileOff size={28} />} title={t('signature.quotations.empty')} />}
            />
          ) : null}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** The two tables' columns; the agency's only when no agency is chosen. */
function useSignatureColumns(agencyId: number | null) {
  const { t } = useTranslation();
  const documentColumns: Column<SignatureDocument>[] = [
    { key: 'creationDate', header: t('signature.documents.creationDate'), cell: (d) => formatDate(d.creationDate) },
    { key: 'client', header: t('signature.documents.client'), cell: (d) => `${d.clientFirstName} ${d.clientLastName}` },
    { key: 'title', header: t('signature.documents.title'), cell: (d) => d.title },
    ...(agencyId === null
      ? [{ key: 'agency', header: t('signature.documents.agency'), cell: (d: SignatureDocument) => d.agencyName }]
      : []),
    {
      key: 'status',
      header: t('signature.documents.status'),
      cell: (d) => <StatusBadge status={d.status} openingTime={d.openingTime} />,
    },
  ];
  const quotationColumns: Column<SignatureQuotation>[] = [
    { key: 'number', header: t('signature.quotations.number'), cell: (q) => q.number },
    { key: 'client', header: t('signature.quotations.client'), cell: (q) => q.agencyContractFullName },
    ...(agencyId === null
      ? [{ key: 'agency', header: t('signature.quotations.agency'), cell: (q: SignatureQuotation) => q.agencyName }]
      : []),
    {
      key: 'signatureTime',
      header: t('signature.quotations.signatureTime'),
      cell: (q) => (q.signatureTime ? formatDateTime(q.signatureTime) : '—'),
    },
    { key: 'status', header: t('signature.quotations.status'), cell: (q) => <StatusBadge status={q.status} /> },
  ];
  return { documentColumns, quotationColumns };
}
