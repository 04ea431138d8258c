import { Badge, Button, Group, PasswordInput, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SECOND_FACTOR_MESSAGES } from '@reseau/contracts/constants/second-factor';
import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { formatDate } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { useFormAction } from '../../lib/use-form-action';
import { LoadError } from '../LoadError';
import { RecoveryCodes } from './RecoveryCodes';
import { TotpSecret } from './TotpSecret';

type Confirmation = { password: string } | { code: string };

/** The calls the page hands over (api/second-factor.ts): components/ reads no API itself. */
export interface SecondFactorPanelProps {
  status: {
    data?: { totpEnabled: boolean; enabledAt: string | null; recoveryCodesLeft: number; required: boolean };
    isPending: boolean;
    isError: boolean;
    isRefetching: boolean;
    refetch: () => unknown;
  };
  calls: {
    startTotp: () => Promise<{ secret: string; otpauthUri: string }>;
    confirmTotp: (code: string) => Promise<string[]>;
    removeTotp: (confirmation: Confirmation) => Promise<void>;
    regenerateRecoveryCodes: (confirmation: Confirmation) => Promise<string[]>;
  };
}

/** Six digits: a code of the app; anything else: the password. */
const confirmationOf = (text: string): Confirmation =>
  /^\d{6}$/.test(text.replace(/\s/g, '')) ? { code: text.replace(/\s/g, '') } : { password: text };

/**
 * "Sécurité du compte" (issue 27): whether the authenticator app is on, add it (QR code, key,
 * a code to confirm), new recovery codes, remove it (both after the password or a code; removal
 * not offered when the role requires a factor). Recovery codes are shown once, here.
 */
export function SecondFactorPanel({ status, calls, titleId }: SecondFactorPanelProps & { titleId?: string }) {
  const { t } = useTranslation();
  const [codes, setCodes] = useState<string[] | null>(null);
  const state = status.data;
  return (
    <Stack gap="md">
      <Title order={2} size="h3" id={titleId}>
        {t('secondFactor.panelTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('secondFactor.panelIntro')}
      </Text>
      {status.isPending ? (
        <Skeleton h={80} aria-label={t('common.loading')} />
      ) : status.isError || !state ? (
        <LoadError message={t('secondFactor.loadFailed')} onRetry={status.refetch} retrying={status.isRefetching} />
      ) : state.totpEnabled ? (
        <ManageTotp state={state} calls={calls} onCodes={setCodes} />
      ) : (
        <EnableTotp calls={calls} onCodes={setCodes} />
      )}
      {codes ? (
        <RecoveryCodes
          codes={codes}
          title={t('secondFactor.recoveryCodesTitle')}
          warning={t('secondFactor.recoveryCodesWarning')}
        />
      ) : null}
    </Stack>
  );
}

function EnableTotp({ calls, onCodes }: { calls: SecondFactorPanelProps['calls']; onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<{ secret: string; otpauthUri: string } | null>(null);
  const start = useFormAction({
    action: () => calls.startTotp(),
    form: useForm(),
    fallback: t('secondFactor.failed'),
    onSuccess: setSetup,
  });
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '' },
    validate: { code: (v) => (/^\d{6}$/.test(v.replace(/\s/g, '')) ? null : SECOND_FACTOR_MESSAGES.codeFormat) },
  });
  const confirm = useFormAction({
    action: ({ code }: { code: string }) => calls.confirmTotp(code.replace(/\s/g, '')),
    form,
    fallback: t('secondFactor.failed'),
    onSuccess: (codes) => {
      onCodes(codes);
      notifySuccess(t('secondFactor.enabled'));
    },
  });
  if (!setup) {
    return (
      <Group justify="space-between" wrap="wrap">
        <Badge color="gray" variant="light" size="lg">
          {t('secondFactor.off')}
        </Badge>
        <Button onClick={() => start.submit({})} loading={start.submitting}>
          {t('secondFactor.add')}
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap="md">
      <TotpSecret
        secret={setup.secret}
        otpauthUri={setup.otpauthUri}
        qrAlt={t('secondFactor.qrAlt')}
        manualLabel={t('secondFactor.manualEntry')}
      />
      <form onSubmit={form.onSubmit(confirm.submit)} noValidate>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('secondFactor.codeLabel')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            required
            {...form.getInputProps('code')}
          />
          <Button type="submit" loading={confirm.submitting}>
            {t('secondFactor.enable')}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}

function ManageTotp({
  state,
  calls,
  onCodes,
}: {
  state: NonNullable<SecondFactorPanelProps['status']['data']>;
  calls: SecondFactorPanelProps['calls'];
  onCodes: (codes: string[] | null) => void;
}) {
  const { t } = useTranslation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { proof: '', intent: '' },
    validate: { proof: (v) => (v.trim() ? null : t('secondFactor.proofRequired')) },
  });
  const act = useFormAction({
    action: async ({ proof, intent }: { proof: string; intent: string }) => {
      if (intent !== 'remove') return calls.regenerateRecoveryCodes(confirmationOf(proof));
      await calls.removeTotp(confirmationOf(proof));
      return null;
    },
    form,
    fields: { password: 'proof', code: 'proof' },
    fallback: t('secondFactor.failed'),
    onSuccess: (codes) => {
      onCodes(codes);
      form.reset();
      notifySuccess(codes ? t('secondFactor.regenerated') : t('secondFactor.removed'));
    },
  });
  const submit = (intent: string) => form.onSubmit((values) => act.submit({ ...values, intent }))();
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <Badge color="green" variant="light" size="lg">
          {t('secondFactor.on', { date: formatDate(state.enabledAt) })}
        </Badge>
        <Text size="sm">{t('secondFactor.codesLeft', { count: state.recoveryCodesLeft })}</Text>
      </Group>
      {state.required ? <Text size="sm">{t('secondFactor.requiredNote')}</Text> : null}
      <form onSubmit={(event) => event.preventDefault()} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label={t('secondFactor.proofLabel')}
            autoComplete="current-password"
            required
            {...form.getInputProps('proof')}
          />
          <Group wrap="wrap">
            <Button variant="light" onClick={() => submit('regenerate')} loading={act.submitting}>
              {t('secondFactor.regenerate')}
            </Button>
            {state.required ? null : (
              <Button color="red" variant="light" onClick={() => submit('remove')} loading={act.submitting}>
                {t('secondFactor.remove')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
