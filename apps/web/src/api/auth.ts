import type { Area } from '@reseau/contracts/constants/auth';
import { api } from './http';

export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

/** The second step a sign-in may answer instead of tokens (issue 27): a code, or the enrolment first. */
export interface SecondFactorChallenge {
  challengeToken: string;
  methods: ('totp' | 'recoveryCode' | 'passkey')[];
  expiresAt: string;
}
export interface SecondFactorSetupRequired {
  challengeToken: string;
  expiresAt: string;
}
export type SignInAnswer =
  | Tokens
  | { secondFactorChallenge: SecondFactorChallenge }
  | { secondFactorSetupRequired: SecondFactorSetupRequired };

/** POST /auth/admin (intranet) or /auth/client (extranet). */
export function signIn(area: Area, emailAddress: string, password: string) {
  const path = area === 'intranet' ? '/auth/admin' : '/auth/client';
  return api.post<SignInAnswer>(path, { emailAddress, password }, { anonymous: true });
}

/** POST /auth/second-factor: a code of the app or a recovery code, for the tokens. */
export function answerSecondFactor(challengeToken: string, proof: { code: string } | { recoveryCode: string }) {
  return api.post<Tokens>('/auth/second-factor', { challengeToken, ...proof }, { anonymous: true });
}

export interface TotpSetup {
  secret: string;
  otpauthUri: string;
}

/** POST /auth/second-factor/totp-setup: the secret of the authenticator a required account must add. */
export function startSignInTotpSetup(challengeToken: string) {
  return api.post<TotpSetup>('/auth/second-factor/totp-setup', { challengeToken }, { anonymous: true });
}

/** POST /auth/second-factor/totp-setup:confirm: signed in, with the recovery codes shown once. */
export function confirmSignInTotpSetup(challengeToken: string, code: string) {
  return api.post<Tokens & { recoveryCodes: string[] }>(
    '/auth/second-factor/totp-setup:confirm',
    { challengeToken, code },
    { anonymous: true },
  );
}

/** First connection: the customer chooses a password and receives a verification mail. */
export function openEmailVerification(email: string, password: string) {
  return api.post<void>(`/clients/${encodeURIComponent(email)}:open-email-verification`, { password }, { anonymous: true });
}

export interface EmailVerificationResult {
  purpose: 'email_verification' | 'email_change';
  redirectUrl: string | null;
  /** The account's new address, after an email change of the account. */
  emailAddress?: string;
}

/** First-connection links need the password chosen with the request; email-change links nothing. */
export function closeEmailVerification(token: string, password?: string) {
  return api.post<EmailVerificationResult>(
    `/clients/${encodeURIComponent(token)}:close-email-verification`,
    password === undefined ? undefined : { password },
    { anonymous: true },
  );
}

/**
 * POST /auth/logout: ends the session on the server. Sent as it is (no refresh on a 401: an
 * ended session is what we want), with a short time-out.
 */
export function endServerSession(tokens: { accessToken: string | null; refreshToken: string | null }, timeoutMs: number) {
  return api.post<void>('/auth/logout', tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}, {
    anonymous: true,
    timeoutMs,
    headers: tokens.accessToken ? { authorization: `Bearer ${tokens.accessToken}` } : {},
  });
}

/** Admins use the slash form, customers the colon form (see the API contract). */
export function openPasswordReset(area: Area, email: string) {
  const path =
    area === 'intranet'
      ? `/admins/${encodeURIComponent(email)}/open-password-reset`
      : `/clients/${encodeURIComponent(email)}:open-password-reset`;
  return api.post<void>(path, { context: 'reset' }, { anonymous: true });
}

export function closePasswordReset(area: Area, token: string, password: string) {
  const path =
    area === 'intranet'
      ? `/admins/${encodeURIComponent(token)}/close-password-reset`
      : `/clients/${encodeURIComponent(token)}:close-password-reset`;
  return api.post<void>(path, { password }, { anonymous: true });
}
