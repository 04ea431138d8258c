import {
  ActionIcon,
  Button,
  Card,
  Checkbox,
  ColorSwatch,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import {
  AGENCY_PRESTATION_COLOR_ID,
  GOOD_REASON_MAX,
  GOOD_REASONS_COUNT,
  GOOD_REASONS_INTRO_MAX,
  PRESTATION_SUBTITLE_MAX,
  PRESTATION_TITLE_MAX,
} from '@reseau/contracts/constants/prestations';
import {
  agencyPrestationForm,
  type GoodReasonsBlock,
  isEmptyGoodReasonsBlock,
  networkPrestationForm,
} from '@reseau/contracts/schemas/prestations';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  type AgencyPrestation,
  type NetworkPrestation,
  saveAgencyPrestation,
  saveNetworkPrestation,
  useInvalidatePrestations,
  usePrestationColors,
  usePrestationTypes,
} from '../../../api/prestations';
import { FileImage } from '../../../components/FileImage';
import { Select } from '../../../components/overlays';
import { RichTextEditor } from '../../../components/rich-text/RichTextEditor';
import { SubmitButton } from '../../../components/SubmitButton';
import { FileDropzone } from '../../../components/upload/FileDropzone';
import { useTranslation } from '../../../i18n';
import { VALIDATE_WHEN_CHANGED } from '../../../lib/form-validation';
import { notifySuccess } from '../../../lib/notify';
import { useFormAction } from '../../../lib/use-form-action';
import type { CatalogueMode } from './mode';
import { EURO_INPUT } from './PriceField';

export const LIST = '/intranet/prestations';
/** The upload type of the good-reasons illustration (spec 01 §3). */
const GOOD_REASONS_FILE_TYPE = 12;

const validateNetwork = schemaResolver(networkPrestationForm, { sync: true });
const validateAgency = schemaResolver(agencyPrestationForm, { sync: true });

interface PrestationValues {
  prestationTypeId: string;
  prestationColorId: string;
  title: string;
  subtitle: string;
  details: string;
  argumentation: string;
  isActive: boolean;
  isMandatory: boolean;
  /** Euros; '' until typed. Agency prestations only. */
  price: number | string;
  goodReasonsBlock: GoodReasonsBlock;
}

const emptyBlock = (): GoodReasonsBlock => ({
  intro: '',
  illustrationFileId: null,
  goodReasons: Array.from({ length: GOOD_REASONS_COUNT }, () => ({ reason: '' })),
});

function valuesOf(prestation: NetworkPrestation | AgencyPrestation | undefined, agency: boolean): PrestationValues {
  return {
    prestationTypeId: prestation ? String(prestation.prestationTypeId) : '',
    prestationColorId: agency ? String(AGENCY_PRESTATION_COLOR_ID) : prestation ? String(prestation.prestationColorId) : '',
    title: prestation?.title ?? '',
    subtitle: prestation?.subtitle ?? '',
    details: prestation?.details ?? '',
    argumentation: prestation?.argumentation ?? '',
    isActive: prestation?.isActive ?? true,
    isMandatory: prestation && 'isMandatory' in prestation ? prestation.isMandatory : false,
    price: prestation && 'price' in prestation ? prestation.price : '',
    goodReasonsBlock: prestation?.goodReasonsBlock ?? emptyBlock(),
  };
}

/** The fields of spec 01 §3 and the rules of §5; saved, it returns to the list. */
export function PrestationForm({
  mode,
  equipmentTypeId,
  prestation,
}: {
  mode: Exclude<CatalogueMode, { kind: 'none' }>;
  equipmentTypeId: number;
  prestation?: NetworkPrestation | AgencyPrestation;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const invalidate = useInvalidatePrestations();
  const agency = mode.kind === 'agency';
  const form = useForm<PrestationValues>({
    mode: 'controlled',
    initialValues: valuesOf(prestation, agency),
    ...VALIDATE_WHEN_CHANGED,
    validate: agency ? validateAgency : validateNetwork,
  });

  const save = useFormAction({
    action: (values: PrestationValues) => {
      const common = {
        equipmentTypeId,
        prestationTypeId: Number(values.prestationTypeId),
        prestationColorId: Number(values.prestationColorId),
        title: values.title.trim(),
        subtitle: values.subtitle.trim(),
        details: values.details,
        argumentation: values.argumentation,
        isActive: values.isActive,
        goodReasonsBlock: isEmptyGoodReasonsBlock(values.goodReasonsBlock) ? null : values.goodReasonsBlock,
      };
      const id = prestation?.id ?? null;
      if (mode.kind === 'network') return saveNetworkPrestation(id, { ...common, isMandatory: values.isMandatory });
      const agencyId = prestation && 'agencyId' in prestation ? prestation.agencyId : mode.agencyId;
      return saveAgencyPrestation(id, { ...common, agencyId, price: Number(values.price) });
    },
    form,
    fallback: t('prestations.errors.save'),
    onSuccess: async () => {
      notifySuccess(t('prestations.saved'));
      await invalidate();
      navigate(LIST);
    },
  });

  return (
    <form onSubmit={form.onSubmit(save.submit)} noValidate aria-label={t('prestations.formLabel')}>
      <Stack gap="lg">
        <Section title={t('prestations.sections.main')}>
          <MainFields form={form} agency={agency} />
        </Section>
        <Section title={t('prestations.sections.texts')}>
          <RichTextEditor label={t('prestations.fields.details')} required minHeight={160} {...form.getInputProps('details')} />
          <RichTextEditor
            label={t('prestations.fields.argumentation')}
            required
            minHeight={160}
            {...form.getInputProps('argumentation')}
          />
        </Section>
        <Section title={t('prestations.sections.goodReasons')} hint={t('prestations.goodReasonsHint')}>
          <GoodReasonsFields form={form} />
        </Section>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to={LIST}>
            {t('common.cancel')}
          </Button>
          <SubmitButton form={form} submitting={save.submitting}>
            {t('prestations.save')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

type Form = UseFormReturnType<PrestationValues>;

function MainFields({ form, agency }: { form: Form; agency: boolean }) {
  const { t } = useTranslation();
  const types = usePrestationTypes();
  const colours = usePrestationColors();
  const colourCode = (id: string) => colours.data?.find((c) => String(c.id) === id)?.code;
  const selected = colourCode(form.values.prestationColorId);
  return (
    <>
      <TextInput
        label={t('prestations.fields.title')}
        required
        maxLength={PRESTATION_TITLE_MAX}
        {...form.getInputProps('title')}
      />
      <TextInput
        label={t('prestations.fields.subtitle')}
        required
        maxLength={PRESTATION_SUBTITLE_MAX}
        {...form.getInputProps('subtitle')}
      />
      <SimpleGrid cols={{ base: 1, sm: agency ? 3 : 2 }}>
        <Select
          label={t('prestations.fields.type')}
          required
          size="md"
          allowDeselect={false}
          data={(types.data ?? []).map((type) => ({
            value: String(type.id),
            label: t(`prestations.types.${type.id}`, { defaultValue: type.code }),
          }))}
          {...form.getInputProps('prestationTypeId')}
        />
        <Select
          label={t('prestations.fields.colour')}
          required
          size="md"
          allowDeselect={false}
          // Agency prestations keep the network's colour (spec 01 §5); the server holds it too.
          disabled={agency}
          description={agency ? t('prestations.colourLocked') : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          leftSection={selected ? <ColorSwatch color={selected} size={16} aria-hidden="true" /> : null}
          data={(colours.data ?? []).map((c) => ({
            value: String(c.id),
            label: t(`prestations.colours.${c.id}`, { defaultValue: c.code }),
          }))}
          renderOption={({ option }) => (
            <Group gap="xs">
              <ColorSwatch color={colourCode(option.value) ?? '#868e96'} size={14} aria-hidden="true" />
              {option.label}
            </Group>
          )}
          {...form.getInputProps('prestationColorId')}
        />
        {agency ? (
          <NumberInput
            label={t('prestations.fields.price')}
            required
            size="md"
            {...EURO_INPUT}
            {...form.getInputProps('price')}
          />
        ) : null}
      </SimpleGrid>
      <Group gap="xl">
        <Switch label={t('prestations.fields.active')} {...form.getInputProps('isActive', { type: 'checkbox' })} />
        {agency ? null : (
          <Checkbox
            label={t('prestations.fields.mandatory')}
            description={t('prestations.mandatoryHint')}
            {...form.getInputProps('isMandatory', { type: 'checkbox' })}
          />
        )}
      </Group>
    </>
  );
}

function GoodReasonsFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  const block = form.values.goodReasonsBlock;
  const illustration = block.illustrationFileId;
  // A change anywhere in the block can make the intro needed or a reason missing: check them again.
  const recheck = () => {
    if (form.isTouched('goodReasonsBlock.intro') || form.errors['goodReasonsBlock.intro'])
      form.validateField('goodReasonsBlock.intro');
    block.goodReasons.forEach((_, i) => {
      const path = `goodReasonsBlock.goodReasons.${i}.reason`;
      if (form.errors[path]) form.validateField(path);
    });
  };
  return (
    <>
      <Textarea
        label={t('prestations.fields.intro')}
        autosize
        minRows={2}
        maxLength={GOOD_REASONS_INTRO_MAX}
        {...form.getInputProps('goodReasonsBlock.intro')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {block.goodReasons.map((_, i) => (
          <TextInput
            // Five fixed fields: the index is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list never changes length or order
            key={i}
            label={t('prestations.fields.reason', { number: i + 1 })}
            maxLength={GOOD_REASON_MAX}
            {...form.getInputProps(`goodReasonsBlock.goodReasons.${i}.reason`)}
          />
        ))}
      </SimpleGrid>
      {illustration !== null ? (
        <Group gap="sm" align="center">
          <FileImage
            fileId={illustration}
            alt={t('prestations.fields.illustration')}
            h={96}
            w={144}
            fit="cover"
            radius="sm"
            fallback={<Text size="sm">{t('prestations.fields.illustration')}</Text>}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t('prestations.removeIllustration')}
            onClick={() => {
              form.setFieldValue('goodReasonsBlock.illustrationFileId', null);
              recheck();
            }}
          >
            <IconTrash size={18} aria-hidden="true" />
          </ActionIcon>
        </Group>
      ) : (
        <FileDropzone
          fileTypeId={GOOD_REASONS_FILE_TYPE}
          label={t('prestations.fields.illustration')}
          onUploaded={(file) => {
            form.setFieldValue('goodReasonsBlock.illustrationFileId', file.id);
            recheck();
          }}
        />
      )}
    </>
  );
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Card shadow="xs" component="section" aria-label={title}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          {hint ? (
            <Text size="sm" c="dimmed" mt={4}>
              {hint}
            </Text>
          ) : null}
        </div>
        {children}
      </Stack>
    </Card>
  );
}
