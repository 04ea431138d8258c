import { Card, Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import type { SignatureCount } from '../../../api/signature';
import { useTranslation } from '../../../i18n';
import { yearMonthText } from './period';

/** The agency's signatures per month over the period (spec 02 §2 "monthly recap with counts"). */
export function MonthlyRecap({ counts, loading }: { counts: SignatureCount[] | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const months = new Map<number, number>();
  for (const row of counts ?? []) months.set(row.yearMonth, (months.get(row.yearMonth) ?? 0) + row.signatureCount);
  const entries = [...months.entries()].sort(([a], [b]) => b - a);
  return (
    <Card shadow="xs">
      <Title order={2} size="h4" mb="sm">
        {t('signature.recap.heading')}
      </Title>
      {loading && !counts ? (
        <Skeleton height={56} />
      ) : entries.length === 0 ? (
        <Text c="dimmed">{t('signature.recap.empty')}</Text>
      ) : (
        <Group component="ul" aria-label={t('signature.recap.label')} gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {entries.map(([yearMonth, count]) => (
            <Paper component="li" key={yearMonth} withBorder p="sm" radius="md" miw={150}>
              <Text size="sm" c="dimmed" tt="capitalize">
                {yearMonthText(yearMonth)}
              </Text>
              <Text fw={700} size="lg">
                {t('signature.recap.count', { count })}
              </Text>
            </Paper>
          ))}
        </Group>
      )}
    </Card>
  );
}
