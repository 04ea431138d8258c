import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { MonthlyResultSection } from '@reseau/contracts/constants/monthly-results';
import type { MonthlyResultForm as Values } from '@reseau/contracts/schemas/monthly-results';
import { type MonthlyPeriod, type MonthlyResult, saveMonthlyResult } from '../../../api/monthly-results';
import { useTranslation } from '../../../i18n';
import { lazySchemaResolver } from '../../../lib/form-action-core';
import { VALIDATE_WHEN_CHANGED } from '../../../lib/form-validation';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFormAction } from '../../../lib/use-form-action';

/** The form's order (spec 02 §2): contracts, new commissionings, brands, equipment sales. */
export const FORM_SECTIONS: MonthlyResultSection[] = [
  'equipmentContracts',
  'equipmentCommissionings',
  'brandsValues',
  'equipmentSales',
];

export type SectionLines = Record<MonthlyResultSection, { id: number; name: string }[]>;
/**
 * The contract's rules of the figures, loaded when the user reaches the form rather than with the
 * screen: zod and the contracts' schemas (23 KB gzip) held the screen's first paint back on the
 * phone profile. Blur and submit wait for them (lib/form-action-core.ts lazySchemaResolver).
 */
const contract = () => import('@reseau/contracts/schemas/monthly-results');
const rules = lazySchemaResolver(() => contract().then((m) => m.monthlyResultForm));

const storedValues = (result: MonthlyResult | null, section: MonthlyResultSection): { id: number; value: number }[] => {
  if (!result) return [];
  if (section === 'brandsValues') return result.brandsValues.map((v) => ({ id: v.brandId, value: v.value }));
  return result[section].map((v) => ({ id: v.equipmentId, value: v.value }));
};

function initialValues(lines: SectionLines, result: MonthlyResult | null): Values {
  const values = {} as Values;
  for (const section of FORM_SECTIONS) {
    const stored = storedValues(result, section);
    values[section] = Object.fromEntries(
      lines[section].map((line) => [String(line.id), String(stored.find((v) => v.id === line.id)?.value ?? 0)]),
    );
  }
  return values;
}

/**
 * A field left empty is sent as 0 (spec 02 §4); the form's check already refused anything else
 * (the submit waited for the rules, so the contract is in).
 */
const counter = () =>
  contract().then(
    ({ monthlyResultValueText }) =>
      (value: string | undefined) =>
        monthlyResultValueText.parse(value ?? ''),
  );

/**
 * The month's figures (spec 02 §2, §4): one whole-number input per line of each section, then
 * save: a create when the month has no result yet, an update otherwise.
 */
export function MonthlyResultForm({
  period,
  lines,
  result,
}: {
  period: MonthlyPeriod;
  lines: SectionLines;
  result: MonthlyResult | null;
}) {
  const { t } = useTranslation();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: initialValues(lines, result),
    ...VALIDATE_WHEN_CHANGED,
    validate: rules.validate,
  });

  const save = useFormAction({
    action: async (values: Values) => {
      const count = await counter();
      return saveMonthlyResult(result?.id ?? null, {
        ...period,
        brandsValues: lines.brandsValues.map((line) => ({ brandId: line.id, value: count(values.brandsValues[line.id]) })),
        equipmentSales: lines.equipmentSales.map((line) => ({
          equipmentId: line.id,
          value: count(values.equipmentSales[line.id]),
        })),
        equipmentContracts: lines.equipmentContracts.map((line) => ({
          equipmentId: line.id,
          value: count(values.equipmentContracts[line.id]),
        })),
        equipmentCommissionings: lines.equipmentCommissionings.map((line) => ({
          equipmentId: line.id,
          value: count(values.equipmentCommissionings[line.id]),
        })),
      });
    },
    form,
    fallback: t('jobsResults.monthly.errors.save'),
    // Entered meanwhile (another tab, a colleague): say so and load it, the next save updates it.
    handleError: (error) => {
      if (error.code !== 'monthly_result_exists') return false;
      notifyError(error.message);
      return true;
    },
    onSuccess: () => {
      notifySuccess(result ? t('jobsResults.monthly.updated') : t('jobsResults.monthly.created'));
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(save.submit)}
      onFocus={rules.preload}
      aria-label={t('jobsResults.monthly.formLabel')}
    >
      <Stack gap="lg">
        {FORM_SECTIONS.map((section) => (
          <Card key={section} shadow="xs" component="section" aria-labelledby={`monthly-${section}`}>
            <Stack gap="sm">
              <div>
                <Title order={2} size="h4" id={`monthly-${section}`}>
                  {t(`jobsResults.monthly.sections.${section}`)}
                </Title>
                <Text size="sm" c="dimmed">
                  {t(`jobsResults.monthly.sectionsHint.${section}`)}
                </Text>
              </div>
              <SimpleGrid cols={{ base: 2, md: 3 }} spacing="md" verticalSpacing="sm">
                {lines[section].map((line) => (
                  // A text field: what is typed stays as typed, and a value the server would refuse
                  // says why under the field instead of being rewritten (issue 25).
                  <TextInput
                    key={line.id}
                    label={line.name}
                    inputMode="numeric"
                    autoComplete="off"
                    {...form.getInputProps(`${section}.${line.id}`)}
                  />
                ))}
              </SimpleGrid>
            </Stack>
          </Card>
        ))}
        <Group justify="flex-end">
          <Button type="submit" loading={save.submitting}>
            {result ? t('jobsResults.monthly.update') : t('jobsResults.monthly.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
