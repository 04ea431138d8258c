import { Button, Group, Stack, Title } from '@mantine/core';
import { IconEdit, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { type Adherent, useAdherentPage, useRegions } from '../../../api/adherents';
import type { Column } from '../../../components/DataTable';
import { FiltersBar } from '../../../components/FiltersBar';
import { Select } from '../../../components/overlays';
import { PagedTable } from '../../../components/PagedTable';
import { useTranslation } from '../../../i18n';
import { listParam, useListParams } from '../../../lib/use-list-params';

const FILTERS = { regionId: listParam.id() };

/**
 * `/intranet/adherents` (spec 01 §2): alphabetical list with name and region and an edit button,
 * a text search and a clearable region filter kept in the address, 100 a page, an add button.
 */
export function AdherentsPage() {
  const { t } = useTranslation();
  const list = useListParams(FILTERS);
  const regions = useRegions();
  const adherents = useAdherentPage({ pageNumber: list.pageNumber, search: list.search, regionId: list.filters.regionId });
  const href = (row: Adherent) => `/intranet/adherent?id=${row.id}`;
  const columns: Column<Adherent>[] = [
    { key: 'name', header: t('adherents.name'), cell: (row) => row.name },
    { key: 'region', header: t('adherents.region'), cell: (row) => row.region.name },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {t('menu.adherents')}
        </Title>
        <Button component={Link} to="/intranet/adherent" leftSection={<IconPlus size={18} aria-hidden="true" />}>
          {t('adherents.add')}
        </Button>
      </Group>
      <PagedTable
        label={t('adherents.listLabel')}
        query={adherents}
        pageNumber={list.pageNumber}
        onPageChange={list.setPage}
        columns={columns}
        rowKey={(row) => row.id}
        rowHref={href}
        minWidth={420}
        rowActions={(row) => (
          <Button
            component={Link}
            to={href(row)}
            variant="subtle"
            size="compact-sm"
            leftSection={<IconEdit size={16} aria-hidden="true" />}
            aria-label={t('adherents.editOne', { name: row.name })}
          >
            {t('adherents.edit')}
          </Button>
        )}
        filters={
          <FiltersBar search={list.searchInput} searchLabel={t('adherents.search')}>
            <Select
              aria-label={t('adherents.regionFilter')}
              placeholder={t('adherents.allRegions')}
              data={(regions.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
              value={list.filters.regionId === null ? null : String(list.filters.regionId)}
              onChange={(value) => list.setFilter('regionId', value === null ? null : Number(value))}
              clearable
              clearButtonProps={{ 'aria-label': t('adherents.clearRegion') }}
              w={{ base: '100%', xs: 220 }}
            />
          </FiltersBar>
        }
      />
    </Stack>
  );
}
