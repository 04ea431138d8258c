import { Alert, Button, Group, List, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { INVOICE_RETENTION_YEARS } from '@reseau/contracts/constants/account-erasure';
import { eraseClientAccountForm } from '@reseau/contracts/schemas/account-erasure';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { eraseAccount, eraseAccountWithPasskey } from '../../../api/extranet/account';
import { browserHasPasskeys, isPasskeyCancelled } from '../../../api/passkey-sign-in';
import { usePasskeys } from '../../../api/passkeys';
import { Modal } from '../../../components/overlays';
import { SubmitButton } from '../../../components/SubmitButton';
import { useTranslation } from '../../../i18n';
import { isApiError } from '../../../lib/api-error';
import { VALIDATE_WHEN_CHANGED } from '../../../lib/form-validation';
import { useFormAction } from '../../../lib/use-form-action';

const validate = schemaResolver(eraseClientAccountForm, { sync: true });
/** The refusals the server words itself (contracts' ACCOUNT_ERASURE_MESSAGES): shown in the dialog as they come. */
const IN_PROGRESS = new Set(['payment_in_progress', 'signature_in_progress']);

/**
 * « Supprimer mon compte » (RGPD issue 28 §2): a danger zone at the bottom of the personal
 * information page. The dialog says what is erased and what the law keeps, and asks the current
 * password; once erased, the customer is signed out and lands on the login page with a notice.
 */
export function AccountErasureSection() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'xl' }}
      radius="md"
      component="section"
      aria-labelledby="account-erasure"
      style={{ borderColor: 'var(--mantine-color-red-6)' }}
    >
      <Group justify="space-between" align="center" gap="md">
        <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 20rem' }}>
          <IconAlertTriangle size={28} aria-hidden="true" color="var(--mantine-color-red-7)" style={{ flex: 'none' }} />
          <div>
            <Title order={2} size="h4" id="account-erasure">
              {t('extranet.accountErasure.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('extranet.accountErasure.intro')}
            </Text>
          </div>
        </Group>
        <Button
          color="red"
          variant="outline"
          leftSection={<IconTrash size={18} aria-hidden="true" />}
          onClick={() => setOpened(true)}
        >
          {t('extranet.accountErasure.open')}
        </Button>
      </Group>
      <ErasureDialog opened={opened} onClose={() => setOpened(false)} />
    </Paper>
  );
}

function ErasureDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm({ mode: 'controlled', initialValues: { password: '' }, ...VALIDATE_WHEN_CHANGED, validate });
  const erase = useFormAction({
    action: ({ password }: { password: string }) => eraseAccount(password),
    form,
    fallback: t('extranet.accountErasure.failed'),
    handleError: (error) => {
      if (!IN_PROGRESS.has(error.code)) return false;
      setRefusal(error.message);
      return true;
    },
  });
  const close = () => {
    if (erase.submitting) return;
    setRefusal(null);
    form.reset();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={<Text fw={700}>{t('extranet.accountErasure.dialogTitle')}</Text>}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        onSubmit={form.onSubmit((values) => {
          setRefusal(null);
          return erase.submit(values);
        })}
        noValidate
      >
        <Stack gap="md">
          <ErasureExplanation />
          <PasswordInput
            label={t('extranet.personalInfo.currentPassword')}
            description={t('extranet.personalInfo.currentPasswordHint')}
            autoComplete="current-password"
            required
            data-autofocus
            {...form.getInputProps('password')}
          />
          {refusal ? (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={20} />}>
              {refusal}
            </Alert>
          ) : null}
          <PasskeyProof onRefused={setRefusal} disabled={erase.submitting} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={erase.submitting}>
              {t('common.cancel')}
            </Button>
            <SubmitButton form={form} submitting={erase.submitting} color="red">
              {t('extranet.accountErasure.confirm')}
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ErasureExplanation() {
  const { t } = useTranslation();
  return (
    <>
      <Text size="sm" fw={600}>
        {t('extranet.accountErasure.irreversible')}
      </Text>
      <div>
        <Text size="sm">{t('extranet.accountErasure.erasedTitle')}</Text>
        <List size="sm" mt={4}>
          <List.Item>{t('extranet.accountErasure.erasedAccess')}</List.Item>
          <List.Item>{t('extranet.accountErasure.erasedData')}</List.Item>
        </List>
      </div>
      <div>
        <Text size="sm">{t('extranet.accountErasure.keptTitle')}</Text>
        <List size="sm" mt={4}>
          <List.Item>{t('extranet.accountErasure.keptInvoices', { years: INVOICE_RETENTION_YEARS })}</List.Item>
          <List.Item>{t('extranet.accountErasure.keptAgencies')}</List.Item>
        </List>
      </div>
    </>
  );
}

/**
 * « Confirmer avec ma clé d'accès », for a customer who has one (issue 27 §2) and a browser that
 * can use it: the passkey's answer proves it is them instead of the password.
 */
function PasskeyProof({ onRefused, disabled }: { onRefused: (text: string | null) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const passkeys = usePasskeys();
  const proof = useMutation({
    mutationFn: eraseAccountWithPasskey,
    // A closed prompt is no failure: the dialog stays as it was.
    onError: (error) => {
      if (!isPasskeyCancelled(error)) onRefused(isApiError(error) ? error.message : t('extranet.accountErasure.failed'));
    },
  });
  if (!browserHasPasskeys() || !passkeys.data?.length) return null;
  return (
    <Button
      variant="subtle"
      color="red"
      onClick={() => {
        onRefused(null);
        proof.mutate();
      }}
      loading={proof.isPending}
      disabled={disabled}
    >
      {t('extranet.accountErasure.withPasskey')}
    </Button>
  );
}
