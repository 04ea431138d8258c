import { Paper, Stack, Title } from '@mantine/core';
import { usePasskeysPanel } from '../../../api/passkeys';
import { secondFactorCalls, useSecondFactorStatus } from '../../../api/second-factor';
import { PasskeysPanel } from '../../../components/passkeys/PasskeysPanel';
import { SecondFactorPanel } from '../../../components/second-factor/SecondFactorPanel';
import { useTranslation } from '../../../i18n';
import '../../../i18n/account';

/**
 * `/intranet/account-security` ("Sécurité du compte", from the profile menu, issue 27): the staff
 * member's own second factor and passkeys. Every staff role reaches it; what the role requires is
 * shown there.
 */
export function AccountSecurityPage() {
  const { t } = useTranslation();
  const status = useSecondFactorStatus();
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>{t('secondFactor.pageTitle')}</Title>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <SecondFactorPanel status={status} calls={secondFactorCalls} />
      </Paper>
      <PasskeysPanel {...usePasskeysPanel()} />
    </Stack>
  );
}
