import { Badge, Button, Group, Skeleton, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconChartBar } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMonthlyResult, useMonthlyResultBrands, useMonthlyResultEquipments } from '../../../api/monthly-results';
import { EmptyBlock } from '../../../components/EmptyBlock';
import { LoadError } from '../../../components/LoadError';
import { Select } from '../../../components/overlays';
import { useTranslation } from '../../../i18n';
import { useSession } from '../../../lib/session';
import { MonthlyResultForm, type SectionLines } from './MonthlyResultForm';
import { chosenMonth, monthOptions } from './months';
import { NetworkFigures } from './NetworkFigures';

/**
 * `/intranet/monthly-result?month=yyyy-MM` (spec 02 §2): the current agency's figures of a month
 * (the previous one by default), then the network's figures beside them once the month is entered.
 */
export function MonthlyResultPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const options = useMemo(() => monthOptions(), []);
  const chosen = chosenMonth(options, params.get('month'));
  const agencyId = session.currentAgency?.id ?? null;
  const period = agencyId === null ? null : { agencyId, year: chosen.year, month: chosen.month };
  const equipments = useMonthlyResultEquipments();
  const brands = useMonthlyResultBrands();
  const result = useMonthlyResult(period);

  const lines: SectionLines | null =
    equipments.data && brands.data
      ? {
          brandsValues: brands.data,
          equipmentContracts: equipments.data.filter((e) => e.hasContracts),
          equipmentCommissionings: equipments.data.filter((e) => e.hasCommissionings),
          equipmentSales: equipments.data.filter((e) => e.hasSales),
        }
      : null;
  const failed = equipments.isError || brands.isError || result.isError;
  const entered = result.data !== undefined && result.data !== null;

  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Button
          component={Link}
          to="/intranet"
          variant="subtle"
          px={0}
          leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
        >
          {t('jobsResults.monthly.back')}
        </Button>
        <Title order={1} size="h2">
          {t('menu.monthlyResult')}
        </Title>
      </div>
      {period === null ? (
        <EmptyBlock icon={<IconChartBar size={28} />} title={t('menu.monthlyResult')} text={t('jobsResults.monthly.noAgency')} />
      ) : (
        <>
          <Group align="flex-end" gap="md">
            <Select
              label={t('jobsResults.monthly.month')}
              description={t('jobsResults.monthly.monthHint')}
              data={options.map((option) => ({ value: option.value, label: option.label }))}
              value={chosen.value}
              allowDeselect={false}
              onChange={(value) => value && setParams({ month: value })}
              w={320}
            />
            {result.isSuccess ? (
              <Badge variant="light" color={entered ? 'teal' : 'gray'} mb={6}>
                {entered ? t('jobsResults.monthly.entered') : t('jobsResults.monthly.notEntered')}
              </Badge>
            ) : null}
          </Group>
          {failed ? (
            <LoadError
              variant="alert"
              message={t('jobsResults.monthly.errors.load')}
              onRetry={() => Promise.all([equipments.refetch(), brands.refetch(), result.refetch()])}
            />
          ) : lines && result.isSuccess ? (
            <>
              <MonthlyResultForm
                key={`${chosen.value}-${agencyId}-${result.data?.id ?? 'new'}`}
                period={period}
                lines={lines}
                result={result.data}
              />
              <NetworkFigures period={period} entered={entered} />
            </>
          ) : (
            <Stack gap="md" role="status" aria-busy="true" aria-label={t('common.loading')}>
              <Skeleton height={180} />
              <Skeleton height={180} />
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
