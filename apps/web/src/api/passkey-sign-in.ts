import type { Area } from '@reseau/contracts/constants/auth';
import type { PasskeyOptions } from '@reseau/contracts/schemas/passkeys';
import type { Tokens } from './auth';
import { api } from './http';

// Without the query cache: the sign-in routes load this (their budget, decisions.md).

// WebAuthn's browser half (6 KB gzip) comes with the first passkey action, not with the pages.
export const webauthn = () => import('@simplewebauthn/browser');

/** Whether this browser can make and use passkeys at all (the buttons hide otherwise). */
export const browserHasPasskeys = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/**
 * The person closed the browser's passkey prompt, or it timed out: nothing failed, nothing to
 * say beyond leaving things as they were. WebAuthn says it with `NotAllowedError`.
 */
export function isPasskeyCancelled(error: unknown): boolean {
  const named = (e: unknown) => e instanceof Error && (e.name === 'NotAllowedError' || e.name === 'AbortError');
  return named(error) || (error instanceof Error && named(error.cause));
}

/** A sign-in with a passkey alone: the challenge, the browser's prompt, then the area's tokens. */
export async function signInWithPasskey(area: Area): Promise<Tokens> {
  const kind = area === 'intranet' ? 'admin' : 'client';
  const { challengeId, options } = await api.post<PasskeyOptions>(`/auth/${kind}/passkey-options`, undefined, {
    anonymous: true,
  });
  const { startAuthentication } = await webauthn();
  const response = await startAuthentication({ optionsJSON: options as never });
  return api.post<Tokens>(`/auth/${kind}/passkey`, { challengeId, response }, { anonymous: true });
}

/**
 * The sign-in's second step answered with a passkey of the account (after its password): the
 * area's passkey challenge, the browser's prompt, then POST /auth/second-factor for the tokens.
 */
export async function answerSecondFactorWithPasskey(area: Area, challengeToken: string): Promise<Tokens> {
  const kind = area === 'intranet' ? 'admin' : 'client';
  const { challengeId, options } = await api.post<PasskeyOptions>(`/auth/${kind}/passkey-options`, undefined, {
    anonymous: true,
  });
  const { startAuthentication } = await webauthn();
  const response = await startAuthentication({ optionsJSON: options as never });
  return api.post<Tokens>('/auth/second-factor', { challengeToken, passkey: { challengeId, response } }, { anonymous: true });
}
