import type { PasskeyOptions } from '@reseau/contracts/schemas/passkeys';
import { api } from '../http';
import { logout } from '../logout';
import { webauthn } from '../passkey-sign-in';
import type { EmailChangeOutcome } from './contracts';

/** POST /clients/me:open-email-change: 204 changed at once, 202 verification mail sent. */
export async function openAccountEmailChange(
  emailAddress: string,
  redirectUrl: string,
  currentPassword: string,
): Promise<EmailChangeOutcome> {
  const response = await api.post<Response>(
    '/clients/me:open-email-change',
    { emailAddress, redirectUrl, currentPassword },
    { responseType: 'response' },
  );
  return response.status === 202 ? 'verification_sent' : 'changed';
}

/** POST /clients/me:change-password: the current password is asked again. */
export function changeAccountPassword(password: string, currentPassword: string) {
  return api.post<void>('/clients/me:change-password', { password, currentPassword });
}

/** Where an erased customer lands: the login page, with its notice (LoginPage's `accountErased`). */
export const ERASED_LANDING = '/extranet/login?accountErased=true';

/**
 * POST /clients/me:erase (RGPD issue 28 §2): the current password is asked again. The server has
 * ended every session; the browser then forgets this one and goes to the login page.
 */
export async function eraseAccount(password: string) {
  await api.post<void>('/clients/me:erase', { password });
  await logout('extranet', ERASED_LANDING);
}

/** The same with one of the account's passkeys instead of the password: the challenge, the browser's prompt, the call. */
export async function eraseAccountWithPasskey() {
  const { challengeId, options } = await api.post<PasskeyOptions>('/auth/client/passkey-options', undefined, { anonymous: true });
  const { startAuthentication } = await webauthn();
  const response = await startAuthentication({ optionsJSON: options as never });
  await api.post<void>('/clients/me:erase', { passkey: { challengeId, response } });
  await logout('extranet', ERASED_LANDING);
}
