import { Button, Group, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  NETWORK_APPLICATION_ILLUSTRATION_FILE_TYPE,
  NETWORK_APPLICATION_TITLE_MAX,
  NETWORK_APPLICATION_URL_MAX,
} from '@reseau/contracts/constants/network-applications';
import { networkApplicationForm } from '@reseau/contracts/schemas/network-applications';
import { type NetworkApplication, saveNetworkApplication } from '../../../api/network-applications';
import { SubmitWhenReady } from '../../../components/SubmitWhenReady';
import { ImageFileField } from '../../../components/upload/ImageFileField';
import { useTranslation } from '../../../i18n';
import { VALIDATE_WHEN_CHANGED } from '../../../lib/form-validation';
import { notifySuccess } from '../../../lib/notify';
import { useFormAction } from '../../../lib/use-form-action';

const validate = schemaResolver(networkApplicationForm, { sync: true });

interface ApplicationValues {
  title: string;
  url: string;
  illustrationFileId: number | null;
}

/**
 * The application form of the modal (spec 02 §2, §5): logo (upload type 11), title and address.
 * It creates when `application` is undefined, updates it otherwise (§4). The publish button shows
 * only once the three are given; the server checks them again.
 */
export function ApplicationForm({ application, onDone }: { application?: NetworkApplication; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm<ApplicationValues>({
    mode: 'controlled',
    initialValues: {
      title: application?.title ?? '',
      url: application?.url ?? '',
      illustrationFileId: application?.illustrationFileId ?? null,
    },
    ...VALIDATE_WHEN_CHANGED,
    validate,
  });

  const save = useFormAction({
    action: (values: ApplicationValues) =>
      saveNetworkApplication(application?.id ?? null, {
        title: values.title.trim(),
        url: values.url.trim(),
        illustrationFileId: values.illustrationFileId ?? 0,
      }),
    form,
    fallback: application ? t('applications.errors.update') : t('applications.errors.create'),
    onSuccess: () => {
      notifySuccess(application ? t('applications.updated') : t('applications.created'));
      onDone();
    },
  });

  const { title, url, illustrationFileId } = form.values;
  const complete = title.trim() !== '' && url.trim() !== '' && illustrationFileId !== null;

  return (
    <form noValidate onSubmit={form.onSubmit(save.submit)} aria-label={t('applications.formLabel')}>
      <Stack gap="md">
        <ImageFileField
          fileTypeId={NETWORK_APPLICATION_ILLUSTRATION_FILE_TYPE}
          label={t('applications.logo')}
          description={t('applications.logoHint')}
          value={illustrationFileId}
          onChange={(fileId) => {
            form.setFieldValue('illustrationFileId', fileId);
            form.clearFieldError('illustrationFileId');
          }}
          error={form.errors.illustrationFileId}
        />
        <TextInput
          label={t('applications.title')}
          required
          maxLength={NETWORK_APPLICATION_TITLE_MAX}
          {...form.getInputProps('title')}
        />
        <TextInput
          label={t('applications.url')}
          description={t('applications.urlHint')}
          placeholder="https://"
          type="url"
          inputMode="url"
          required
          maxLength={NETWORK_APPLICATION_URL_MAX}
          {...form.getInputProps('url')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={save.submitting}>
            {t('common.cancel')}
          </Button>
          <SubmitWhenReady ready={complete} form={form} submitting={save.submitting}>
            {application ? t('applications.save') : t('applications.publish')}
          </SubmitWhenReady>
        </Group>
      </Stack>
    </form>
  );
}
