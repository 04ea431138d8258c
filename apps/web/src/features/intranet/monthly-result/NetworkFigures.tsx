import { Alert, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { MONTHLY_RESULT_MESSAGES } from '@reseau/contracts/constants/monthly-results';
import { IconInfoCircle, IconLock } from '@tabler/icons-react';
import { type MonthlyPeriod, useNetworkFigures } from '../../../api/monthly-results';
import { ComparisonBarChart } from '../../../components/charts/ComparisonBarChart';
import { LoadError } from '../../../components/LoadError';
import { useTranslation } from '../../../i18n';
import { isApiError } from '../../../lib/api-error';
import { FORM_SECTIONS } from './MonthlyResultForm';

const SERIES_COLORS = { agency: 'var(--mantine-color-teal-6)', average: 'var(--mantine-color-indigo-3)' };

/**
 * The network's figures of the month beside the agency's (spec 02 §8): until the agency entered
 * the month the server refuses them and the spec's sentence stands in their place.
 */
export function NetworkFigures({ period, entered }: { period: MonthlyPeriod; entered: boolean }) {
  const { t } = useTranslation();
  const figures = useNetworkFigures(period, entered);
  const heading = (
    <Title order={2} size="h3" id="network-figures">
      {t('jobsResults.monthly.network.title')}
    </Title>
  );
  const missing = !entered || (isApiError(figures.error) && figures.error.code === 'monthly_result_missing');
  let body: React.ReactNode;
  if (missing) {
    body = (
      <Alert variant="light" color="blue" icon={<IconLock size={20} aria-hidden="true" />}>
        {MONTHLY_RESULT_MESSAGES.missing}
      </Alert>
    );
  } else if (figures.isError) {
    body = <LoadError variant="alert" message={t('jobsResults.monthly.network.error')} onRetry={figures.refetch} />;
  } else if (!figures.data) {
    body = <Skeleton height={240} aria-label={t('jobsResults.monthly.network.loading')} />;
  } else if (figures.data.isWithheld) {
    body = (
      <Alert variant="light" color="gray" icon={<IconInfoCircle size={20} aria-hidden="true" />}>
        {t('jobsResults.monthly.network.withheld')}
      </Alert>
    );
  } else {
    const data = figures.data;
    body = (
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          {t('jobsResults.monthly.network.intro', { count: data.agencyCount })}
        </Text>
        {FORM_SECTIONS.map((section) => {
          const name = t(`jobsResults.monthly.sections.${section}`);
          return (
            <Card key={section} withBorder padding="md">
              <Title order={3} size="h5" mb="sm">
                {name}
              </Title>
              <ComparisonBarChart
                caption={t('jobsResults.monthly.network.tableCaption', { section: name })}
                series={[
                  { key: 'agency', label: t('jobsResults.monthly.network.agency'), color: SERIES_COLORS.agency },
                  { key: 'average', label: t('jobsResults.monthly.network.average'), color: SERIES_COLORS.average },
                ]}
                rows={data[section].map((figure) => ({
                  id: figure.id,
                  label: figure.name,
                  values: { agency: figure.agencyValue, average: figure.average, total: figure.total, rank: figure.rank },
                  note: t('jobsResults.monthly.network.note', {
                    rank: figure.rank,
                    count: data.agencyCount,
                    total: figure.total,
                  }),
                }))}
                extraColumns={[
                  { header: t('jobsResults.monthly.network.total'), cell: (row) => String(row.values.total ?? '–') },
                  {
                    header: t('jobsResults.monthly.network.rank'),
                    cell: (row) => t('jobsResults.monthly.network.rankValue', { rank: row.values.rank, count: data.agencyCount }),
                  },
                ]}
              />
            </Card>
          );
        })}
      </Stack>
    );
  }
  return (
    <Stack gap="md" component="section" aria-labelledby="network-figures">
      {heading}
      {body}
    </Stack>
  );
}
