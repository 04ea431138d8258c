import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { firstConnectionForm } from '@reseau/contracts/schemas/auth';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { openEmailVerification } from '../../api/auth';
import { SubmitButton } from '../../components/SubmitButton';
import { useTranslation } from '../../i18n';
import { genericErrorText } from '../../lib/error-text';
import { useFormActionCore } from '../../lib/form-action-core';
import { VALIDATE_WHEN_CHANGED } from '../../lib/form-validation';
import { rememberPendingActivationEmail } from './pending-activation';

interface Values {
  email: string;
  password: string;
  confirmation: string;
}

type Failure = { kind: 'notFound' | 'alreadyVerified' | 'generic'; text: string };

const validate = schemaResolver(firstConnectionForm, { sync: true });

/**
 * Extranet first connection (spec 03 §2): the customer known to an agency chooses a password and
 * receives a verification mail. A separate chunk: it brings the contract's schema (zod).
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
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { email: lockedEmail ?? initialEmail, password: '', confirmation: '' },
    ...VALIDATE_WHEN_CHANGED,
    validate,
  });
  const send = useFormActionCore({
    action: ({ email, password }: Values) => openEmailVerification(email.trim(), password),
    form,
    fallback: genericErrorText,
    showFailure: (text) => setFailure({ kind: 'generic', text }),
    // A server message naming no field of the form goes under the password (spec 03 §5).
    unmappedField: 'password',
    handleError: (error) => {
      if (error.status === 404) setFailure({ kind: 'notFound', text: t('auth.firstConnection.notFound') });
      else if (error.code === 'user_already_verified')
        setFailure({ kind: 'alreadyVerified', text: t('auth.firstConnection.alreadyVerified') });
      else if (error.status === 409) setFailure({ kind: 'generic', text: t('auth.firstConnection.alreadyPending') });
      else return false;
      return true;
    },
    onSuccess: (_, { email }) => {
      rememberPendingActivationEmail(email.trim());
      setSentTo(email.trim());
    },
  });

  function submit(values: Values) {
    setFailure(null);
    return send.submit(values);
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
        <SubmitButton form={form} submitting={send.submitting} size="md" fullWidth>
          {t('auth.firstConnection.submit')}
        </SubmitButton>
      </Stack>
    </form>
  );
}
