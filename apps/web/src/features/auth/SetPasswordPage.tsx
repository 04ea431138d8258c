import { Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type Area, isLinkToken } from '@reseau/contracts/constants/auth';
import { setPasswordForm } from '@reseau/contracts/schemas/auth';
import { IconArrowLeft, IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { closePasswordReset } from '../../api/auth';
import { FormActions } from '../../components/FormActions';
import { useTranslation } from '../../i18n';
import { isApiError } from '../../lib/api-error';
import '../../i18n/account';
import { genericErrorText } from '../../lib/error-text';
import { useFormActionCore } from '../../lib/form-action-core';
import { VALIDATE_WHEN_CHANGED } from '../../lib/form-validation';
import { AuthLayout } from './AuthLayout';

const validate = schemaResolver(setPasswordForm, { sync: true });

interface Values {
  password: string;
  confirmation: string;
}

/** Reached from the reset mail (`?token=`), or the connection-link mail (`&init=true`). */
function SetPasswordPage({ area }: { area: Area }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const init = params.get('init') === 'true';
  // A token that cannot be one of ours (cut by a mail client, mistyped) is a dead link at once,
  // before anything is typed (issue 25).
  const [state, setState] = useState<'form' | 'done' | 'invalidToken'>(isLinkToken(token) ? 'form' : 'invalidToken');
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { password: '', confirmation: '' },
    ...VALIDATE_WHEN_CHANGED,
    validate,
  });
  const save = useFormActionCore({
    // The form is shown only with a token (state 'form').
    action: (values: Values) => closePasswordReset(area, token ?? '', values.password),
    form,
    fallback: (error) => (isApiError(error) && error.status >= 500 ? t('auth.setPassword.error') : genericErrorText(error)),
    showFailure: setFailure,
    unmappedField: 'password',
    handleError: (error) => {
      // The server refusing the link itself, however it words it, is a dead link.
      if (error.code !== 'invalid_token' && !(error.code === 'validation_failed' && error.fieldMessage('token'))) return false;
      setState('invalidToken');
      return true;
    },
    onSuccess: () => setState('done'),
  });
  const loginPath = `/${area}/login`;

  function submit(values: Values) {
    setFailure(null);
    return save.submit(values);
  }

  if (state === 'done') {
    return (
      <AuthLayout area={area}>
        <Stack gap="md" align="flex-start" role="status">
          <IconCircleCheck size={44} color="var(--mantine-color-teal-6)" aria-hidden="true" />
          <Title order={1} size="h2">
            {t('auth.setPassword.successTitle')}
          </Title>
          <Text>{t('auth.setPassword.successText')}</Text>
          <Button component={Link} to={loginPath} leftSection={<IconArrowLeft size={18} />}>
            {t('common.backToLogin')}
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  if (state === 'invalidToken') {
    return (
      <AuthLayout area={area}>
        <Stack gap="md" align="flex-start" role="alert">
          <IconLinkOff size={44} color="var(--mantine-color-red-6)" aria-hidden="true" />
          <Title order={1} size="h2">
            {t('auth.setPassword.invalidTokenTitle')}
          </Title>
          <Text>{t('auth.setPassword.invalidToken')}</Text>
          <Button component={Link} to={`/${area}/forgot-password`}>
            {t('auth.setPassword.askNewLink')}
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout area={area}>
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            {init ? t('auth.setPassword.titleInit') : t('auth.setPassword.titleReset')}
          </Title>
          <Text c="dimmed" mt={6}>
            {init ? t('auth.setPassword.subtitleInit') : t('auth.setPassword.subtitleReset')}
          </Text>
        </div>
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack gap="md">
            <PasswordInput
              label={t('auth.newPassword')}
              description={t('auth.passwordHint')}
              autoComplete="new-password"
              required
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label={t('auth.passwordConfirmation')}
              autoComplete="new-password"
              required
              {...form.getInputProps('confirmation')}
            />
            <FormActions failure={failure} submitting={save.submitting} form={form} label={t('auth.setPassword.submit')} />
          </Stack>
        </form>
      </Stack>
    </AuthLayout>
  );
}

export function IntranetSetPasswordPage() {
  return <SetPasswordPage area="intranet" />;
}

export function ExtranetSetPasswordPage() {
  return <SetPasswordPage area="extranet" />;
}
