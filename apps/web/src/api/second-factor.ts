import type {
  RecoveryCodes,
  SecondFactorConfirmation,
  SecondFactorStatus,
  TotpSetup,
} from '@reseau/contracts/schemas/second-factor';
import { useQuery } from '@tanstack/react-query';
import { api } from './http';
import { queryClient } from './query-client';

export type { SecondFactorStatus, TotpSetup };

const secondFactorKey = ['me', 'second-factor'] as const;
const readAgain = () => queryClient.invalidateQueries({ queryKey: secondFactorKey });

/** GET /me/second-factor: staff and customers alike. */
export function useSecondFactorStatus() {
  return useQuery({
    queryKey: secondFactorKey,
    queryFn: () => api.get<SecondFactorStatus>('/me/second-factor'),
    meta: { errorMessage: 'secondFactor.loadFailed' },
  });
}

/** POST /me/second-factor/totp: the secret to scan; the app is on only once a code is confirmed. */
export const startTotp = () => api.post<TotpSetup>('/me/second-factor/totp');

/** POST /me/second-factor/totp:confirm → the recovery codes, shown once. */
export async function confirmTotp(code: string) {
  const answer = await api.post<RecoveryCodes>('/me/second-factor/totp:confirm', { code });
  await readAgain();
  return answer.recoveryCodes;
}

/** DELETE /me/second-factor/totp, confirmed by the password or a code. */
export async function removeTotp(confirmation: SecondFactorConfirmation) {
  await api.delete<void>('/me/second-factor/totp', { body: confirmation });
  await readAgain();
}

/** POST /me/second-factor/recovery-codes: 10 new codes, the former ones no longer work. */
export async function regenerateRecoveryCodes(confirmation: SecondFactorConfirmation) {
  const answer = await api.post<RecoveryCodes>('/me/second-factor/recovery-codes', confirmation);
  await readAgain();
  return answer.recoveryCodes;
}

/** What the "Sécurité du compte" panel (components/second-factor) is given by its page. */
export const secondFactorCalls = { startTotp, confirmTotp, removeTotp, regenerateRecoveryCodes };
export type SecondFactorCalls = typeof secondFactorCalls;

/** POST /admins/{id}/second-factor:reset: a lost phone (role 1, or the user's director); the user is mailed. */
export const resetSecondFactor = (adminId: number) => api.post<void>(`/admins/${adminId}/second-factor:reset`);
