import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDevices, IconLogout } from '@tabler/icons-react';
import { endMyOtherSessions, useMySessions } from '../../api/my-sessions';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyBlock } from '../../components/EmptyBlock';
import { LoadError } from '../../components/LoadError';
import { useTranslation } from '../../i18n';
import '../../i18n/account';
import { useConfirmed } from '../../lib/use-confirmed';
import { SessionList } from './SessionList';

/**
 * `/intranet/my-sessions` and `/extranet/my-sessions`, "Mes connexions" (issue 27 §3): the open
 * sessions of the account, each with its device, address, start and last use; another one is
 * ended at once (its next request is refused), or all of them but this one.
 */
export function MySessionsPage() {
  const { t } = useTranslation();
  const sessions = useMySessions();
  const others = sessions.data?.filter((s) => !s.isCurrent).length ?? 0;
  const endOthers = useConfirmed({
    run: () => endMyOtherSessions(),
    done: t('mySessions.othersEnded'),
    failed: t('mySessions.errors.endOthers'),
  });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ flex: '1 1 20rem', minWidth: 0 }}>
          <Title order={1} size="h2">
            {t('pages.mySessions')}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t('mySessions.intro')}
          </Text>
        </div>
        {others > 0 ? (
          <Button
            variant="light"
            color="red"
            leftSection={<IconLogout size={16} aria-hidden="true" />}
            // On a phone the label wraps rather than being cut.
            h="auto"
            mih={36}
            py={6}
            styles={{ label: { whiteSpace: 'normal', lineHeight: 1.3 } }}
            onClick={() => endOthers.ask(true)}
          >
            {t('mySessions.endOthers')}
          </Button>
        ) : null}
      </Group>
      <SessionsContent sessions={sessions} />
      <ConfirmDialog
        {...endOthers.dialog}
        title={t('mySessions.endOthersTitle')}
        confirmLabel={t('mySessions.endOthers')}
        color="red"
      >
        <Text size="sm">{t('mySessions.endOthersText', { count: others })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}

function SessionsContent({ sessions }: { sessions: ReturnType<typeof useMySessions> }) {
  const { t } = useTranslation();
  // Cards on a phone (the device, then its facts, then the button), a table from 48em on.
  const narrow = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  if (sessions.isError) {
    return (
      <LoadError
        variant="block"
        icon={<IconDevices size={28} />}
        message={t('mySessions.errors.load')}
        onRetry={() => void sessions.refetch()}
        retrying={sessions.isFetching}
      />
    );
  }
  if (!sessions.data) return <Skeleton height={160} aria-label={t('mySessions.loading')} />;
  if (sessions.data.length === 0) {
    return <EmptyBlock icon={<IconDevices size={28} />} title={t('mySessions.empty')} text={t('mySessions.emptyText')} />;
  }
  return <SessionList sessions={sessions.data} narrow={narrow} />;
}
