import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Area } from '@reseau/contracts/constants/auth';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { answerSecondFactor, type SecondFactorChallenge, type Tokens } from '../../api/auth';
import { answerSecondFactorWithPasskey, browserHasPasskeys, isPasskeyCancelled } from '../../api/passkey-sign-in';
import { FormActions } from '../../components/FormActions';
import { useTranslation } from '../../i18n';
import '../../i18n/account';
import { isApiError } from '../../lib/api-error';
import { genericErrorText } from '../../lib/error-text';
import { lazySchemaResolver, useFormActionCore } from '../../lib/form-action-core';
import { VALIDATE_WHEN_CHANGED } from '../../lib/form-validation';
import { secondStepRefusal } from './second-step-refusal';

const codeRules = lazySchemaResolver(() => import('@reseau/contracts/schemas/second-factor').then((m) => m.secondFactorCodeForm));
const recoveryRules = lazySchemaResolver(() => import('@reseau/contracts/schemas/second-factor').then((m) => m.recoveryCodeForm));

interface Props {
  area: Area;
  challenge: SecondFactorChallenge;
  onSignedIn: (tokens: Tokens) => void;
  /** The challenge is over (expired, used): back to the password. */
  onRestart: () => void;
}

/**
 * The sign-in's second step (issue 27): the 6 digits of the authenticator app, or, through the
 * link under the field, one of the recovery codes. A refused code keeps the step open; an expired
 * step goes back to the password with the server's words.
 */
export function SecondFactorStep({ area, challenge, onSignedIn, onRestart }: Props) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const rules = recovery ? recoveryRules : codeRules;
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '', recoveryCode: '' },
    ...VALIDATE_WHEN_CHANGED,
    validate: (values) => rules.validate(values),
  });
  const action = useFormActionCore({
    action: ({ code, recoveryCode }: { code: string; recoveryCode: string }) =>
      answerSecondFactor(challenge.challengeToken, recovery ? { recoveryCode } : { code }),
    form,
    fallback: genericErrorText,
    showFailure: setFailure,
    handleError: (error) => secondStepRefusal(error, { onRestart, showFailure: setFailure, tooMany: t('auth.login.tooMany') }),
    onSuccess: onSignedIn,
  });
  const canRecover = challenge.methods.includes('recoveryCode');
  const byApp = challenge.methods.includes('totp');
  // Without the app (a passkey and its recovery codes), the code field opens from the link only.
  const byCode = byApp || recovery;
  const byPasskey = challenge.methods.includes('passkey') && browserHasPasskeys();

  function submit(values: { code: string; recoveryCode: string }) {
    setFailure(null);
    return action.submit(values);
  }

  function switchMethod() {
    setRecovery(!recovery);
    setFailure(null);
    form.clearErrors();
  }

  const codeForm = (
    <>
      <form onSubmit={form.onSubmit(submit)} onFocus={rules.preload} noValidate>
        <Stack gap="md">
          {recovery ? (
            <TextInput
              key="recovery"
              label={t('auth.secondFactor.recoveryLabel')}
              autoComplete="off"
              required
              {...form.getInputProps('recoveryCode')}
            />
          ) : (
            <TextInput
              key="code"
              label={t('auth.secondFactor.codeLabel')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              required
              {...form.getInputProps('code')}
            />
          )}
          <FormActions failure={failure} submitting={action.submitting} form={form} label={t('auth.secondFactor.submit')} />
        </Stack>
      </form>
    </>
  );
  // Back to the app's code, or to the recovery code; without the app, only towards the recovery code.
  const switchLink =
    canRecover && (byApp || !recovery) ? (
      <Anchor component="button" type="button" onClick={switchMethod} ta="center" size="sm" fw={600}>
        {recovery ? t('auth.secondFactor.useApp') : t('auth.secondFactor.useRecovery')}
      </Anchor>
    ) : null;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('auth.secondFactor.title')}
        </Title>
        <Text c="dimmed" mt={6}>
          {recovery
            ? t('auth.secondFactor.recoverySubtitle')
            : byCode
              ? t('auth.secondFactor.subtitle')
              : t('auth.secondFactor.passkeySubtitle')}
        </Text>
      </div>
      {byPasskey ? (
        <PasskeyProof area={area} challengeToken={challenge.challengeToken} onSignedIn={onSignedIn} onRestart={onRestart} />
      ) : null}
      {byCode ? codeForm : null}
      {switchLink}
      <Anchor component="button" type="button" onClick={onRestart} ta="center" size="sm">
        {t('auth.secondFactor.restart')}
      </Anchor>
    </Stack>
  );
}

/**
 * "Utiliser ma clé d'accès": the browser's prompt for one of the account's passkeys. A closed
 * prompt says nothing; a refusal says why under the button; an expired step starts again.
 */
function PasskeyProof({
  area,
  challengeToken,
  onSignedIn,
  onRestart,
}: {
  area: Area;
  challengeToken: string;
  onSignedIn: (tokens: Tokens) => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function start() {
    setFailure(null);
    setPending(true);
    try {
      onSignedIn(await answerSecondFactorWithPasskey(area, challengeToken));
    } catch (error) {
      if (isPasskeyCancelled(error)) return;
      if (isApiError(error) && error.code === 'second_factor_challenge_expired') onRestart();
      else setFailure(isApiError(error) && error.status < 500 ? error.message : genericErrorText(error));
    } finally {
      setPending(false);
    }
  }
  return (
    <Stack gap="xs">
      <Button fullWidth loading={pending} leftSection={<IconKey size={18} aria-hidden="true" />} onClick={start}>
        {t('auth.secondFactor.usePasskey')}
      </Button>
      {failure ? (
        <Text size="sm" c="red.8" role="alert">
          {failure}
        </Text>
      ) : null}
    </Stack>
  );
}
