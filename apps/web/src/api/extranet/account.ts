import { api } from '../http';
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
