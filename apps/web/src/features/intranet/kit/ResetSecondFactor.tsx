import { Button, Group, Text } from '@mantine/core';
import { IconShieldOff } from '@tabler/icons-react';
import { useState } from 'react';
import { resetSecondFactor } from '../../../api/second-factor';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useTranslation } from '../../../i18n';
import '../../../i18n/account';
import { notifyError, notifySuccess } from '../../../lib/notify';

/**
 * "Réinitialiser la double authentification" on a user's screen (issue 27, lost phone): shown to
 * the roles the server lets do it (role 1; a director for their adherent's users); the server
 * decides, and answers 404 for an account out of the caller's reach.
 */
export function ResetSecondFactor({ adminId, name }: { adminId: number; name: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [sending, setSending] = useState(false);
  const confirm = async () => {
    setSending(true);
    try {
      await resetSecondFactor(adminId);
      notifySuccess(t('secondFactor.resetDone', { name }));
      setOpened(false);
    } catch {
      notifyError(t('secondFactor.resetFailed'));
    } finally {
      setSending(false);
    }
  };
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed" maw={520}>
        {t('secondFactor.resetHint')}
      </Text>
      <Button variant="light" color="orange" leftSection={<IconShieldOff size={18} />} onClick={() => setOpened(true)}>
        {t('secondFactor.reset')}
      </Button>
      <ConfirmDialog
        opened={opened}
        title={t('secondFactor.reset')}
        confirmLabel={t('secondFactor.resetConfirm')}
        color="orange"
        loading={sending}
        onConfirm={confirm}
        onClose={() => setOpened(false)}
      >
        {t('secondFactor.resetQuestion', { name })}
      </ConfirmDialog>
    </Group>
  );
}
