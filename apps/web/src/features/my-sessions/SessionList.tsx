import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { endMySession, type OwnSession } from '../../api/my-sessions';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { useTranslation } from '../../i18n';
import { formatDateTime } from '../../lib/format';
import { useConfirmed } from '../../lib/use-confirmed';

/** The sessions as a table (wide screens) or as cards (phones), each other one with « Déconnecter » and its confirmation. */
export function SessionList({ sessions, narrow }: { sessions: OwnSession[]; narrow: boolean }) {
  const { t } = useTranslation();
  const addressOf = (session: OwnSession) => session.ipAddress ?? t('mySessions.unknownAddress');
  const columns = useColumns(addressOf);
  const end = useConfirmed({
    run: (session: OwnSession) => endMySession(session.id),
    done: t('mySessions.ended'),
    failed: t('mySessions.errors.end'),
  });
  const endButton = (session: OwnSession) =>
    session.isCurrent ? null : (
      <Button
        size="xs"
        variant="subtle"
        color="red"
        leftSection={<IconLogout size={14} aria-hidden="true" />}
        aria-label={t('mySessions.endNamed', { device: session.deviceLabel, address: addressOf(session) })}
        onClick={() => end.ask(session)}
      >
        {t('mySessions.end')}
      </Button>
    );

  return (
    <>
      {narrow ? (
        <Stack
          component="ul"
          gap="sm"
          aria-label={t('mySessions.listLabel')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {sessions.map((session) => (
            <Card component="li" key={session.id} withBorder padding="md" radius="md">
              <Stack gap={6}>
                <Group gap={6} wrap="wrap">
                  <Text fw={600}>{session.deviceLabel}</Text>
                  {session.isCurrent ? <CurrentBadge /> : null}
                </Group>
                <SessionFacts session={session} address={addressOf(session)} />
                {session.isCurrent ? null : <Group justify="flex-end">{endButton(session)}</Group>}
              </Stack>
            </Card>
          ))}
        </Stack>
      ) : (
        <DataTable
          label={t('mySessions.listLabel')}
          columns={columns}
          rows={sessions}
          rowKey={(s) => s.id}
          rowActions={endButton}
          actionsWidth={150}
        />
      )}
      <ConfirmDialog {...end.dialog} title={t('mySessions.endTitle')} confirmLabel={t('mySessions.end')} color="red">
        <Text size="sm">
          {end.target ? t('mySessions.endText', { device: end.target.deviceLabel, address: addressOf(end.target) }) : null}
        </Text>
      </ConfirmDialog>
    </>
  );
}

function useColumns(addressOf: (s: OwnSession) => string): Column<OwnSession>[] {
  const { t } = useTranslation();
  return [
    {
      key: 'device',
      header: t('mySessions.device'),
      cell: (s) => (
        <Group gap="xs" wrap="nowrap">
          <Text fw={600} size="sm">
            {s.deviceLabel}
          </Text>
          {s.isCurrent ? <CurrentBadge /> : null}
        </Group>
      ),
    },
    { key: 'address', header: t('mySessions.address'), nowrap: true, cell: addressOf },
    { key: 'created', header: t('mySessions.createdAt'), nowrap: true, cell: (s) => formatDateTime(s.createdAt) },
    { key: 'lastUsed', header: t('mySessions.lastUsedAt'), nowrap: true, cell: (s) => formatDateTime(s.lastUsedAt) },
  ];
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** A card's lines: where from, since when, last use. */
function SessionFacts({ session, address }: { session: OwnSession; address: string }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed">
      {t('mySessions.address')} : <span style={NOWRAP}>{address}</span>
      <br />
      {t('mySessions.createdAt')} : <span style={NOWRAP}>{formatDateTime(session.createdAt)}</span>
      <br />
      {t('mySessions.lastUsedAt')} : <span style={NOWRAP}>{formatDateTime(session.lastUsedAt)}</span>
    </Text>
  );
}

/** "Cette session": the row of the browser that shows the list. */
function CurrentBadge() {
  const { t } = useTranslation();
  return (
    <Badge color="teal" variant="light">
      {t('mySessions.current')}
    </Badge>
  );
}
