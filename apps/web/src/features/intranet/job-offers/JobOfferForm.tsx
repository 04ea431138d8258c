import { Button, Card, Checkbox, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { JOB_OFFER_SECTOR_MAX, JOB_OFFER_TITLE_MAX, splitRecipients } from '@reseau/contracts/constants/job-offers';
import { type JobOfferForm as JobOfferFormValues, jobOfferForm } from '@reseau/contracts/schemas/job-offers';
import { IconTrash } from '@tabler/icons-react';
import { type JobOffer, type JobOfferBody, type JobOfferType, saveJobOffer } from '../../../api/job-offers';
import { Select } from '../../../components/overlays';
import { RichTextEditor } from '../../../components/rich-text/RichTextEditor';
import { SubmitWhenReady } from '../../../components/SubmitWhenReady';
import { useTranslation } from '../../../i18n';
import { VALIDATE_WHEN_CHANGED } from '../../../lib/form-validation';
import { notifySuccess } from '../../../lib/notify';
import { useFormAction } from '../../../lib/use-form-action';

const validate = schemaResolver(jobOfferForm, { sync: true });

export interface JobOfferOwner {
  agencyId: number | null;
  regionId: number | null;
}

const valuesOf = (item: JobOffer | undefined, owner: JobOfferOwner): JobOfferFormValues => ({
  jobOfferTypeCode: (item?.jobOfferTypeCode ?? '') as JobOfferFormValues['jobOfferTypeCode'],
  jobOfferDomainCode: (item?.jobOfferDomainCode ?? '') as JobOfferFormValues['jobOfferDomainCode'],
  regionId: item ? item.regionId : owner.regionId,
  agencyId: item ? item.agencyId : owner.agencyId,
  title: item?.title ?? '',
  description: item?.description ?? '',
  geographicSector: item?.geographicSector ?? '',
  isTemplate: item?.isTemplate ?? false,
  recipients: item ? item.contacts.map((c) => c.emailAddress).join(', ') : '',
});

/**
 * The job-offer form (spec 02 §2, §5): type, title, rich-text description, domain, zone,
 * recipients typed comma-separated (sent as [{emailAddress}]), the template box for network roles,
 * the template picker for the others (choosing one fills the form). Save waits for a title, a
 * description and a type; the domain is checked at save.
 */
export function JobOfferForm({
  item,
  owner,
  isNetwork,
  types,
  domains,
  templates,
  onSaved,
  onDelete,
}: {
  item?: JobOffer;
  owner: JobOfferOwner;
  isNetwork: boolean;
  types: JobOfferType[];
  domains: JobOfferType[];
  templates: JobOffer[] | undefined;
  onSaved: () => void;
  onDelete?: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<JobOfferFormValues>({
    mode: 'controlled',
    initialValues: valuesOf(item, owner),
    ...VALIDATE_WHEN_CHANGED,
    validate,
  });

  const save = useJobOfferSubmit(item, form, onSaved);

  // Save shows once a title, a description and a type are there (spec 02 §5).
  const ready = form.values.title.trim() !== '' && form.values.description !== '' && form.values.jobOfferTypeCode !== '';
  return (
    <Card
      shadow="xs"
      component="form"
      noValidate
      onSubmit={form.onSubmit(save.submit)}
      aria-label={t('jobsResults.offers.formLabel')}
    >
      <Stack gap="lg">
        {isNetwork ? null : <TemplatePicker templates={templates} form={form} />}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Select
            label={t('jobsResults.offers.type')}
            placeholder={t('jobsResults.offers.typePlaceholder')}
            required
            allowDeselect={false}
            data={types.map((type) => ({ value: type.code, label: type.name }))}
            {...form.getInputProps('jobOfferTypeCode')}
          />
          <Select
            label={t('jobsResults.offers.domain')}
            placeholder={t('jobsResults.offers.domainPlaceholder')}
            required
            allowDeselect={false}
            data={domains.map((domain) => ({ value: domain.code, label: domain.name }))}
            {...form.getInputProps('jobOfferDomainCode')}
          />
        </SimpleGrid>
        <TextInput
          label={t('jobsResults.offers.title')}
          required
          maxLength={JOB_OFFER_TITLE_MAX}
          {...form.getInputProps('title')}
        />
        <RichTextEditor
          label={t('jobsResults.offers.description')}
          required
          minHeight={220}
          {...form.getInputProps('description')}
        />
        <TextInput
          label={t('jobsResults.offers.sector')}
          description={t('jobsResults.offers.sectorHint')}
          maxLength={JOB_OFFER_SECTOR_MAX}
          {...form.getInputProps('geographicSector')}
        />
        <Textarea
          label={t('jobsResults.offers.recipients')}
          description={t('jobsResults.offers.recipientsHint')}
          autosize
          minRows={2}
          autoComplete="off"
          inputWrapperOrder={['label', 'description', 'input', 'error']}
          {...form.getInputProps('recipients')}
        />
        {isNetwork ? (
          <Checkbox
            label={t('jobsResults.offers.isTemplate')}
            description={t('jobsResults.offers.isTemplateHint')}
            {...form.getInputProps('isTemplate', { type: 'checkbox' })}
          />
        ) : null}
        <Group justify="space-between" gap="sm">
          {onDelete ? (
            <Button variant="light" color="red" leftSection={<IconTrash size={18} aria-hidden="true" />} onClick={onDelete}>
              {t('jobsResults.offers.saveDelete')}
            </Button>
          ) : (
            <span />
          )}
          <SubmitWhenReady ready={ready} form={form} submitting={save.submitting} hint={t('jobsResults.offers.saveHint')}>
            {t('jobsResults.offers.save')}
          </SubmitWhenReady>
        </Group>
      </Stack>
    </Card>
  );
}

/** Saves the offer: the recipients typed comma-separated go as its contacts. */
function useJobOfferSubmit(item: JobOffer | undefined, form: UseFormReturnType<JobOfferFormValues>, onSaved: () => void) {
  const { t } = useTranslation();
  return useFormAction({
    action: ({ recipients, ...values }: JobOfferFormValues) =>
      saveJobOffer(item?.id ?? null, {
        ...values,
        title: values.title.trim(),
        geographicSector: values.geographicSector?.trim() ?? '',
        contacts: splitRecipients(recipients).map((emailAddress) => ({ emailAddress })),
      } as JobOfferBody),
    form,
    fields: { contacts: 'recipients' },
    fallback: t('jobsResults.offers.errors.save'),
    onSuccess: () => {
      notifySuccess(item ? t('jobsResults.offers.updated') : t('jobsResults.offers.created'));
      onSaved();
    },
  });
}

/** For the roles that do not write templates: choosing one fills the form. */
function TemplatePicker({ templates, form }: { templates: JobOffer[] | undefined; form: UseFormReturnType<JobOfferFormValues> }) {
  const { t } = useTranslation();
  const fillFrom = (templateId: string | null) => {
    const template = templates?.find((candidate) => String(candidate.id) === templateId);
    if (!template) return;
    form.setValues({
      jobOfferTypeCode: template.jobOfferTypeCode as JobOfferFormValues['jobOfferTypeCode'],
      jobOfferDomainCode: template.jobOfferDomainCode as JobOfferFormValues['jobOfferDomainCode'],
      title: template.title,
      description: template.description,
      geographicSector: template.geographicSector,
    });
    form.clearErrors();
  };

  return (
    <Select
      label={t('jobsResults.offers.template')}
      placeholder={t('jobsResults.offers.templatePlaceholder')}
      description={templates?.length === 0 ? t('jobsResults.offers.noTemplate') : t('jobsResults.offers.templateHint')}
      data={(templates ?? []).map((template) => ({ value: String(template.id), label: template.title }))}
      disabled={!templates || templates.length === 0}
      searchable
      clearable
      onChange={fillFrom}
    />
  );
}
