import { z } from 'zod';
import { MESSAGES } from '../constants/messages.js';
import { RECOVERY_CODE_LENGTH, SECOND_FACTOR_MESSAGES, SECOND_FACTOR_METHODS, TOTP_DIGITS } from '../constants/second-factor.js';
import { currentPasswordSchema, sessionTokens } from './auth.js';
import { passkeySignInBody } from './passkeys.js';

/** The challenge token of the second step: opaque, 43 base64url characters as every token we issue. */
const challengeToken = z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(128);

/** Six digits; spaces an app shows in the middle ("123 456") are dropped. */
export const totpCode = z
  .string({ error: MESSAGES.required })
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), SECOND_FACTOR_MESSAGES.codeFormat));

/** A recovery code as printed (`abcde-12345`), case, spaces and dashes forgiven. */
export const recoveryCode = z
  .string({ error: MESSAGES.required })
  .max(64, SECOND_FACTOR_MESSAGES.recoveryCodeFormat)
  .transform((v) => v.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().regex(new RegExp(`^[a-z0-9]{${RECOVERY_CODE_LENGTH}}$`), SECOND_FACTOR_MESSAGES.recoveryCodeFormat));

/** The second step of a sign-in, answered by a POST /auth/admin or /auth/client for an account with a factor. */
export const secondFactorChallenge = z.object({
  challengeToken: z.string(),
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
  expiresAt: z.iso.datetime(),
});
/** For an account that must have a factor and has none: the enrolment opens before anything else. */
export const secondFactorSetupRequired = z.object({ challengeToken: z.string(), expiresAt: z.iso.datetime() });

/**
 * What POST /auth/admin and /auth/client answer: the spec's tokens for an account without a second
 * factor; otherwise one of the two steps above and no token. One object whose fields are optional
 * rather than a union, so that a client typed against the spec (`data?.accessToken`) still compiles.
 */
export const signInAnswer = z.object({
  accessToken: z.string().optional(),
  refreshToken: z.string().optional(),
  secondFactorChallenge: secondFactorChallenge.optional(),
  secondFactorSetupRequired: secondFactorSetupRequired.optional(),
});
export type SignInAnswer = z.infer<typeof signInAnswer>;

/**
 * POST /auth/second-factor: the challenge with a code of the app, one recovery code, or the answer
 * of one of the account's passkeys (exactly one).
 */
export const secondFactorBody = z
  .object({
    challengeToken,
    code: totpCode.optional(),
    recoveryCode: recoveryCode.optional(),
    passkey: passkeySignInBody.optional(),
  })
  .superRefine((body, ctx) => {
    const proofs = [body.code, body.recoveryCode, body.passkey].filter((p) => p !== undefined);
    if (proofs.length !== 1) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: SECOND_FACTOR_MESSAGES.oneProof });
    }
  });
export type SecondFactorBody = z.infer<typeof secondFactorBody>;

/** The second step's form: the code typed in one field, a recovery code when the switch says so. */
export const secondFactorCodeForm = z.object({ code: totpCode });
export const recoveryCodeForm = z.object({ recoveryCode });

export const totpSetupBody = z.object({ challengeToken });
export const totpSetupConfirmBody = z.object({ challengeToken, code: totpCode });
/** A new authenticator's secret (base32, to type by hand) and its `otpauth://` address (the QR code). */
export const totpSetup = z.object({ secret: z.string(), otpauthUri: z.string() });
export type TotpSetup = z.infer<typeof totpSetup>;
export const recoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodes>;
/** The enrolment at sign-in ends signed in, with the recovery codes shown once. */
export const enrolledSession = sessionTokens.extend({ recoveryCodes: z.array(z.string()) });
export type EnrolledSession = z.infer<typeof enrolledSession>;

/** GET /me/second-factor. */
export const secondFactorStatus = z.object({
  totpEnabled: z.boolean(),
  enabledAt: z.iso.datetime().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** The account's role (or the account itself) requires a second factor: it cannot be removed. */
  required: z.boolean(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatus>;

export const confirmTotpBody = z.object({ code: totpCode });

/** A change to the factor (removal, new recovery codes) is confirmed by the password or a code. */
export const secondFactorConfirmation = z
  .object({ password: currentPasswordSchema.optional(), code: totpCode.optional() })
  .superRefine((body, ctx) => {
    if ((body.password === undefined) === (body.code === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: SECOND_FACTOR_MESSAGES.oneConfirmation });
    }
  });
export type SecondFactorConfirmation = z.infer<typeof secondFactorConfirmation>;
