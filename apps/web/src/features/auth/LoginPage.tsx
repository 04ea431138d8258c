import { Alert, Anchor, Center, Loader, PasswordInput, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Area } from '@reseau/contracts/constants/auth';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { type SecondFactorChallenge, type SignInAnswer, signIn, type Tokens } from '../../api/auth';
import { FormActions } from '../../components/FormActions';
import { useTranslation } from '../../i18n';
import { genericErrorText } from '../../lib/error-text';
import { lazySchemaResolver, useFormActionCore } from '../../lib/form-action-core';
import { VALIDATE_WHEN_CHANGED } from '../../lib/form-validation';
import { safeRedirect } from '../../lib/navigation';
import { startSession } from '../../lib/session';
import { AuthLayout } from './AuthLayout';
import { PasskeySignIn } from './PasskeySignIn';

const FirstConnectionForm = lazy(() => import('./FirstConnectionForm').then((m) => ({ default: m.FirstConnectionForm })));
// The second step and the enrolment load only for the accounts that have or need a second factor.
const SecondFactorStep = lazy(() => import('./SecondFactorStep').then((m) => ({ default: m.SecondFactorStep })));
const TotpEnrolmentStep = lazy(() => import('./TotpEnrolmentStep').then((m) => ({ default: m.TotpEnrolmentStep })));

/** After the password: the code of a second factor, or the enrolment a role requires (issue 27). */
type SecondStep = { kind: 'code'; challenge: SecondFactorChallenge } | { kind: 'enrol'; challengeToken: string };

type Mode = 'LOGIN' | 'FIRST_CONNECTION';

interface Values {
  emailAddress: string;
  password: string;
}

// The contract's sign-in form, loaded when the visitor reaches the form (see lazySchemaResolver).
const loginSchema = lazySchemaResolver(() => import('@reseau/contracts/schemas/auth').then((m) => m.loginForm));

const loading = (label: string) => (
  <Center py="lg">
    <Loader aria-label={label} />
  </Center>
);

/**
 * Login of both areas (spec 03 §2): the password, then, for an account with a second factor, its
 * code, or, for a role that requires one, its enrolment; then the session and the page asked for.
 */
function LoginPage({ area }: { area: Area }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [step, setStep] = useState<SecondStep | null>(null);
  const restart = useCallback(() => setStep(null), []);
  const signedIn = useCallback(
    (tokens: Tokens) => {
      startSession(tokens);
      navigate(safeRedirect(params.get('redirect'), area), { replace: true });
    },
    [navigate, params, area],
  );
  const answered = (answer: SignInAnswer) => {
    if ('secondFactorChallenge' in answer) setStep({ kind: 'code', challenge: answer.secondFactorChallenge });
    else if ('secondFactorSetupRequired' in answer)
      setStep({ kind: 'enrol', challengeToken: answer.secondFactorSetupRequired.challengeToken });
    else signedIn(answer);
  };
  if (!step) return <PasswordStep area={area} onAnswer={answered} />;
  return (
    <AuthLayout area={area}>
      <Suspense fallback={loading(t('common.loading'))}>
        {step.kind === 'code' ? (
          <SecondFactorStep area={area} challenge={step.challenge} onSignedIn={signedIn} onRestart={restart} />
        ) : (
          <TotpEnrolmentStep challengeToken={step.challengeToken} onSignedIn={signedIn} onRestart={restart} />
        )}
      </Suspense>
    </AuthLayout>
  );
}

/**
 * The password step. The extranet toggles LOGIN and FIRST_CONNECTION; `?id=` forces the first
 * connection with that email locked. The intranet has neither, nor the privacy notice.
 */
function PasswordStep({ area, onAnswer }: { area: Area; onAnswer: (answer: SignInAnswer) => void }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const lockedEmail = area === 'extranet' ? params.get('id') : null;
  // Back from a first-connection link: the address it was asked for (navigation state, not the URL).
  const prefilledEmail = (location.state as { email?: unknown } | null)?.email;
  const [mode, setMode] = useState<Mode>(lockedEmail ? 'FIRST_CONNECTION' : 'LOGIN');
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { emailAddress: typeof prefilledEmail === 'string' ? prefilledEmail : '', password: '' },
    ...VALIDATE_WHEN_CHANGED,
    validate: loginSchema.validate,
  });
  const signInAction = useFormActionCore({
    action: ({ emailAddress, password }: Values) => signIn(area, emailAddress.trim(), password),
    form,
    fallback: genericErrorText,
    showFailure: setFailure,
    handleError: (error) => {
      if (error.status === 401) setFailure(t('auth.login.invalid'));
      else if (error.status === 429) setFailure(t('auth.login.tooMany'));
      else return false;
      return true;
    },
    onSuccess: onAnswer,
  });
  const firstConnection = mode === 'FIRST_CONNECTION';
  const forgotPath = `/${area}/forgot-password`;

  function switchMode(next: Mode) {
    setMode(next);
    setFailure(null);
    form.clearErrors();
  }

  function submit(values: Values) {
    setFailure(null);
    return signInAction.submit(values);
  }

  return (
    <AuthLayout area={area}>
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            {firstConnection ? t('auth.firstConnection.title') : t('auth.login.title')}
          </Title>
          <Text c="dimmed" mt={6}>
            {firstConnection
              ? t('auth.firstConnection.subtitle')
              : area === 'intranet'
                ? t('auth.login.subtitleIntranet')
                : t('auth.login.subtitleExtranet')}
          </Text>
        </div>
        {area === 'extranet' && params.get('accountErased') === 'true' ? <AccountErasedNotice /> : null}

        {area === 'extranet' && !lockedEmail ? (
          <SegmentedControl
            fullWidth
            aria-label={t('auth.login.modeLabel')}
            value={mode}
            onChange={(value) => switchMode(value as Mode)}
            data={[
              { value: 'LOGIN', label: t('auth.login.modeLogin') },
              { value: 'FIRST_CONNECTION', label: t('auth.login.modeFirstConnection') },
            ]}
          />
        ) : null}

        {firstConnection ? (
          <Suspense fallback={loading(t('common.loading'))}>
            <FirstConnectionForm
              lockedEmail={lockedEmail}
              initialEmail={form.getValues().emailAddress}
              onBackToLogin={() => switchMode('LOGIN')}
            />
          </Suspense>
        ) : (
          <form onSubmit={form.onSubmit(submit)} onFocus={loginSchema.preload} noValidate>
            <Stack gap="md">
              <TextInput
                label={t('auth.email')}
                placeholder={t('auth.emailPlaceholder')}
                type="email"
                autoComplete="username"
                required
                {...form.getInputProps('emailAddress')}
              />
              <PasswordInput
                label={t('auth.password')}
                autoComplete="current-password"
                required
                {...form.getInputProps('password')}
              />
              <FormActions failure={failure} submitting={signInAction.submitting} form={form} label={t('auth.login.submit')} />
            </Stack>
          </form>
        )}

        {firstConnection ? null : <PasskeySignIn area={area} onSignedIn={onAnswer} />}

        <Anchor component={Link} to={forgotPath} ta="center" size="sm" fw={600}>
          {t('auth.login.forgotPassword')}
        </Anchor>
      </Stack>
    </AuthLayout>
  );
}

/** Back from « Supprimer mon compte » (RGPD issue 28 §2): the account is gone, the mail is on its way. */
function AccountErasedNotice() {
  const { t } = useTranslation();
  return (
    <Alert color="teal" variant="light" role="status">
      {t('auth.login.accountErased')}
    </Alert>
  );
}

export function IntranetLoginPage() {
  return <LoginPage area="intranet" />;
}

export function ExtranetLoginPage() {
  return <LoginPage area="extranet" />;
}
