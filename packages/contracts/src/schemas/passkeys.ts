import { z } from 'zod';
import { MESSAGES } from '../constants/messages.js';
import { PASSKEY_NAME_MAX_LENGTH } from '../constants/passkeys.js';

/**
 * WebAuthn's JSON, as `@simplewebauthn/browser` gives it and the server's library reads it: the
 * shape is checked here (ids and strings bounded), the cryptography by the library.
 */
const base64url = z
  .string()
  .min(1)
  .max(4096)
  .regex(/^[A-Za-z0-9_-]+$/);

export const passkeyRegistrationResponse = z.looseObject({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.string().max(32).optional(),
});

export const passkeyAuthenticationResponse = z.looseObject({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.string().max(32).optional(),
});

/** What the browser hands to `navigator.credentials` (WebAuthn's JSON options), with the challenge's id. */
export const passkeyOptions = z.object({
  challengeId: z.uuid(),
  options: z.record(z.string(), z.unknown()),
});
export type PasskeyOptions = z.infer<typeof passkeyOptions>;

export const passkeyName = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(PASSKEY_NAME_MAX_LENGTH, MESSAGES.tooLong);

/** POST /me/passkeys: the authenticator's answer to the registration's challenge. */
export const passkeyRegistrationBody = z.object({
  challengeId: z.uuid(),
  name: passkeyName,
  response: passkeyRegistrationResponse,
});

/** POST /auth/admin/passkey and /auth/client/passkey: signs in with a passkey alone. */
export const passkeySignInBody = z.object({
  challengeId: z.uuid(),
  response: passkeyAuthenticationResponse,
});

export const passkeyItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** ISO 8601 instants. */
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeyItem = z.infer<typeof passkeyItem>;
export const passkeyList = z.array(passkeyItem);

/** POST /me/passkeys: the passkey; with the 10 recovery codes, shown once, when it is the account's first factor. */
export const passkeyRegistered = passkeyItem.extend({ recoveryCodes: z.array(z.string()).optional() });
export type PasskeyRegistered = z.infer<typeof passkeyRegistered>;
