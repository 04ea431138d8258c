import { Button, Card, Checkbox, Collapse, Group, NumberInput, SimpleGrid, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { COOPERATIVE_ROLES } from '@reseau/contracts/constants/adherents';
import {
  AGENCY_ACTIVITIES,
  AGENCY_EMPLOYEE_AMOUNTS,
  AGENCY_JOB_TYPES,
  AGENCY_SALES_FIGURES,
} from '@reseau/contracts/constants/agencies';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { FiltersBar } from '../../../components/FiltersBar';
import { Select } from '../../../components/overlays';
import { useTranslation } from '../../../i18n';
import type { ListParams } from '../../../lib/use-list-params';
import { RegionChips } from './RegionChips';

export type JobTypeFilter = 'all' | (typeof AGENCY_JOB_TYPES)[number];

export interface MapFilterValues {
  regionId: number | null;
  roles: (typeof COOPERATIVE_ROLES)[number][];
  activities: (typeof AGENCY_ACTIVITIES)[number][];
  jobType: JobTypeFilter;
  employeeAmount: number | null;
  salesFigures: number | null;
  year: number | null;
}

const MIN_YEAR = 1900;
const MAX_YEAR = 2100;
const asNumber = (value: string | null) => (value === null ? null : Number(value));

/**
 * The map's filters (spec 02 §2): region chips, search, the cooperative-role and activity
 * checkbox groups in 3 columns, selects for job, employee count and sales figure, the entry year.
 * Every value is written in the address (useListParams).
 */
export function MapFiltersPanel({ list }: { list: ListParams<MapFilterValues> }) {
  const { t } = useTranslation();
  const f = list.filters;
  // On a phone the boxes and selects fold under a button, so that the map is in reach.
  const narrow = useMediaQuery('(max-width: 772px)') ?? false;
  const [unfolded, setUnfolded] = useState(false);
  const moreId = useId();
  const active =
    f.roles.length +
    f.activities.length +
    [f.jobType !== 'all', f.employeeAmount !== null, f.salesFigures !== null, f.year !== null].filter(Boolean).length;
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="md">
        <FiltersBar search={list.searchInput} searchLabel={t('directory.map.search')}>
          <RegionChips value={f.regionId} onChange={(id) => list.setFilter('regionId', id)} />
        </FiltersBar>
        {narrow ? (
          <Button
            variant="light"
            leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden="true" />}
            aria-expanded={unfolded}
            aria-controls={moreId}
            onClick={() => setUnfolded((u) => !u)}
          >
            {active > 0 ? t('directory.map.moreFiltersCount', { count: active }) : t('directory.map.moreFilters')}
          </Button>
        ) : null}
        <Collapse expanded={!narrow || unfolded} id={moreId}>
          <Stack gap="md">
            <Checkbox.Group
              label={t('directory.map.roles')}
              value={f.roles}
              onChange={(values) =>
                list.setFilter(
                  'roles',
                  COOPERATIVE_ROLES.filter((r) => values.includes(r)),
                )
              }
            >
              <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" verticalSpacing={6} mt={6}>
                {COOPERATIVE_ROLES.map((role) => (
                  <Checkbox key={role} value={role} label={t(`adherents.cooperativeRole.${role}`)} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            <Checkbox.Group
              label={t('directory.map.activities')}
              value={f.activities}
              onChange={(values) =>
                list.setFilter(
                  'activities',
                  AGENCY_ACTIVITIES.filter((a) => values.includes(a)),
                )
              }
            >
              <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" verticalSpacing={6} mt={6}>
                {AGENCY_ACTIVITIES.map((activity) => (
                  <Checkbox key={activity} value={activity} label={t(`agencyForm.activityNames.${activity}`)} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            <Group gap="sm" align="flex-end" wrap="wrap">
              <Select
                label={t('directory.map.jobType')}
                placeholder={t('directory.map.any')}
                clearable
                data={AGENCY_JOB_TYPES.map((value) => ({ value, label: t(`agencyForm.jobTypes.${value}`) }))}
                value={f.jobType === 'all' ? null : f.jobType}
                onChange={(value) => list.setFilter('jobType', AGENCY_JOB_TYPES.find((j) => j === value) ?? 'all')}
                w={{ base: '100%', xs: 220 }}
              />
              <Select
                label={t('directory.map.employeeAmount')}
                placeholder={t('directory.map.any')}
                clearable
                data={AGENCY_EMPLOYEE_AMOUNTS.map((b) => ({
                  value: String(b.value),
                  label: t('agencyForm.employees', { range: b.label }),
                }))}
                value={f.employeeAmount === null ? null : String(f.employeeAmount)}
                onChange={(value) => list.setFilter('employeeAmount', asNumber(value))}
                w={{ base: '100%', xs: 200 }}
              />
              <Select
                label={t('directory.map.salesFigures')}
                placeholder={t('directory.map.any')}
                clearable
                data={AGENCY_SALES_FIGURES.map((b) => ({
                  value: String(b.value),
                  label: t('agencyForm.sales', { range: b.label }),
                }))}
                value={f.salesFigures === null ? null : String(f.salesFigures)}
                onChange={(value) => list.setFilter('salesFigures', asNumber(value))}
                w={{ base: '100%', xs: 200 }}
              />
              <NumberInput
                label={t('directory.map.year')}
                placeholder={t('agencyForm.yearPlaceholder')}
                min={MIN_YEAR}
                max={MAX_YEAR}
                allowDecimal={false}
                allowNegative={false}
                hideControls
                value={f.year ?? ''}
                onChange={(value) =>
                  list.setFilter('year', typeof value === 'number' && value >= MIN_YEAR && value <= MAX_YEAR ? value : null)
                }
                w={{ base: '100%', xs: 140 }}
              />
            </Group>
          </Stack>
        </Collapse>
      </Stack>
    </Card>
  );
}
