import { Alert, Button, Loader, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { isLinkToken } from '@reseau/contracts/constants/auth';
import { activationForm } from '@reseau/contracts/schemas/auth';
import { IconAlertCircle, IconMailOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { closeEmailVerification } from '../../api/auth';
import { withQueryClient } from '../../api/with-query-client';
import { useTranslation } from '../../i18n';
import { isApiError } from '../../lib/api-error';
import '../../i18n/account';
import { genericErrorText } from '../../lib/error-text';
import { loginPath } from '../../lib/navigation';
import { notifySuccess } from '../../lib/notify';
import { isSignedIn } from '../../lib/session';
import { useFormAction } from '../../lib/use-form-action';
import { AuthLayout } from './AuthLayout';
import { takePendingActivationEmail } from './pending-activation';

/** Adds emailModified=true to the address the email-change request asked to come back to. */
function withEmailModified(redirectUrl: string): { inApp: boolean; url: string } {
  const url = new URL(redirectUrl, window.location.origin);
  url.searchParams.set('emailModified', 'true');
  const inApp = url.origin === window.location.origin;
  return { inApp, url: inApp ? `${url.pathname}${url.search}${url.hash}` : url.toString() };
}

/**
 * `/extranet/verify-email?token=`: first connection and email change end here. A first-connection
 * link (`activation=true`) asks for the password chosen with the request before it is sent: only
 * who chose it can activate the account.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [dead, setDead] = useState(false);
  // A token that cannot be one of ours (cut, mistyped) is dead before any call (issue 25).
  if (!isLinkToken(token) || dead) return <DeadLink invalid />;
  if (params.get('activation') === 'true') return <ActivationForm token={token} onDead={() => setDead(true)} />;
  return <EmailChangeVerification token={token} onDead={() => setDead(true)} />;
}

function EmailChangeVerification({ token, onDead }: { token: string; onDead: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // A query, not an effect: the token is single-use and the call must run once.
  const verification = useQuery({
    queryKey: ['email-verification', token],
    queryFn: () => closeEmailVerification(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });

  const handled = useRef(false);
  useEffect(() => {
    if (!verification.data || handled.current) return;
    handled.current = true;
    const { redirectUrl, purpose, emailAddress } = verification.data;
    if (redirectUrl) {
      const target = withEmailModified(redirectUrl);
      // Signed out (the link opened in another browser, or later): the change is made, so say so
      // and open the login with the new address, which brings the customer to the page asked for.
      if (target.inApp && !isSignedIn('extranet')) {
        notifySuccess(t(purpose === 'email_change' ? 'auth.verifyEmail.emailChanged' : 'auth.verifyEmail.contractEmailChanged'), {
          stay: true,
        });
        navigate(loginPath('extranet', target.url), { replace: true, state: emailAddress ? { email: emailAddress } : undefined });
        return;
      }
      if (target.inApp) navigate(target.url, { replace: true });
      else window.location.assign(target.url);
      return;
    }
    notifySuccess(t('auth.verifyEmail.success'));
    navigate('/extranet/login', { replace: true });
  }, [verification.data, navigate, t]);

  const { error } = verification;
  // A first-connection link mailed without `activation=true` (before it existed): the server asks
  // for the password, and the link is not spent.
  if (isApiError(error) && error.code === 'validation_failed' && error.fieldMessage('password')) {
    return <ActivationForm token={token} onDead={onDead} />;
  }
  // Only a failure that a retry may cure (the network, the server, too many tries) says to retry;
  // any other refusal of the link is a dead link (issue 25).
  if (error) return <DeadLink invalid={isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429} />;
  return (
    <AuthLayout area="extranet">
      <Stack gap="md" align="center" py="lg" role="status">
        <Title order={1} size="h3">
          {t('auth.verifyEmail.title')}
        </Title>
        <Loader aria-hidden="true" />
        <Text c="dimmed">{t('auth.verifyEmail.pending')}</Text>
      </Stack>
    </AuthLayout>
  );
}

const validateActivation = schemaResolver(activationForm, { sync: true });

function ActivationForm({ token, onDead }: { token: string; onDead: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ mode: 'controlled', initialValues: { password: '' }, validate: validateActivation });
  const activate = useFormAction({
    action: ({ password }: { password: string }) => closeEmailVerification(token, password),
    form,
    fallback: genericErrorText,
    showFailure: setFailure,
    // The server's message (not the password chosen with this request) goes under the field.
    unmappedField: 'password',
    handleError: (error) => {
      // Spent (used, expired, or too many wrong passwords): the link is dead.
      if (error.code !== 'invalid_token') return false;
      onDead();
      return true;
    },
    onSuccess: () => {
      notifySuccess(t('auth.verifyEmail.success'));
      const email = takePendingActivationEmail();
      navigate('/extranet/login', { replace: true, state: email ? { email } : undefined });
    },
  });

  function submit(values: { password: string }) {
    setFailure(null);
    return activate.submit(values);
  }

  return (
    <AuthLayout area="extranet">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              {t('auth.verifyEmail.activationTitle')}
            </Title>
            <Text c="dimmed" mt={6}>
              {t('auth.verifyEmail.activationText')}
            </Text>
          </div>
          <PasswordInput
            label={t('auth.verifyEmail.activationPassword')}
            autoComplete="current-password"
            required
            data-autofocus
            {...form.getInputProps('password')}
          />
          {failure ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert">
              <Text size="sm">{failure}</Text>
            </Alert>
          ) : null}
          <Button type="submit" size="md" fullWidth loading={activate.submitting}>
            {t('auth.verifyEmail.activationSubmit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}

function DeadLink({ invalid }: { invalid: boolean }) {
  const { t } = useTranslation();
  return (
    <AuthLayout area="extranet">
      <Stack gap="md" align="flex-start" role="alert">
        <IconMailOff size={44} color="var(--mantine-color-red-6)" aria-hidden="true" />
        <Title order={1} size="h2">
          {invalid ? t('auth.verifyEmail.invalidTokenTitle') : t('auth.verifyEmail.errorTitle')}
        </Title>
        <Text>{invalid ? t('auth.verifyEmail.invalidToken') : t('auth.verifyEmail.error')}</Text>
        <Button component={Link} to="/extranet/login">
          {t('common.backToLogin')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}

/** The route component: the screen inside the app's query cache. */
export const VerifyEmailRoute = withQueryClient(VerifyEmailPage);
