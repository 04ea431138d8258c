import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { openEmailVerification } from '../../api/auth';
import { isApiError } from '../../api/http';
import { useTranslation } from '../../i18n';
import { genericErrorText } from '../../lib/error-text';
import { newPasswordError } from '../../lib/password-rule';
import { confirmationError, emailError } from '../../lib/validation';
import { rememberPendingActivationEmail } from './pending-activation';

interface Values {
  email: string;
  password: string;
  confirmation: string;
}

type Failure = { kind: 'notFound' | 'alreadyVerified' | 'generic'; text: string };

/**
 * Extranet first connection (spec 03 §2): the customer known to an agency chooses a password and
 * receives a verification mail. A separate chunk: it brings the password rule (zod).
 */
export function FirstConnectionForm({
  lockedEmail,
  initialEmail,
  onBackToLogin,
}: {
  lockedEmail: string | null;
  initialEmail: string;
  onBackToLogin: () => void;
}) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { email: lockedEmail ?? initialEmail, password: '', confirmation: '' },
    validateInputOnBlur: true,
    validate: {
      email: (value) => emailError(value),
      password: (value) => newPasswordError(value),
      confirmation: (value, values) => confirmationError(value, values.password),
    },
  });

  async function submit(values: Values) {
    setFailure(null);
    setSubmitting(true);
    const email = values.email.trim();
    try {
      await openEmailVerification(email, values.password);
      rememberPendingActivationEmail(email);
      setSentTo(email);
    } catch (error) {
      if (isApiError(error) && error.status === 404) setFailure({ kind: 'notFound', text: t('auth.firstConnection.notFound') });
      else if (isApiError(error) && error.code === 'user_already_verified')
        setFailure({ kind: 'alreadyVerified', text: t('auth.firstConnection.alreadyVerified') });
      else if (isApiError(error) && error.code === 'validation_failed')
        // The server's first message goes under the password (spec 03 §5).
        form.setFieldError('password', error.fieldMessage('password') ?? Object.values(error.errors)[0]?.[0] ?? error.message);
      else if (isApiError(error) && error.status === 409)
        setFailure({ kind: 'generic', text: t('auth.firstConnection.alreadyPending') });
      else setFailure({ kind: 'generic', text: genericErrorText(error) });
    } finally {
      setSubmitting(false);
    }
  }

  if (sentTo) {
    return (
      <Stack gap="md" align="flex-start" role="status">
        <IconMailCheck size={44} color="var(--mantine-color-teal-6)" aria-hidden="true" />
        <Title order={2} size="h3">
          {t('auth.firstConnection.sentTitle')}
        </Title>
        <Text>{t('auth.firstConnection.sentText', { email: sentTo })}</Text>
        <Button variant="light" onClick={onBackToLogin}>
          {t('auth.firstConnection.goToLogin')}
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('auth.email')}
          placeholder={t('auth.emailPlaceholder')}
          type="email"
          autoComplete="email"
          required
          readOnly={Boolean(lockedEmail)}
          description={lockedEmail ? t('auth.firstConnection.lockedEmail') : undefined}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t('auth.newPassword')}
          autoComplete="new-password"
          description={t('auth.passwordHint')}
          required
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label={t('auth.passwordConfirmation')}
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmation')}
        />
        {failure ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert">
            <Text size="sm">{failure.text}</Text>
            {failure.kind === 'alreadyVerified' ? (
              <Anchor component={Link} to="/extranet/forgot-password" size="sm" fw={600}>
                {t('auth.firstConnection.useForgot')}
              </Anchor>
            ) : null}
          </Alert>
        ) : null}
        <Button type="submit" size="md" fullWidth loading={submitting} disabled={Object.keys(form.errors).length > 0}>
          {t('auth.firstConnection.submit')}
        </Button>
      </Stack>
    </form>
  );
}
