import { Alert, Card, Group, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { SOCIAL_LINK_LABELS } from '@reseau/contracts/constants/agencies';
import {
  type AgencyDetail,
  type AgencyInfosForm,
  agencyInfosForm,
  agencyInfosFromForm,
  agencyInfosToForm,
} from '@reseau/contracts/schemas/agencies';
import type { ReactNode } from 'react';
import { useAgency } from '../../../api/agencies';
import { saveAgencyInfos } from '../../../api/agency-infos';
import { LoadError } from '../../../components/LoadError';
import { RichTextEditor } from '../../../components/rich-text/RichTextEditor';
import { SubmitButton } from '../../../components/SubmitButton';
import { useTranslation } from '../../../i18n';
import { VALIDATE_WHEN_CHANGED } from '../../../lib/form-validation';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useFormAction } from '../../../lib/use-form-action';
import { PostalCodesPanel } from '../kit/PostalCodesPanel';
import { ApiKeysSection } from './ApiKeysSection';

const validate = schemaResolver(agencyInfosForm, { sync: true });
type Form = UseFormReturnType<AgencyInfosForm>;

/**
 * `/intranet/my-agency`: contact details, "contact us" and legal information of the agency chosen
 * in the shell's selector (spec 01 §2, §5). One call saves the three sections.
 */
export function MyAgencyPage() {
  const { t } = useTranslation();
  const agencyId = useSession().currentAgency?.id ?? null;
  const agency = useAgency(agencyId);
  return (
    <Stack gap="xl">
      <div>
        <Title order={1} size="h2">
          {t('myAgency.title')}
        </Title>
        {agency.data ? (
          <Text c="dimmed" mt={6}>
            {agency.data.name}
          </Text>
        ) : null}
      </div>
      {agencyId === null ? (
        <Alert color="gray">{t('myAgency.noAgency')}</Alert>
      ) : agency.isError ? (
        <LoadError message={t('errors.loadAgency')} onRetry={() => void agency.refetch()} />
      ) : agency.data ? (
        // Keyed by agency: choosing another agency in the shell starts a fresh form.
        <>
          <MyAgencyForm key={agency.data.id} agency={agency.data} />
          <PostalCodesPanel agencyId={agency.data.id} />
          <ApiKeysSection agencyId={agency.data.id} />
        </>
      ) : (
        <Skeleton height={480} aria-label={t('myAgency.loading')} />
      )}
    </Stack>
  );
}

function MyAgencyForm({ agency }: { agency: AgencyDetail }) {
  const { t } = useTranslation();
  const form = useForm<AgencyInfosForm>({
    mode: 'controlled',
    initialValues: agencyInfosToForm(agency.infos),
    ...VALIDATE_WHEN_CHANGED,
    validate,
  });
  const save = useFormAction({
    action: (values: AgencyInfosForm) => saveAgencyInfos(agency.id, agencyInfosFromForm(values, agency.infos.generalTermsFileId)),
    form,
    fallback: t('myAgency.errors.save'),
    // The body's list fields, as the form names them.
    fields: {
      'phones.0.phone': 'phone1',
      'phones.0.label': 'phone1Label',
      'phones.1.phone': 'phone2',
      'phones.1.label': 'phone2Label',
      'emails.0.emailAddress': 'emailAddress',
      'emails.0.label': 'emailLabel',
    },
    onSuccess: () => notifySuccess(t('myAgency.saved')),
  });

  return (
    <form onSubmit={form.onSubmit(save.submit)} noValidate>
      <Stack gap="lg">
        <Section title={t('myAgency.sections.contact')}>
          <TextInput label={t('myAgency.fields.name')} required {...form.getInputProps('name')} />
          <TextInput label={t('myAgency.fields.address1')} required {...form.getInputProps('address1')} />
          <TextInput label={t('myAgency.fields.address2')} {...form.getInputProps('address2')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('myAgency.fields.postalCode')} required {...form.getInputProps('postalCode')} />
            <TextInput label={t('myAgency.fields.city')} required {...form.getInputProps('city')} />
            <TextInput label={t('myAgency.fields.latitude')} required inputMode="decimal" {...form.getInputProps('latitude')} />
            <TextInput label={t('myAgency.fields.longitude')} required inputMode="decimal" {...form.getInputProps('longitude')} />
          </SimpleGrid>
        </Section>
        <ContactUsSection form={form} />
        <Section title={t('myAgency.sections.legal')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('myAgency.fields.businessName')} {...form.getInputProps('businessName')} />
            <TextInput label={t('myAgency.fields.sirenNumber')} {...form.getInputProps('sirenNumber')} />
            <TextInput label={t('myAgency.fields.legalOfficer')} {...form.getInputProps('legalOfficer')} />
          </SimpleGrid>
        </Section>
        <Group justify="flex-end">
          <SubmitButton form={form} submitting={save.submitting}>
            {t('myAgency.save')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

function ContactUsSection({ form }: { form: Form }) {
  const { t } = useTranslation();
  return (
    <Section title={t('myAgency.sections.contactUs')}>
      <RichTextEditor
        label={t('myAgency.fields.openingHours')}
        required
        minHeight={120}
        {...form.getInputProps('openingHours')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('myAgency.fields.phone1')} required type="tel" {...form.getInputProps('phone1')} />
        <TextInput label={t('myAgency.fields.phone1Label')} required {...form.getInputProps('phone1Label')} />
        <TextInput label={t('myAgency.fields.phone2')} type="tel" {...form.getInputProps('phone2')} />
        <TextInput label={t('myAgency.fields.phone2Label')} {...form.getInputProps('phone2Label')} />
        <TextInput label={t('myAgency.fields.emailAddress')} required type="email" {...form.getInputProps('emailAddress')} />
        <TextInput label={t('myAgency.fields.emailLabel')} required {...form.getInputProps('emailLabel')} />
        {SOCIAL_LINK_LABELS.map(({ id, label }) => (
          <TextInput
            key={id}
            label={t('myAgency.fields.socialLink', { network: label })}
            type="url"
            placeholder="https://"
            {...form.getInputProps(`socialLinks.${id}`)}
          />
        ))}
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
