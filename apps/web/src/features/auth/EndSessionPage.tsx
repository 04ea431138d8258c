import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { type Area, isLinkToken } from '@reseau/contracts/constants/auth';
import { SESSION_MESSAGES } from '@reseau/contracts/constants/sessions';
import { IconAlertCircle, IconCircleCheck, IconDeviceDesktopOff } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { endSessionByLink } from '../../api/my-sessions';
import { withQueryClient } from '../../api/with-query-client';
import { useTranslation } from '../../i18n';
import '../../i18n/account';
import { isApiError } from '../../lib/api-error';
import { genericErrorText } from '../../lib/error-text';
import { AuthLayout } from './AuthLayout';

/**
 * `/intranet/end-session?token=` and `/extranet/end-session?token=` (issue 27 §3): where the
 * "Nouvelle connexion à votre compte" mail leads. Nothing happens on opening (a mail scanner may
 * open links); the button ends that session, then the page says to change the password.
 */
function EndSessionPage({ area }: { area: Area }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const end = useMutation({ mutationFn: (linkToken: string) => endSessionByLink(linkToken) });
  const dead = !isLinkToken(token) || (isApiError(end.error) && end.error.code === 'invalid_token');

  if (end.isSuccess) {
    return (
      <AuthLayout area={area}>
        <Stack gap="md" align="flex-start" role="status">
          <IconCircleCheck size={44} color="var(--mantine-color-teal-6)" aria-hidden="true" />
          <Title order={1} size="h2">
            {t('endSession.doneTitle')}
          </Title>
          <Text>{t('endSession.doneText')}</Text>
          <Group gap="sm">
            <Button component={Link} to={`/${area}/forgot-password`}>
              {t('endSession.changePassword')}
            </Button>
            <Button component={Link} to={`/${area}/login`} variant="default">
              {t('common.backToLogin')}
            </Button>
          </Group>
        </Stack>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout area={area}>
      <Stack gap="md" align="flex-start">
        <IconDeviceDesktopOff size={44} color="var(--mantine-color-ocean-6)" aria-hidden="true" />
        <Title order={1} size="h2">
          {t('endSession.title')}
        </Title>
        {dead ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden="true" />} role="alert">
            {SESSION_MESSAGES.linkInvalid}
          </Alert>
        ) : (
          <>
            <Text>{t('endSession.text')}</Text>
            {end.isError ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden="true" />} role="alert">
                {genericErrorText(end.error)}
              </Alert>
            ) : null}
            <Button color="red" loading={end.isPending} onClick={() => token && end.mutate(token)}>
              {t('endSession.submit')}
            </Button>
          </>
        )}
        <Button component={Link} to={`/${area}/login`} variant="subtle" px={0}>
          {t('common.backToLogin')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}

const IntranetEndSession = () => <EndSessionPage area="intranet" />;
const ExtranetEndSession = () => <EndSessionPage area="extranet" />;
export const IntranetEndSessionPage = withQueryClient(IntranetEndSession);
export const ExtranetEndSessionPage = withQueryClient(ExtranetEndSession);
