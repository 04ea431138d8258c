import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { EQUIPMENT_ARGUMENTS_COUNT, EQUIPMENT_TEXT_MAX, PRESTATION_TYPES } from '@reseau/contracts/constants/prestations';
import {
  type EquipmentTextsForm,
  type EquipmentType,
  equipmentTextsForm,
  isEquipmentTextBlockSaved,
} from '@reseau/contracts/schemas/prestations';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { saveEquipmentTypeDetail, useEquipmentType, useInvalidatePrestations } from '../../../api/prestations';
import { SubmitButton } from '../../../components/SubmitButton';
import { useTranslation } from '../../../i18n';
import { ApiError, isApiError } from '../../../lib/api-error';
import { VALIDATE_WHEN_CHANGED } from '../../../lib/form-validation';
import { idParam } from '../../../lib/id-param';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFormAction } from '../../../lib/use-form-action';
import { agencyIdOf, type CatalogueMode, useCatalogueMode } from './mode';

const validate = schemaResolver(equipmentTextsForm, { sync: true });
const LIST = '/intranet/prestations';

/**
 * `/intranet/equipment?id={equipmentTypeId}` (spec 01 §2, §5): the texts of an equipment type in
 * three blocks (SAV, installation, advice) — the network's for a network admin, the current
 * agency's own for an agency user (the network's shown as a model). A failed load goes back to the list.
 */
export function EquipmentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const mode = useCatalogueMode();
  const id = idParam(params.get('id'));
  const equipment = useEquipmentType(mode.kind === 'none' ? null : id, agencyIdOf(mode));
  const lost = id === null || equipment.isError;

  useEffect(() => {
    if (lost && mode.kind !== 'none') {
      notifyError(t('prestations.errors.loadEquipment'));
      navigate(LIST, { replace: true });
    }
  }, [lost, mode.kind, navigate, t]);

  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={1} size="h2">
          {t('equipmentTexts.title')}
        </Title>
        <Text c="dimmed" mt={6}>
          {equipment.data
            ? mode.kind === 'agency'
              ? t('equipmentTexts.agencyIntro', { name: equipment.data.name, agency: mode.agencyName })
              : t('equipmentTexts.networkIntro', { name: equipment.data.name })
            : null}
        </Text>
      </div>
      {mode.kind === 'none' ? (
        <Alert color="gray">{t('prestations.noAgency')}</Alert>
      ) : lost ? null : equipment.data ? (
        <EquipmentTextsEditor key={`${equipment.data.id}-${agencyIdOf(mode)}`} equipment={equipment.data} mode={mode} />
      ) : (
        <Skeleton height={640} radius="md" aria-label={t('common.loading')} />
      )}
    </Stack>
  );
}

function EquipmentTextsEditor({ equipment, mode }: { equipment: EquipmentType; mode: Exclude<CatalogueMode, { kind: 'none' }> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const invalidate = useInvalidatePrestations();
  const agencyId = agencyIdOf(mode);
  const own = (typeId: number) => equipment.details.find((d) => d.prestationTypeId === typeId && d.agencyId === agencyId);
  const network = (typeId: number) => equipment.details.find((d) => d.prestationTypeId === typeId && d.agencyId === null);
  const form = useForm<EquipmentTextsForm>({
    mode: 'controlled',
    ...VALIDATE_WHEN_CHANGED,
    validate,
    initialValues: {
      blocks: PRESTATION_TYPES.map((type) => {
        const detail = own(type.id);
        return {
          id: detail?.id ?? null,
          prestationTypeId: type.id,
          title: detail?.title ?? '',
          prestationsTitle: detail?.prestationsTitle ?? '',
          arguments: Array.from({ length: EQUIPMENT_ARGUMENTS_COUNT }, (_, i) => ({
            argument: detail?.arguments[i]?.argument ?? '',
          })),
        };
      }),
    },
  });

  const save = useFormAction({
    // Only the blocks that exist or were filled are sent (spec 01 §5), one after the other; a
    // refusal names its block's fields so that its messages land under them.
    action: async (values: EquipmentTextsForm) => {
      for (const [index, block] of values.blocks.entries()) {
        if (!isEquipmentTextBlockSaved(block)) continue;
        try {
          await saveEquipmentTypeDetail(block.id, {
            agencyId,
            equipmentTypeId: equipment.id,
            prestationTypeId: block.prestationTypeId,
            title: block.title.trim(),
            prestationsTitle: block.prestationsTitle.trim(),
            arguments: block.arguments.map((a) => ({ argument: a.argument.trim() })),
          });
        } catch (error) {
          if (!isApiError(error) || error.code !== 'validation_failed') throw error;
          const errors = Object.fromEntries(Object.entries(error.errors).map(([field, m]) => [`blocks.${index}.${field}`, m]));
          throw new ApiError(error.status, error.code, error.message, errors, error.body);
        }
      }
    },
    form,
    fallback: t('equipmentTexts.errors.save'),
    onSuccess: async () => {
      notifySuccess(t('equipmentTexts.saved'));
      await invalidate();
      navigate(LIST);
    },
  });

  return (
    <form onSubmit={form.onSubmit(save.submit)} noValidate aria-label={t('equipmentTexts.formLabel')}>
      <Stack gap="lg">
        {form.values.blocks.map((block, index) => {
          const model = agencyId === null ? undefined : network(block.prestationTypeId);
          const name = t(`prestations.types.${block.prestationTypeId}`);
          return (
            <Card key={block.prestationTypeId} shadow="xs" component="section" aria-label={name}>
              <Stack gap="md">
                <Title order={2} size="h4">
                  {name}
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label={t('equipmentTexts.blockTitle')}
                    maxLength={EQUIPMENT_TEXT_MAX}
                    placeholder={model?.title}
                    {...form.getInputProps(`blocks.${index}.title`)}
                  />
                  <TextInput
                    label={t('equipmentTexts.prestationsTitle')}
                    maxLength={EQUIPMENT_TEXT_MAX}
                    placeholder={model?.prestationsTitle}
                    {...form.getInputProps(`blocks.${index}.prestationsTitle`)}
                  />
                  {block.arguments.map((_, i) => (
                    <TextInput
                      // biome-ignore lint/suspicious/noArrayIndexKey: four fixed fields
                      key={i}
                      label={t('equipmentTexts.argument', { number: i + 1 })}
                      maxLength={EQUIPMENT_TEXT_MAX}
                      placeholder={model?.arguments[i]?.argument}
                      {...form.getInputProps(`blocks.${index}.arguments.${i}.argument`)}
                    />
                  ))}
                </SimpleGrid>
              </Stack>
            </Card>
          );
        })}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to={LIST}>
            {t('common.cancel')}
          </Button>
          <SubmitButton form={form} submitting={save.submitting}>
            {t('equipmentTexts.save')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
