import { Alert, Button, Card, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  AGENCY_PAGE_ADVERTISEMENT_SIZE,
  AGENCY_PAGE_FILE_TYPES,
  AGENCY_PAGE_LOGOS_MAX,
  AGENCY_TEXT_MAX,
} from '@reseau/contracts/constants/agencies';
import {
  type AgencyDetail,
  type AgencyPageForm,
  type AgencySettings,
  agencyPageForm,
  agencyUpdateBodyOf,
} from '@reseau/contracts/schemas/agencies';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { saveAgency, useAgency } from '../../../api/agencies';
import { LoadError } from '../../../components/LoadError';
import { RichTextEditor } from '../../../components/rich-text/RichTextEditor';
import { SubmitButton } from '../../../components/SubmitButton';
import { HeldFilesField } from '../../../components/upload/HeldFilesField';
import { useTranslation } from '../../../i18n';
import { VALIDATE_WHEN_CHANGED } from '../../../lib/form-validation';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useFormAction } from '../../../lib/use-form-action';
import { ContentsTable } from './ContentsTable';
import { AGENCY_CONTENT_PATH } from './paths';

const validate = schemaResolver(agencyPageForm, { sync: true });
type EditableAgency = AgencyDetail & { settings: AgencySettings };

const single = (fileId: number | null) => (fileId === null ? [] : [{ fileId }]);

/**
 * `/intranet/agency-page`: the public page of the agency chosen in the shell's selector (spec 01
 * §2): subtitle, "who are we", illustration, up to 6 logos, advertisement image, and its contents.
 */
export function AgencyPagePage() {
  const { t } = useTranslation();
  const agencyId = useSession().currentAgency?.id ?? null;
  const agency = useAgency(agencyId);
  const data = agency.data;
  return (
    <Stack gap="xl" maw={1080}>
      <div>
        <Title order={1} size="h2">
          {t('agencyPage.title')}
        </Title>
        {data ? (
          <Text c="dimmed" mt={6}>
            {data.name}
          </Text>
        ) : null}
      </div>
      {agencyId === null ? (
        <Alert color="gray">{t('agencyPage.noAgency')}</Alert>
      ) : agency.isError ? (
        <LoadError message={t('errors.loadAgency')} onRetry={() => void agency.refetch()} />
      ) : data ? (
        data.settings ? (
          <>
            {/* Keyed by agency: choosing another agency in the shell starts a fresh form. */}
            <AgencyPageEditor key={data.id} agency={{ ...data, settings: data.settings }} />
            <Section
              title={t('agencyPage.contents')}
              action={
                <Button
                  component={Link}
                  to={AGENCY_CONTENT_PATH}
                  variant="light"
                  leftSection={<IconPlus size={18} aria-hidden="true" />}
                >
                  {t('agencyPage.addContent')}
                </Button>
              }
            >
              <ContentsTable agencyId={data.id} editHref={(id) => `${AGENCY_CONTENT_PATH}?id=${id}`} />
            </Section>
          </>
        ) : (
          <Alert color="gray">{t('agencyPage.notEditable')}</Alert>
        )
      ) : (
        <Stack gap="md" role="status" aria-busy="true" aria-label={t('agencyPage.loading')}>
          <Skeleton height={56} />
          <Skeleton height={320} />
          <Skeleton height={160} />
        </Stack>
      )}
    </Stack>
  );
}

function AgencyPageEditor({ agency }: { agency: EditableAgency }) {
  const { t } = useTranslation();
  const form = useForm<AgencyPageForm>({
    mode: 'controlled',
    initialValues: {
      pageTitle: agency.pageTitle ?? '',
      pageDescription: agency.pageDescription ?? '',
      pageIllustrationFileId: agency.pageIllustrationFileId,
      pageLogosFiles: agency.pageLogosFiles,
      publicAdvertisementFileId: agency.publicAdvertisementFileId,
    },
    ...VALIDATE_WHEN_CHANGED,
    validate,
  });
  // PUT /agencies/{id} takes the whole agency form: the stored one, with the page's fields.
  const save = useFormAction({
    action: (values: AgencyPageForm) => saveAgency(agency.id, agency.adherentId, { ...agencyUpdateBodyOf(agency), ...values }),
    form,
    fallback: t('agencyPage.errors.save'),
    onSuccess: () => notifySuccess(t('agencyPage.saved')),
  });

  return (
    <form onSubmit={form.onSubmit(save.submit)} noValidate aria-label={t('agencyPage.formLabel')}>
      <Stack gap="lg">
        <Section title={t('agencyPage.presentation')}>
          <TextInput
            label={t('agencyPage.pageTitle')}
            description={t('agencyPage.pageTitleHint')}
            maxLength={AGENCY_TEXT_MAX}
            {...form.getInputProps('pageTitle')}
          />
          <RichTextEditor
            label={t('agencyPage.pageDescription')}
            required
            minHeight={220}
            imageFileTypeId={AGENCY_PAGE_FILE_TYPES.illustration}
            {...form.getInputProps('pageDescription')}
          />
        </Section>
        <Section title={t('agencyPage.pictures')}>
          <HeldFilesField
            fileTypeId={AGENCY_PAGE_FILE_TYPES.illustration}
            label={t('agencyPage.illustration')}
            description={t('agencyPage.illustrationHint')}
            maxFiles={1}
            value={single(form.values.pageIllustrationFileId)}
            onChange={(files) => form.setFieldValue('pageIllustrationFileId', files[0]?.fileId ?? null)}
            error={form.errors.pageIllustrationFileId}
            nameOf={() => t('agencyPage.heldIllustration')}
          />
          <HeldFilesField
            fileTypeId={AGENCY_PAGE_FILE_TYPES.logo}
            label={t('agencyPage.logos')}
            description={t('agencyPage.logosHint', { count: AGENCY_PAGE_LOGOS_MAX })}
            maxFiles={AGENCY_PAGE_LOGOS_MAX}
            value={form.values.pageLogosFiles}
            onChange={(files) => form.setFieldValue('pageLogosFiles', files)}
            error={form.errors.pageLogosFiles}
            nameOf={(number) => t('agencyPage.heldLogo', { number })}
          />
          <HeldFilesField
            fileTypeId={AGENCY_PAGE_FILE_TYPES.advertisement}
            label={t('agencyPage.advertisement')}
            description={t('agencyPage.advertisementHint', AGENCY_PAGE_ADVERTISEMENT_SIZE)}
            maxFiles={1}
            value={single(form.values.publicAdvertisementFileId)}
            onChange={(files) => form.setFieldValue('publicAdvertisementFileId', files[0]?.fileId ?? null)}
            error={form.errors.publicAdvertisementFileId}
            nameOf={() => t('agencyPage.heldAdvertisement')}
          />
        </Section>
        <Group justify="flex-end">
          <SubmitButton form={form} submitting={save.submitting}>
            {t('agencyPage.save')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card shadow="xs" component="section" aria-label={title}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4">
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
