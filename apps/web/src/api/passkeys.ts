import type { PasskeyItem, PasskeyOptions, PasskeyRegistered } from '@reseau/contracts/schemas/passkeys';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import i18n from '../i18n';
import { isApiError } from '../lib/api-error';
import { notifyError, notifySuccess } from '../lib/notify';
import { api } from './http';
import { browserHasPasskeys, isPasskeyCancelled, webauthn } from './passkey-sign-in';
import { queryClient } from './query-client';

export type { PasskeyItem };

const passkeysKey = ['me', 'passkeys'] as const;

/** GET /me/passkeys: the caller's own passkeys. */
export function usePasskeys() {
  return useQuery({
    queryKey: passkeysKey,
    queryFn: ({ signal }) => api.get<PasskeyItem[]>('/me/passkeys', { signal }),
  });
}

/** The two calls around the browser's prompt: options, the authenticator makes the passkey, POST /me/passkeys. */
async function addPasskey(name: string) {
  const { challengeId, options } = await api.post<PasskeyOptions>('/me/passkeys/registration-options');
  const { startRegistration } = await webauthn();
  const response = await startRegistration({ optionsJSON: options as never });
  const added = await api.post<PasskeyRegistered>('/me/passkeys', { challengeId, name, response });
  await queryClient.invalidateQueries({ queryKey: passkeysKey });
  return added;
}

export function useAddPasskey() {
  return useMutation({ mutationFn: addPasskey });
}

/** DELETE /me/passkeys/{id}. */
export function useRemovePasskey() {
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete<void>(`/me/passkeys/${id}`);
      await queryClient.invalidateQueries({ queryKey: passkeysKey });
    },
  });
}

/**
 * What a "Clés d'accès" panel needs (components/passkeys/PasskeysPanel), with the notices of each
 * outcome: the extranet's personal information and the intranet's account page show the same.
 */
export function usePasskeysPanel() {
  const list = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  // The first passkey of an account brings its recovery codes, shown until the person says they noted them.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  return {
    recoveryCodes,
    onRecoveryCodesNoted: () => setRecoveryCodes(null),
    passkeys: list.data,
    loadFailed: list.isError,
    onRetry: () => list.refetch(),
    supported: browserHasPasskeys(),
    adding: add.isPending,
    removing: remove.isPending,
    onAdd: (name: string) =>
      add.mutateAsync(name).then(
        (added) => {
          notifySuccess(i18n.t('passkeys.added'));
          if (added.recoveryCodes) setRecoveryCodes(added.recoveryCodes);
        },
        (error: unknown) => {
          notifyError(
            isPasskeyCancelled(error)
              ? i18n.t('passkeys.cancelled')
              : isApiError(error) && error.status < 500
                ? error.message
                : i18n.t('passkeys.addFailed'),
          );
          throw error;
        },
      ),
    onRemove: (id: number) =>
      remove.mutateAsync(id).then(
        () => notifySuccess(i18n.t('passkeys.removed')),
        () => notifyError(i18n.t('passkeys.removeFailed')),
      ),
  };
}
