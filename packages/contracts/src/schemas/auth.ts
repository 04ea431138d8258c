import { z } from 'zod';
import { isCommonPassword } from './common-passwords.js';
import { MESSAGES } from './messages.js';

export { isCommonPassword };

export const PASSWORD_MIN_LENGTH = 8;

/** The platform's shape rule alone: 8+ characters with a lower-case letter, a capital and a digit. */
export const meetsPasswordRule = (p: string) =>
  p.length >= PASSWORD_MIN_LENGTH && /[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p);

/** Platform password rule: the shape rule, and not one of the most common passwords. */
export const passwordSchema = z
  .string({ error: MESSAGES.required })
  .min(1, MESSAGES.required)
  .max(128, MESSAGES.tooLong)
  .refine(meetsPasswordRule, MESSAGES.passwordRule)
  .refine((p) => !meetsPasswordRule(p) || !isCommonPassword(p), MESSAGES.commonPassword);

/** The password the caller already has, asked again before a sensitive change (never checked for shape). */
export const currentPasswordSchema = z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(128, MESSAGES.tooLong);

export const emailSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(254, MESSAGES.tooLong)
  .pipe(z.email(MESSAGES.invalidEmail));

export const loginBody = z.object({
  emailAddress: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(254, MESSAGES.tooLong),
  password: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(128, MESSAGES.tooLong),
});
export type LoginBody = z.infer<typeof loginBody>;

export const sessionTokens = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type SessionTokens = z.infer<typeof sessionTokens>;

export const refreshBody = z.object({ refreshToken: z.string().min(1).max(512) });
/** Sign-out: the refresh token of the session to end (the bearer's session ends too when sent). */
export const logoutBody = z.object({ refreshToken: z.string().min(1).max(512).optional() });

/** `reset` sends the forgotten-password mail; `init` the "send connection link" mail. */
export const PASSWORD_RESET_CONTEXTS = ['reset', 'init'] as const;
export const openPasswordResetBody = z.object({ context: z.enum(PASSWORD_RESET_CONTEXTS).default('reset') });
export const closePasswordResetBody = z.object({ password: passwordSchema });
export const openEmailVerificationBody = z.object({ password: passwordSchema });
/**
 * First connection only: the password chosen with the request, proving the person following
 * the link is the one who chose it. Email-change links need no body.
 */
export const closeEmailVerificationBody = z.object({ password: z.string().max(128, MESSAGES.tooLong).optional() }).nullish();
export const changePasswordBody = z.object({ password: passwordSchema, currentPassword: currentPasswordSchema });
export const openEmailChangeBody = z.object({
  emailAddress: emailSchema,
  redirectUrl: z.string().max(2048).optional(),
  currentPassword: currentPasswordSchema,
});

/** Claims of the access token (spec 00 §3). `aud` tells the area: intranet admin or extranet client. */
export interface AccessTokenClaims {
  sub: string;
  given_name: string;
  family_name: string;
  email_address: string;
  data: { roleId: number | null; regionId: number | null };
  /** The session (refresh-token family) this token belongs to. */
  sid?: string;
}
export const AREAS = ['intranet', 'extranet'] as const;
export type Area = (typeof AREAS)[number];
