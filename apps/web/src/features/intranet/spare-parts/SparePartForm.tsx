import { Button, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  SPARE_PART_ANNOUNCEMENT_TYPES,
  SPARE_PART_CONTACT_MAX,
  SPARE_PART_DESCRIPTION_MAX,
  SPARE_PART_TITLE_MAX,
} from '@reseau/contracts/constants/spare-parts';
import { type SparePartAnnouncementForm, sparePartAnnouncementForm } from '@reseau/contracts/schemas/spare-parts';
import { IconInfoCircle } from '@tabler/icons-react';
import {
  type SparePartAnnouncement,
  type SparePartAnnouncementBody,
  type SparePartEnergyType,
  saveSparePartAnnouncement,
} from '../../../api/spare-parts';
import { Select } from '../../../components/overlays';
import { SubmitButton } from '../../../components/SubmitButton';
import { useTranslation } from '../../../i18n';
import { VALIDATE_WHEN_CHANGED } from '../../../lib/form-validation';
import { notifySuccess } from '../../../lib/notify';
import { useFormAction } from '../../../lib/use-form-action';

const validate = schemaResolver(sparePartAnnouncementForm, { sync: true });

const valuesOf = (item: SparePartAnnouncement | undefined, agencyId: number): SparePartAnnouncementForm => ({
  typeCode: item?.typeCode ?? '',
  energyTypeCode: (item?.energyTypeCode ?? '') as SparePartAnnouncementForm['energyTypeCode'],
  title: item?.title ?? '',
  description: item?.description ?? '',
  contact: item?.contact ?? '',
  agencyId,
});

/**
 * The announcement form of the modal (spec 02 §5): every field required, a description of at most
 * 130 characters with its counter, a title that does not say request or offer. `item` is the
 * stored announcement when editing; a new one is published for the current agency.
 */
export function SparePartForm({
  item,
  agencyId,
  energyTypes,
  onDone,
}: {
  item?: SparePartAnnouncement;
  agencyId: number;
  energyTypes: SparePartEnergyType[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<SparePartAnnouncementForm>({
    mode: 'controlled',
    initialValues: valuesOf(item, agencyId),
    ...VALIDATE_WHEN_CHANGED,
    validate,
  });

  const save = useFormAction({
    action: (values: SparePartAnnouncementForm) =>
      saveSparePartAnnouncement(item?.id ?? null, {
        ...values,
        title: values.title.trim(),
        description: values.description.trim(),
        contact: values.contact.trim(),
      } as SparePartAnnouncementBody),
    form,
    fallback: t('spareParts.errors.saveAnnouncement'),
    onSuccess: () => {
      notifySuccess(item ? t('spareParts.success.updated') : t('spareParts.success.created'));
      onDone();
    },
  });

  const length = form.values.description.length;
  return (
    <form noValidate onSubmit={form.onSubmit(save.submit)} aria-label={t('spareParts.form.label')}>
      <Stack gap="md">
        <Group gap={8} wrap="nowrap" align="flex-start">
          <IconInfoCircle size={18} aria-hidden="true" style={{ flex: 'none', marginTop: 2 }} />
          <Text size="sm" c="dimmed" id="spare-part-help">
            {t('spareParts.form.help')}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Select
            label={t('spareParts.form.type')}
            placeholder={t('spareParts.form.typePlaceholder')}
            required
            allowDeselect={false}
            data={SPARE_PART_ANNOUNCEMENT_TYPES.map((code) => ({ value: code, label: t(`spareParts.types.${code}`) }))}
            aria-describedby="spare-part-help"
            {...form.getInputProps('typeCode')}
          />
          <Select
            label={t('spareParts.form.energy')}
            placeholder={t('spareParts.form.energyPlaceholder')}
            required
            allowDeselect={false}
            data={energyTypes.map((e) => ({ value: e.code, label: e.name }))}
            {...form.getInputProps('energyTypeCode')}
          />
        </SimpleGrid>
        <TextInput
          label={t('spareParts.form.title')}
          description={t('spareParts.form.titleHint')}
          required
          maxLength={SPARE_PART_TITLE_MAX}
          {...form.getInputProps('title')}
        />
        <Textarea
          label={t('spareParts.form.description')}
          required
          autosize
          minRows={3}
          description={t('spareParts.form.counter', { count: length, max: SPARE_PART_DESCRIPTION_MAX })}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('description')}
        />
        <TextInput
          label={t('spareParts.form.contact')}
          type="tel"
          autoComplete="tel"
          required
          maxLength={SPARE_PART_CONTACT_MAX}
          {...form.getInputProps('contact')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={save.submitting}>
            {t('spareParts.form.cancel')}
          </Button>
          <SubmitButton form={form} submitting={save.submitting}>
            {item ? t('spareParts.form.save') : t('spareParts.form.publish')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
