import { Button, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { confirmSignInTotpSetup, startSignInTotpSetup, type Tokens, type TotpSetup } from '../../api/auth';
import { FormActions } from '../../components/FormActions';
import { RecoveryCodes } from '../../components/second-factor/RecoveryCodes';
import { TotpSecret } from '../../components/second-factor/TotpSecret';
import { useTranslation } from '../../i18n';
import '../../i18n/account';
import { isApiError } from '../../lib/api-error';
import { genericErrorText } from '../../lib/error-text';
import { lazySchemaResolver, useFormActionCore } from '../../lib/form-action-core';
import { VALIDATE_WHEN_CHANGED } from '../../lib/form-validation';
import { secondStepRefusal } from './second-step-refusal';

const codeRules = lazySchemaResolver(() => import('@reseau/contracts/schemas/second-factor').then((m) => m.secondFactorCodeForm));

interface Props {
  challengeToken: string;
  onSignedIn: (tokens: Tokens) => void;
  onRestart: () => void;
}

/**
 * The enrolment a role that requires a second factor goes through at sign-in, before anything
 * else opens (issue 27): scan the QR code (or type the secret), confirm with a code, note the
 * recovery codes shown once, then continue signed in.
 */
export function TotpEnrolmentStep({ challengeToken, onSignedIn, onRestart }: Props) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [done, setDone] = useState<(Tokens & { recoveryCodes: string[] }) | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    startSignInTotpSetup(challengeToken).then(setSetup, (error: unknown) =>
      isApiError(error) && error.status === 400 ? onRestart() : setFailure(genericErrorText(error)),
    );
  }, [challengeToken, onRestart]);
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '' },
    ...VALIDATE_WHEN_CHANGED,
    validate: codeRules.validate,
  });
  const action = useFormActionCore({
    action: ({ code }: { code: string }) => confirmSignInTotpSetup(challengeToken, code),
    form,
    fallback: genericErrorText,
    showFailure: setFailure,
    handleError: (error) => secondStepRefusal(error, { onRestart, showFailure: setFailure, tooMany: t('auth.login.tooMany') }),
    onSuccess: setDone,
  });

  function submit(values: { code: string }) {
    setFailure(null);
    return action.submit(values);
  }

  if (done) {
    return (
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t('auth.enrolment.doneTitle')}
        </Title>
        <RecoveryCodes
          codes={done.recoveryCodes}
          title={t('secondFactor.recoveryCodesTitle')}
          warning={t('secondFactor.recoveryCodesWarning')}
        />
        <Button size="md" fullWidth onClick={() => onSignedIn(done)}>
          {t('auth.enrolment.continue')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('auth.enrolment.title')}
        </Title>
        <Text c="dimmed" mt={6}>
          {t('auth.enrolment.subtitle')}
        </Text>
      </div>
      {setup ? (
        <TotpSecret
          secret={setup.secret}
          otpauthUri={setup.otpauthUri}
          qrAlt={t('secondFactor.qrAlt')}
          manualLabel={t('secondFactor.manualEntry')}
        />
      ) : failure ? null : (
        <Loader aria-label={t('common.loading')} />
      )}
      <form onSubmit={form.onSubmit(submit)} onFocus={codeRules.preload} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('auth.secondFactor.codeLabel')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            required
            {...form.getInputProps('code')}
          />
          <FormActions failure={failure} submitting={action.submitting} form={form} label={t('auth.enrolment.submit')} />
        </Stack>
      </form>
    </Stack>
  );
}
