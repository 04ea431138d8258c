import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Area } from '@reseau/contracts/constants/auth';
import { IconArrowLeft, IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { openPasswordReset } from '../../api/auth';
import { FormActions } from '../../components/FormActions';
import { useTranslation } from '../../i18n';
import '../../i18n/account';
import { genericErrorText } from '../../lib/error-text';
import { lazySchemaResolver, useFormActionCore } from '../../lib/form-action-core';
import { VALIDATE_WHEN_CHANGED } from '../../lib/form-validation';
import { AuthLayout } from './AuthLayout';

// Only non-empty is checked here (spec 03 §5): the route's {email}. Loaded at the form's first use
// like the login's, so that this public screen does not bring zod for one check.
const emailSchema = lazySchemaResolver(() => import('@reseau/contracts/schemas/auth').then((m) => m.accountEmailParam));

function ForgotPasswordPage({ area }: { area: Area }) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    ...VALIDATE_WHEN_CHANGED,
    validate: emailSchema.validate,
  });
  const send = useFormActionCore({
    action: ({ email }: { email: string }) => openPasswordReset(area, email.trim()),
    form,
    fallback: genericErrorText,
    showFailure: setFailure,
    onSuccess: (_, { email }) => setSentTo(email.trim()),
  });
  const loginPath = `/${area}/login`;

  function submit(values: { email: string }) {
    setFailure(null);
    return send.submit(values);
  }

  return (
    <AuthLayout area={area}>
      {sentTo ? (
        <Stack gap="md" align="flex-start" role="status">
          <IconMailForward size={44} color="var(--mantine-color-teal-6)" aria-hidden="true" />
          <Title order={1} size="h2">
            {t('auth.forgot.sentTitle')}
          </Title>
          <Text>{t('auth.forgot.sentText', { email: sentTo })}</Text>
          <Button component={Link} to={loginPath} variant="light" leftSection={<IconArrowLeft size={18} />}>
            {t('common.backToLogin')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="lg">
          <div>
            <Title order={1} size="h2">
              {t('auth.forgot.title')}
            </Title>
            <Text c="dimmed" mt={6}>
              {t('auth.forgot.subtitle')}
            </Text>
          </div>
          <form onSubmit={form.onSubmit(submit)} onFocus={emailSchema.preload} noValidate>
            <Stack gap="md">
              <TextInput
                label={t('auth.email')}
                placeholder={t('auth.emailPlaceholder')}
                type="email"
                autoComplete="email"
                required
                {...form.getInputProps('email')}
              />
              <FormActions failure={failure} submitting={send.submitting} form={form} label={t('auth.forgot.submit')} />
            </Stack>
          </form>
          <Anchor component={Link} to={loginPath} ta="center" size="sm" fw={600}>
            {t('common.backToLogin')}
          </Anchor>
        </Stack>
      )}
    </AuthLayout>
  );
}

export function IntranetForgotPasswordPage() {
  return <ForgotPasswordPage area="intranet" />;
}

export function ExtranetForgotPasswordPage() {
  return <ForgotPasswordPage area="extranet" />;
}
