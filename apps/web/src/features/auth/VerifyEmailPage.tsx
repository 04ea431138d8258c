import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { closeEmailVerification } from '../../api/auth';
import { isApiError } from '../../api/http';
import { withQueryClient } from '../../api/with-query-client';
import { useTranslation } from '../../i18n';
import { notifySuccess } from '../../lib/notify';
import { AuthLayout } from './AuthLayout';

/** Adds emailModified=true to the address the email-change request asked to come back to. */
function withEmailModified(redirectUrl: string): { inApp: boolean; url: string } {
  const url = new URL(redirectUrl, window.location.origin);
  url.searchParams.set('emailModified', 'true');
  const inApp = url.origin === window.location.origin;
  return { inApp, url: inApp ? `${url.pathname}${url.search}${url.hash}` : url.toString() };
}

/** `/extranet/verify-email?token=`: first connection and email change end here. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  // A query, not an effect: the token is single-use and the call must run once.
  const verification = useQuery({
    queryKey: ['email-verification', token],
    queryFn: () => closeEmailVerification(token ?? ''),
    enabled: Boolean(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });

  const handled = useRef(false);
  useEffect(() => {
    if (!verification.data || handled.current) return;
    handled.current = true;
    const { redirectUrl } = verification.data;
    if (redirectUrl) {
      const target = withEmailModified(redirectUrl);
      if (target.inApp) navigate(target.url, { replace: true });
      else window.location.assign(target.url);
      return;
    }
    notifySuccess(t('auth.verifyEmail.success'));
    navigate('/extranet/login', { replace: true });
  }, [verification.data, navigate, t]);

  const failed = !token || verification.isError;
  const invalid = !token || (isApiError(verification.error) && verification.error.code === 'invalid_token');

  return (
    <AuthLayout area="extranet">
      {failed ? (
        <Stack gap="md" align="flex-start" role="alert">
          <IconMailOff size={44} color="var(--mantine-color-red-6)" aria-hidden="true" />
          <Title order={1} size="h2">
            {t('auth.verifyEmail.errorTitle')}
          </Title>
          <Text>{invalid ? t('auth.verifyEmail.invalidToken') : t('auth.verifyEmail.error')}</Text>
          <Button component={Link} to="/extranet/login">
            {t('common.backToLogin')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="md" align="center" py="lg" role="status">
          <Title order={1} size="h3">
            {t('auth.verifyEmail.title')}
          </Title>
          <Loader aria-hidden="true" />
          <Text c="dimmed">{t('auth.verifyEmail.pending')}</Text>
        </Stack>
      )}
    </AuthLayout>
  );
}

/** The route component: the screen inside the app's query cache. */
export const VerifyEmailRoute = withQueryClient(VerifyEmailPage);
