import {
  Anchor,
  Breadcrumbs,
  Button,
  Card,
  Checkbox,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import {
  AGENCY_ACTIVITIES,
  AGENCY_EMPLOYEE_AMOUNTS,
  AGENCY_JOB_TYPES,
  AGENCY_SALES_FIGURES,
  googleMyBusinessUrlOf,
} from '@reseau/contracts/constants/agencies';
import {
  type AgencyDetail,
  type AgencyForm,
  agencyBodyFromForm,
  agencyForm,
  agencyFormOf,
  emptyAgencyForm,
} from '@reseau/contracts/schemas/agencies';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { saveAgency, useAgency } from '../../../api/agencies';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { MultiSelect, Select } from '../../../components/overlays';
import { SubmitButton } from '../../../components/SubmitButton';
import { ImageFileField } from '../../../components/upload/ImageFileField';
import { useTranslation } from '../../../i18n';
import { VALIDATE_WHEN_CHANGED } from '../../../lib/form-validation';
import { notifySuccess } from '../../../lib/notify';
import { useFormAction } from '../../../lib/use-form-action';
import { useAdherentFormAddress, useLeaveWhen } from './links';

const validate = schemaResolver(agencyForm, { sync: true });
type Form = UseFormReturnType<AgencyForm>;

/** Upload types of the agency's images (spec 01 §3). */
const FILE_TYPE = { logo: 2, illustration: 3, extranetAdvertisement: 18 } as const;

/**
 * `/intranet/agency?adherent={name}&adherent-id={id}&id={agencyId}` (spec 01 §2, §5): create or
 * edit an agency of an adherent, then back to the adherent's page. A failed load goes back there
 * too (spec 01 §8). The PayPlug key is never shown: the field starts empty and an empty field
 * keeps the stored key.
 */
export function AgencyFormPage() {
  const { t } = useTranslation();
  const { adherentId, adherentName, id, back } = useAdherentFormAddress();
  const agency = useAgency(id);
  useLeaveWhen(agency.isError || adherentId === null, back);

  const title = agency.data?.name ?? t('agencyForm.new');
  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to="/intranet/adherents">
          {t('menu.adherents')}
        </Anchor>
        <Anchor component={Link} to={back}>
          {adherentName}
        </Anchor>
        <span>{title}</span>
      </Breadcrumbs>
      <Title order={1} size="h2">
        {title}
      </Title>
      {adherentId === null || (id !== null && !agency.data) ? (
        <ListSkeleton rows={6} height={48} />
      ) : (
        <AgencyFormFields key={id ?? 'new'} adherentId={adherentId} agency={agency.data ?? null} back={back} />
      )}
    </Stack>
  );
}

function AgencyFormFields({ adherentId, agency, back }: { adherentId: number; agency: AgencyDetail | null; back: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<AgencyForm>({
    mode: 'controlled',
    initialValues: agency ? agencyFormOf(agency) : emptyAgencyForm,
    ...VALIDATE_WHEN_CHANGED,
    validate,
  });
  const save = useFormAction({
    action: (values: AgencyForm) => saveAgency(agency?.id ?? null, adherentId, agencyBodyFromForm(values)),
    form,
    fallback: t('agencyForm.errors.save'),
    fields: { 'externalLink.label': 'externalLinkLabel', 'externalLink.url': 'externalLinkUrl' },
    onSuccess: () => {
      notifySuccess(t('agencyForm.saved'));
      navigate(back);
    },
  });
  const placeId = form.values.googleMyBusinessId.trim();

  return (
    <form onSubmit={form.onSubmit(save.submit)} noValidate>
      <Stack gap="lg">
        <Section title={t('agencyForm.sections.identity')}>
          <TextInput label={t('agencyForm.name')} required {...form.getInputProps('name')} />
          <Textarea label={t('agencyForm.description')} required autosize minRows={3} {...form.getInputProps('description')} />
          <Textarea
            label={t('agencyForm.descriptionIntervention')}
            required
            autosize
            minRows={2}
            {...form.getInputProps('descriptionIntervention')}
          />
          <Switch label={t('agencyForm.isActive')} {...form.getInputProps('isActive', { type: 'checkbox' })} />
        </Section>

        <Section title={t('agencyForm.sections.links')}>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <TextInput label={t('agencyForm.googleMyBusinessId')} required {...form.getInputProps('googleMyBusinessId')} />
            <TextInput
              label={t('agencyForm.googleMyBusinessUrl')}
              description={t('agencyForm.googleMyBusinessUrlHelp')}
              inputWrapperOrder={['label', 'input', 'description']}
              disabled
              value={placeId === '' ? '' : googleMyBusinessUrlOf(placeId)}
              readOnly
            />
            <TextInput label={t('agencyForm.externalLinkLabel')} {...form.getInputProps('externalLinkLabel')} />
            <TextInput
              label={t('agencyForm.externalLinkUrl')}
              type="url"
              placeholder="https://"
              {...form.getInputProps('externalLinkUrl')}
            />
          </SimpleGrid>
        </Section>

        <PaymentSection form={form} hasKey={agency?.settings?.hasPayPlugSecretKey ?? false} />

        <Section title={t('agencyForm.sections.images')}>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <ImageFileField
              fileTypeId={FILE_TYPE.logo}
              label={t('agencyForm.logo')}
              value={form.values.logoFileId}
              onChange={(fileId) => form.setFieldValue('logoFileId', fileId)}
            />
            <ImageFileField
              fileTypeId={FILE_TYPE.illustration}
              label={t('agencyForm.illustration')}
              value={form.values.illustrationFileId}
              onChange={(fileId) => form.setFieldValue('illustrationFileId', fileId)}
            />
            <ImageFileField
              fileTypeId={FILE_TYPE.extranetAdvertisement}
              label={t('agencyForm.extranetAdvertisement')}
              description={t('agencyForm.extranetAdvertisementSize')}
              value={form.values.extranetAdvertisementFileId}
              onChange={(fileId) => form.setFieldValue('extranetAdvertisementFileId', fileId)}
            />
          </SimpleGrid>
        </Section>

        <ActivitySection form={form} />

        <Group justify="flex-end">
          <Button component={Link} to={back} variant="default">
            {t('agencyForm.cancel')}
          </Button>
          <SubmitButton form={form} submitting={save.submitting}>
            {t('agencyForm.save')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

function PaymentSection({ form, hasKey }: { form: Form; hasKey: boolean }) {
  const { t } = useTranslation();
  const removing = form.values.removePayPlugSecretKey;
  return (
    <Section title={t('agencyForm.sections.payment')}>
      <PasswordInput
        label={t('agencyForm.payPlugSecretKey')}
        description={hasKey ? t('agencyForm.payPlugKeyKept') : t('agencyForm.payPlugNoKey')}
        autoComplete="new-password"
        disabled={removing}
        {...form.getInputProps('payPlugSecretKey')}
      />
      {hasKey ? (
        <Checkbox
          label={t('agencyForm.removePayPlugSecretKey')}
          {...form.getInputProps('removePayPlugSecretKey', { type: 'checkbox' })}
        />
      ) : null}
      <Switch
        label={t('agencyForm.isFreeInvoicePaymentEnabled')}
        {...form.getInputProps('isFreeInvoicePaymentEnabled', { type: 'checkbox' })}
      />
    </Section>
  );
}

function ActivitySection({ form }: { form: Form }) {
  const { t } = useTranslation();
  const buckets = (list: readonly { value: number; label: string }[], unit: string) =>
    list.map((b) => ({ value: String(b.value), label: t(unit, { range: b.label }) }));
  return (
    <Section title={t('agencyForm.sections.activity')}>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Select
          label={t('agencyForm.jobType')}
          clearable
          data={AGENCY_JOB_TYPES.map((value) => ({ value, label: t(`agencyForm.jobTypes.${value}`) }))}
          {...form.getInputProps('jobType')}
          value={form.values.jobType === '' ? null : form.values.jobType}
          onChange={(value) => form.setFieldValue('jobType', value ?? '')}
        />
        <MultiSelect
          label={t('agencyForm.activities')}
          clearable
          data={AGENCY_ACTIVITIES.map((value) => ({ value, label: t(`agencyForm.activityNames.${value}`) }))}
          {...form.getInputProps('activities')}
        />
        <Select
          label={t('agencyForm.employeeAmount')}
          clearable
          data={buckets(AGENCY_EMPLOYEE_AMOUNTS, 'agencyForm.employees')}
          {...form.getInputProps('employeeAmount')}
          value={form.values.employeeAmount === '' ? null : form.values.employeeAmount}
          onChange={(value) => form.setFieldValue('employeeAmount', value ?? '')}
        />
        <Select
          label={t('agencyForm.salesFigures')}
          clearable
          data={buckets(AGENCY_SALES_FIGURES, 'agencyForm.sales')}
          {...form.getInputProps('salesFigures')}
          value={form.values.salesFigures === '' ? null : form.values.salesFigures}
          onChange={(value) => form.setFieldValue('salesFigures', value ?? '')}
        />
        <TextInput
          label={t('agencyForm.enteredNetworkAt')}
          inputMode="numeric"
          placeholder={t('agencyForm.yearPlaceholder')}
          {...form.getInputProps('enteredNetworkAt')}
        />
      </SimpleGrid>
    </Section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card shadow="xs" component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
