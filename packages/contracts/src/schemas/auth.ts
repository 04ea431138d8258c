import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  isCommonPassword,
  meetsPasswordRule,
  PASSWORD_MAX_LENGTH,
  PASSWORD_RESET_CONTEXTS,
} from '../constants/auth.js';
import { MESSAGES } from '../constants/messages.js';

/** Platform password rule: the shape rule, and not one of the most common passwords. */
export const passwordSchema = z
  .string({ error: MESSAGES.required })
  .min(1, MESSAGES.required)
  .max(PASSWORD_MAX_LENGTH, MESSAGES.tooLong)
  .refine(meetsPasswordRule, MESSAGES.passwordRule)
  .refine((p) => !meetsPasswordRule(p) || !isCommonPassword(p), MESSAGES.commonPassword);

/** The password the caller already has, asked again before a sensitive change (never checked for shape). */
export const currentPasswordSchema = z
  .string({ error: MESSAGES.required })
  .min(1, MESSAGES.required)
  .max(PASSWORD_MAX_LENGTH, MESSAGES.tooLong);

export const emailSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(EMAIL_MAX_LENGTH, MESSAGES.tooLong)
  .pipe(z.email(MESSAGES.invalidEmail));

export const loginBody = z.object({
  emailAddress: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(EMAIL_MAX_LENGTH, MESSAGES.tooLong),
  password: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(PASSWORD_MAX_LENGTH, MESSAGES.tooLong),
});
export type LoginBody = z.infer<typeof loginBody>;

export const sessionTokens = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type SessionTokens = z.infer<typeof sessionTokens>;

export const refreshBody = z.object({ refreshToken: z.string().min(1).max(512) });
/** Sign-out: the refresh token of the session to end (the bearer's session ends too when sent). */
export const logoutBody = z.object({ refreshToken: z.string().min(1).max(512).optional() });

export const openPasswordResetBody = z.object({ context: z.enum(PASSWORD_RESET_CONTEXTS).default('reset') });
export const closePasswordResetBody = z.object({ password: passwordSchema });
export const openEmailVerificationBody = z.object({ password: passwordSchema });
/**
 * First connection only: the password chosen with the request, proving the person following
 * the link is the one who chose it. Email-change links need no body.
 */
export const closeEmailVerificationBody = z
  .object({ password: z.string().max(PASSWORD_MAX_LENGTH, MESSAGES.tooLong).optional() })
  .nullish();
export const changePasswordBody = z.object({ password: passwordSchema, currentPassword: currentPasswordSchema });
export const openEmailChangeBody = z.object({
  emailAddress: emailSchema,
  redirectUrl: z.string().max(2048).optional(),
  currentPassword: currentPasswordSchema,
});
