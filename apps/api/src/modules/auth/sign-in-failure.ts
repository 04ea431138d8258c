import type { LoginBody } from '@reseau/contracts';
import type { AuditEntry } from '../../kernel/audit.js';

/** The address as typed is kept to this length: enough to recognise it, never a pasted essay. */
export const FAILED_EMAIL_MAX = 100;

/**
 * The audit entry of a refused sign-in (issue 27 §4): the address as typed (cut), the account when
 * the address is one (so its adherent's director sees it), never the typed password.
 */
export function signInFailure(
  action: 'auth.admin_sign_in_failed' | 'auth.client_sign_in_failed',
  body: Pick<LoginBody, 'emailAddress'>,
  account: Pick<AuditEntry, 'actorAdminId' | 'actorClientId'>,
  ip: string,
): AuditEntry {
  return { action, ...account, details: { emailAddress: body.emailAddress.slice(0, FAILED_EMAIL_MAX) }, ip };
}
