import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconKey, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../i18n';
import { formatDate } from '../../lib/format';
import { ConfirmDialog } from '../ConfirmDialog';
import { LoadError } from '../LoadError';
import { RecoveryCodes } from '../second-factor/RecoveryCodes';

export interface PasskeyRow {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface PasskeysPanelProps {
  passkeys: PasskeyRow[] | undefined;
  loadFailed: boolean;
  onRetry: () => unknown;
  /** False when the browser cannot make passkeys: the add form gives way to a sentence. */
  supported: boolean;
  /** Resolves once added (the list reads again); rejects when refused or cancelled. */
  onAdd: (name: string) => Promise<unknown>;
  adding: boolean;
  onRemove: (id: number) => Promise<unknown>;
  removing: boolean;
  /** The recovery codes the account's first passkey brought, shown once; null otherwise. */
  recoveryCodes: string[] | null;
  onRecoveryCodesNoted: () => void;
}

/**
 * "Clés d'accès" of one's own account (issue 27), in the intranet's account page and the
 * extranet's personal information: the list, an add form (a name, then the browser's prompt),
 * and a confirmed removal. The data and the calls come from `api/passkeys.ts`.
 */
export function PasskeysPanel(props: PasskeysPanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id={titleId}>
            {t('passkeys.title')}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t('passkeys.intro')}
          </Text>
        </div>
        {props.recoveryCodes ? (
          <Stack gap="sm">
            <RecoveryCodes
              codes={props.recoveryCodes}
              title={t('secondFactor.recoveryCodesTitle')}
              warning={t('secondFactor.recoveryCodesWarning')}
            />
            <Button variant="light" onClick={props.onRecoveryCodesNoted} style={{ alignSelf: 'flex-start' }}>
              {t('passkeys.codesNoted')}
            </Button>
          </Stack>
        ) : null}
        <PasskeyList {...props} />
        {props.supported ? (
          <AddPasskeyForm onAdd={props.onAdd} adding={props.adding} />
        ) : (
          <Text size="sm">{t('passkeys.unsupported')}</Text>
        )}
      </Stack>
    </Paper>
  );
}

function PasskeyList({ passkeys, loadFailed, onRetry, onRemove, removing }: PasskeysPanelProps) {
  const { t } = useTranslation();
  const [toRemove, setToRemove] = useState<PasskeyRow | null>(null);
  if (loadFailed) return <LoadError message={t('passkeys.loadError')} onRetry={onRetry} />;
  if (!passkeys) return <Text size="sm">{t('common.loading')}</Text>;
  if (passkeys.length === 0) return <Text size="sm">{t('passkeys.empty')}</Text>;
  return (
    <>
      <Stack gap="xs" component="ul" aria-label={t('passkeys.listLabel')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {passkeys.map((p) => (
          <Group key={p.id} component="li" justify="space-between" wrap="wrap" gap="xs">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <IconKey size={20} aria-hidden="true" />
              <div style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {p.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('passkeys.createdOn', { date: formatDate(p.createdAt) })}
                  {' · '}
                  {p.lastUsedAt ? t('passkeys.lastUsed', { date: formatDate(p.lastUsedAt) }) : t('passkeys.neverUsed')}
                </Text>
              </div>
            </Group>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              aria-label={t('passkeys.removeOf', { name: p.name })}
              onClick={() => setToRemove(p)}
            >
              {t('passkeys.remove')}
            </Button>
          </Group>
        ))}
      </Stack>
      <ConfirmDialog
        opened={toRemove !== null}
        title={t('passkeys.removeTitle')}
        confirmLabel={t('passkeys.remove')}
        color="red"
        loading={removing}
        onClose={() => setToRemove(null)}
        onConfirm={() => {
          if (toRemove) void onRemove(toRemove.id).finally(() => setToRemove(null));
        }}
      >
        <Text>{t('passkeys.removeText', { name: toRemove?.name ?? '' })}</Text>
      </ConfirmDialog>
    </>
  );
}

function AddPasskeyForm({ onAdd, adding }: Pick<PasskeysPanelProps, 'onAdd' | 'adding'>) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return;
    void onAdd(name.trim()).then(
      () => setName(''),
      () => {},
    );
  }
  return (
    <form onSubmit={submit} aria-label={t('passkeys.add')}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('passkeys.nameLabel')}
          placeholder={t('passkeys.namePlaceholder')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={60}
          required
          style={{ flex: '1 1 14rem' }}
        />
        <Button type="submit" loading={adding} disabled={!name.trim()} leftSection={<IconKey size={16} aria-hidden="true" />}>
          {t('passkeys.add')}
        </Button>
      </Group>
    </form>
  );
}
