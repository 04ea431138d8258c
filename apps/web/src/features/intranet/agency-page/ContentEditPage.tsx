import { Alert, Anchor, Breadcrumbs, Button, Card, Group, Skeleton, Stack, Switch, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  AGENCY_PAGE_CONTENT_ILLUSTRATION_FILE_TYPE,
  AGENCY_PAGE_CONTENT_TITLE_MAX,
} from '@reseau/contracts/constants/agency-page-contents';
import { agencyPageContentBody } from '@reseau/contracts/schemas/agency-page-contents';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type AgencyPageContent, saveAgencyPageContent, useAgencyPageContent } from '../../../api/agency-page-contents';
import { RichTextEditor } from '../../../components/rich-text/RichTextEditor';
import { SubmitButton } from '../../../components/SubmitButton';
import { HeldFilesField } from '../../../components/upload/HeldFilesField';
import { useTranslation } from '../../../i18n';
import { VALIDATE_WHEN_CHANGED } from '../../../lib/form-validation';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useFormAction } from '../../../lib/use-form-action';
import { AGENCY_PAGE_PATH, NETWORK_CONTENTS_PATH } from './paths';

const validate = schemaResolver(agencyPageContentBody, { sync: true });

interface ContentValues {
  title: string;
  videoUrl: string;
  content: string;
  illustrationFileId: number | null;
  isActive: boolean;
}

const valuesOf = (content: AgencyPageContent | undefined): ContentValues => ({
  title: content?.title ?? '',
  videoUrl: content?.videoUrl ?? '',
  content: content?.content ?? '',
  illustrationFileId: content?.illustrationFileId ?? null,
  isActive: content?.isActive ?? true,
});

/** `/intranet/agency-page-content?id=`: a content of the current agency's page; back to the page. */
export function AgencyPageContentPage() {
  return <ContentEditPage network={false} />;
}

/** `/intranet/network-agency-page-content?id=`: a network-wide content; back to the network list. */
export function NetworkAgencyPageContentPage() {
  return <ContentEditPage network />;
}

/**
 * A content's form (spec 01 §2, §3, §5): title and text required (shown on blur), video address,
 * illustration, active. Without `id` it creates one; a failed load goes back to the parent page.
 */
function ContentEditPage({ network }: { network: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const raw = useSearchParams()[0].get('id');
  const id = raw === null ? null : Number(raw);
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const content = useAgencyPageContent(valid ? id : null);
  const currentAgencyId = useSession().currentAgency?.id ?? null;
  const parent = network ? NETWORK_CONTENTS_PATH : AGENCY_PAGE_PATH;
  // A stored content stays with its agency; a new one goes to the current agency (or the network).
  const agencyId = network ? null : id === null ? currentAgencyId : (content.data?.agencyId ?? null);

  useEffect(() => {
    if (valid && !content.isError) return;
    if (!valid) notifyError(t('agencyPage.errors.loadContent'));
    navigate(parent, { replace: true });
  }, [valid, content.isError, navigate, parent, t]);

  const parentLabel = network ? t('agencyPage.networkContents') : t('agencyPage.title');
  return (
    <Stack gap="lg" maw={960}>
      <div>
        {network ? (
          <Breadcrumbs mb="xs">
            <Anchor component={Link} to={NETWORK_CONTENTS_PATH}>
              {t('agencyPage.networkContentsCrumb')}
            </Anchor>
            <span>{id === null ? t('agencyPage.newContent') : (content.data?.title ?? '…')}</span>
          </Breadcrumbs>
        ) : (
          <Button
            component={Link}
            to={parent}
            variant="subtle"
            px={0}
            leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
          >
            {t('agencyPage.backTo', { page: parentLabel })}
          </Button>
        )}
        <Title order={1} size="h2">
          {id === null ? t('agencyPage.newContent') : t('agencyPage.editContent')}
        </Title>
      </div>
      {!network && id === null && currentAgencyId === null ? (
        <Alert color="gray">{t('agencyPage.noAgency')}</Alert>
      ) : id === null || content.data ? (
        <ContentForm
          key={content.data?.id ?? 'new'}
          id={id}
          content={content.data}
          agencyId={agencyId}
          onSaved={() => navigate(parent)}
        />
      ) : (
        <Stack gap="md" role="status" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton height={56} />
          <Skeleton height={300} />
        </Stack>
      )}
    </Stack>
  );
}

function ContentForm({
  id,
  content,
  agencyId,
  onSaved,
}: {
  id: number | null;
  content: AgencyPageContent | undefined;
  agencyId: number | null;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<ContentValues>({
    mode: 'controlled',
    initialValues: valuesOf(content),
    ...VALIDATE_WHEN_CHANGED,
    validate,
  });
  const save = useFormAction({
    action: (values: ContentValues) =>
      saveAgencyPageContent(id, {
        title: values.title.trim(),
        videoUrl: values.videoUrl.trim(),
        content: values.content,
        illustrationFileId: values.illustrationFileId,
        agencyId,
        isActive: values.isActive,
      }),
    form,
    fallback: t('agencyPage.errors.saveContent'),
    onSuccess: () => {
      notifySuccess(t('agencyPage.contentSaved'));
      onSaved();
    },
  });
  const illustration = form.values.illustrationFileId;

  return (
    <Card shadow="xs" component="form" noValidate onSubmit={form.onSubmit(save.submit)} aria-label={t('agencyPage.contentForm')}>
      <Stack gap="lg">
        <TextInput
          label={t('agencyPage.contentTitleField')}
          required
          maxLength={AGENCY_PAGE_CONTENT_TITLE_MAX}
          {...form.getInputProps('title')}
        />
        <TextInput
          label={t('agencyPage.videoUrl')}
          description={t('agencyPage.videoUrlHint')}
          type="url"
          placeholder="https://"
          {...form.getInputProps('videoUrl')}
        />
        <RichTextEditor
          label={t('agencyPage.contentBody')}
          required
          minHeight={240}
          imageFileTypeId={AGENCY_PAGE_CONTENT_ILLUSTRATION_FILE_TYPE}
          {...form.getInputProps('content')}
        />
        <HeldFilesField
          fileTypeId={AGENCY_PAGE_CONTENT_ILLUSTRATION_FILE_TYPE}
          label={t('agencyPage.contentIllustration')}
          maxFiles={1}
          value={illustration === null ? [] : [{ fileId: illustration }]}
          onChange={(files) => form.setFieldValue('illustrationFileId', files[0]?.fileId ?? null)}
          error={form.errors.illustrationFileId}
          nameOf={() => t('agencyPage.heldIllustration')}
        />
        <Switch label={t('agencyPage.active')} {...form.getInputProps('isActive', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <SubmitButton form={form} submitting={save.submitting}>
            {t('agencyPage.save')}
          </SubmitButton>
        </Group>
      </Stack>
    </Card>
  );
}
