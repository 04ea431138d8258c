import { Alert, Button, Card, Group, Paper, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type GetInputPropsReturnType, schemaResolver, useForm } from '@mantine/form';
import { changePasswordForm, openEmailChangeBody } from '@reseau/contracts/schemas/auth';
import { IconCircleCheck, IconDevices, IconLock, IconMail, IconMailForward } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { changeAccountPassword, openAccountEmailChange } from '../../../api/extranet/account';
import { renewSession } from '../../../api/http';
import { usePasskeysPanel } from '../../../api/passkeys';
import { secondFactorCalls, useSecondFactorStatus } from '../../../api/second-factor';
import { FormCard } from '../../../components/FormCard';
import { PasskeysPanel } from '../../../components/passkeys/PasskeysPanel';
import { SubmitButton } from '../../../components/SubmitButton';
import { SecondFactorPanel } from '../../../components/second-factor/SecondFactorPanel';
import { useTranslation } from '../../../i18n';
import '../../../i18n/account';
import { VALIDATE_WHEN_CHANGED } from '../../../lib/form-validation';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useFormAction } from '../../../lib/use-form-action';
import { AccountErasureSection } from './AccountErasureSection';
import { DataExportSection } from './DataExportSection';

// The bodies of the two calls; the password form adds its confirmation (spec 03 §5).
const validateEmail = schemaResolver(openEmailChangeBody, { sync: true });
const validatePassword = schemaResolver(changePasswordForm, { sync: true });

/**
 * `/extranet/personal-info`: the customer's sign-in email and password (spec 03 §2), and their
 * passkeys (issue 27 §2).
 * The spec also retries the token refresh when this page loads; the HTTP client refreshes on a
 * 401 only and exposes no refresh call, so the page does not.
 */
export function PersonalInfoPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const emailModified = params.get('emailModified') === 'true';
  // The token's claims (the address shown below) are renewed at load (spec 03 §7).
  useEffect(() => {
    void renewSession();
  }, []);
  return (
    <Stack gap="xl">
      <div>
        <Title order={1} size="h2">
          {t('pages.personalInfo')}
        </Title>
        <Text c="dimmed" mt={6}>
          {t('extranet.personalInfo.subtitle')}
        </Text>
      </div>
      {emailModified ? (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck size={22} />}
          title={t('extranet.personalInfo.emailModifiedTitle')}
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={() => setParams({}, { replace: true })}
          role="status"
        >
          {t('extranet.personalInfo.emailModified')}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <AccountEmailForm justChanged={emailModified} />
        <AccountPasswordForm />
      </SimpleGrid>
      <AccountSecurity />
      <PasskeysPanel {...usePasskeysPanel()} />
      <SessionsLink />
      <DataExportSection />
      <AccountErasureSection />
    </Stack>
  );
}

/** "Sécurité du compte" (issue 27 §2): the customer may turn on an authenticator app; never required. */
function AccountSecurity() {
  const status = useSecondFactorStatus();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" component="section" aria-labelledby="account-security">
      <SecondFactorPanel status={status} calls={secondFactorCalls} titleId="account-security" />
    </Paper>
  );
}

/** Beside the sign-in details, where the devices signed in to the account are seen and ended (issue 27 §3). */
function SessionsLink() {
  const { t } = useTranslation();
  return (
    <Card shadow="xs" component="section" aria-labelledby="personal-info-sessions">
      <Group justify="space-between" align="center" gap="md">
        <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 20rem' }}>
          <IconDevices size={28} aria-hidden="true" style={{ flex: 'none' }} />
          <div>
            <Title order={2} size="h4" id="personal-info-sessions">
              {t('shell.mySessions')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('extranet.personalInfo.sessionsText')}
            </Text>
          </div>
        </Group>
        <Button component={Link} to="/extranet/my-sessions" variant="light">
          {t('extranet.personalInfo.sessionsLink')}
        </Button>
      </Group>
    </Card>
  );
}

/** The current password both forms ask for: same look as the other fields. */
function CurrentPasswordInput(props: GetInputPropsReturnType) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      label={t('extranet.personalInfo.currentPassword')}
      description={t('extranet.personalInfo.currentPasswordHint')}
      autoComplete="current-password"
      required
      {...props}
    />
  );
}

/**
 * `justChanged`: back from the verification link, the session's token still carries the former
 * address until its next refresh, so the "current address" line is left out rather than wrong.
 */
function AccountEmailForm({ justChanged }: { justChanged: boolean }) {
  const { t } = useTranslation();
  const { claims } = useSession();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { emailAddress: '', currentPassword: '' },
    ...VALIDATE_WHEN_CHANGED,
    validate: validateEmail,
  });

  const save = useFormAction({
    action: ({ email, currentPassword }: { email: string; currentPassword: string }) =>
      openAccountEmailChange(email, `${window.location.origin}/extranet/personal-info`, currentPassword),
    form,
    fallback: t('extranet.personalInfo.errors.email'),
    unmappedField: 'emailAddress',
    handleError: (error) => {
      if (error.code === 'same_email') form.setFieldError('emailAddress', t('extranet.personalInfo.sameEmail'));
      else if (error.code === 'email_already_used')
        form.setFieldError('emailAddress', t('extranet.personalInfo.emailAlreadyUsed'));
      else return false;
      return true;
    },
    onSuccess: (outcome, { email }) => {
      if (outcome === 'changed') {
        notifySuccess(t('extranet.personalInfo.emailChanged'));
        form.reset();
      } else {
        setSentTo(email);
        notifySuccess(t('extranet.personalInfo.verificationSent', { email }));
        form.setFieldValue('currentPassword', '');
      }
    },
  });

  function submit({ emailAddress, currentPassword }: { emailAddress: string; currentPassword: string }) {
    setSentTo(null);
    return save.submit({ email: emailAddress.trim(), currentPassword });
  }

  return (
    <FormCard icon={IconMail} title={t('extranet.personalInfo.emailTitle')} level={2} onSubmit={form.onSubmit(submit)}>
      {claims?.email_address && !justChanged ? (
        <div>
          <Text size="xs" tt="uppercase" fw={600} c="dimmed" lts="0.05em">
            {t('extranet.personalInfo.currentEmail')}
          </Text>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {claims.email_address}
          </Text>
        </div>
      ) : null}
      <TextInput
        label={t('extranet.personalInfo.newEmail')}
        description={t('extranet.personalInfo.emailHint')}
        placeholder={t('auth.emailPlaceholder')}
        type="email"
        autoComplete="email"
        required
        {...form.getInputProps('emailAddress')}
      />
      <CurrentPasswordInput {...form.getInputProps('currentPassword')} />
      {sentTo ? (
        <Alert color="ocean" variant="light" icon={<IconMailForward size={20} />} role="status">
          {t('extranet.personalInfo.verificationSent', { email: sentTo })}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <SubmitButton form={form} submitting={save.submitting}>
          {t('extranet.personalInfo.saveEmail')}
        </SubmitButton>
      </Group>
    </FormCard>
  );
}

interface PasswordValues {
  currentPassword: string;
  password: string;
  confirmation: string;
}

function AccountPasswordForm() {
  const { t } = useTranslation();
  const form = useForm<PasswordValues>({
    mode: 'controlled',
    initialValues: { currentPassword: '', password: '', confirmation: '' },
    ...VALIDATE_WHEN_CHANGED,
    validate: validatePassword,
  });
  // Both new-password fields must be valid to submit (spec 03 §5), and the current one given.
  const valid = form.isValid();

  const save = useFormAction({
    action: (values: PasswordValues) => changeAccountPassword(values.password, values.currentPassword),
    // What was typed stays: the customer corrects it.
    form,
    fallback: t('extranet.personalInfo.errors.password'),
    unmappedField: 'password',
    onSuccess: () => {
      notifySuccess(t('extranet.personalInfo.passwordChanged'));
      form.reset();
    },
  });

  return (
    <FormCard icon={IconLock} title={t('extranet.personalInfo.passwordTitle')} level={2} onSubmit={form.onSubmit(save.submit)}>
      <Text size="sm" c="dimmed">
        {t('extranet.personalInfo.passwordIntro')}
      </Text>
      <CurrentPasswordInput {...form.getInputProps('currentPassword')} />
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
      <Group justify="flex-end">
        <Button type="submit" loading={save.submitting} disabled={!valid}>
          {t('extranet.personalInfo.savePassword')}
        </Button>
      </Group>
    </FormCard>
  );
}
