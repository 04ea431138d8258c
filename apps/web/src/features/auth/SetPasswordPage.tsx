import { Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Area } from '@reseau/contracts/constants/auth';
import { IconArrowLeft, IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { closePasswordReset } from '../../api/auth';
import { isApiError } from '../../api/http';
import { FormActions } from '../../components/FormActions';
import { useTranslation } from '../../i18n';
import { genericErrorText } from '../../lib/error-text';
import { newPasswordError } from '../../lib/password-rule';
import { confirmationError } from '../../lib/validation';
import { AuthLayout } from './AuthLayout';

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
  const [state, setState] = useState<'form' | 'done' | 'invalidToken'>(token ? 'form' : 'invalidToken');
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { password: '', confirmation: '' },
    validateInputOnBlur: true,
    validate: {
      password: (value) => newPasswordError(value),
      confirmation: (value, values) => confirmationError(value, values.password),
    },
  });
  const loginPath = `/${area}/login`;

  async function submit(values: Values) {
    if (!token) return;
    setFailure(null);
    setSubmitting(true);
    try {
      await closePasswordReset(area, token, values.password);
      setState('done');
    } catch (error) {
      if (isApiError(error) && error.code === 'invalid_token') setState('invalidToken');
      else if (isApiError(error) && error.code === 'validation_failed')
        form.setFieldError('password', error.fieldMessage('password') ?? error.message);
      else setFailure(isApiError(error) && error.status >= 500 ? t('auth.setPassword.error') : genericErrorText(error));
    } finally {
      setSubmitting(false);
    }
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
            <FormActions
              failure={failure}
              submitting={submitting}
              blocked={Object.keys(form.errors).length > 0}
              label={t('auth.setPassword.submit')}
            />
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
