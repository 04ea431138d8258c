import { Button, Divider, Text } from '@mantine/core';
import type { Area } from '@reseau/contracts/constants/auth';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import type { Tokens } from '../../api/auth';
import { browserHasPasskeys, isPasskeyCancelled, signInWithPasskey } from '../../api/passkey-sign-in';
import { useTranslation } from '../../i18n';
import { isApiError } from '../../lib/api-error';

/**
 * "Se connecter avec une clé d'accès" under the sign-in form (issue 27): the browser offers the
 * passkeys it holds for the site, and the one chosen says whose account it is. Hidden where the
 * browser has no WebAuthn. A closed prompt says nothing; a refusal says why, under the button.
 */
export function PasskeySignIn({ area, onSignedIn }: { area: Area; onSignedIn: (tokens: Tokens) => void }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!browserHasPasskeys()) return null;

  async function start() {
    setFailure(null);
    setPending(true);
    try {
      onSignedIn(await signInWithPasskey(area));
    } catch (error) {
      if (isPasskeyCancelled(error)) return;
      // The server's refusals (unknown passkey, expired challenge, too many tries) say what to do.
      setFailure(isApiError(error) && error.status < 500 ? error.message : t('auth.passkey.failed'));
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Divider label={t('auth.passkey.or')} labelPosition="center" />
      <Button
        variant="default"
        fullWidth
        loading={pending}
        leftSection={<IconKey size={18} aria-hidden="true" />}
        onClick={start}
      >
        {t('auth.passkey.signIn')}
      </Button>
      {failure ? (
        <Text size="sm" c="red.8" role="alert">
          {failure}
        </Text>
      ) : null}
    </>
  );
}
