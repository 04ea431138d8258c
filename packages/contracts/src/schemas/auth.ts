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

/**
 * An email field: empty answers "Veuillez remplir ce champ" (spec 03 §5); a malformed address says
 * it is invalid (issue 12 §3 item 6), rather than the spec's generic message.
 */
export const emailSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(EMAIL_MAX_LENGTH, MESSAGES.tooLong)
  .pipe(z.email(MESSAGES.invalidEmail));

/**
 * `{email}` of the public account routes (forgot password, first connection) and the
 * forgot-password form: only non-empty (spec 03 §5), so that an answer never tells whether an
 * address is known.
 */
export const accountEmailParam = z.object({
  email: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(EMAIL_MAX_LENGTH, MESSAGES.tooLong),
});

export const loginBody = z.object({
  emailAddress: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(EMAIL_MAX_LENGTH, MESSAGES.tooLong),
  password: currentPasswordSchema,
});
export type LoginBody = z.infer<typeof loginBody>;
/**
 * The sign-in form: the body, with the address checked like every email field. The server only
 * looks the address up, so a malformed one gets the same refusal as a wrong one.
 */
export const loginForm = loginBody.extend({ emailAddress: emailSchema });

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
export const closeEmailVerificationBody = z.object({ password: currentPasswordSchema.optional() }).nullish();
export const changePasswordBody = z.object({ password: passwordSchema, currentPassword: currentPasswordSchema });
export const openEmailChangeBody = z.object({
  emailAddress: emailSchema,
  redirectUrl: z.string().max(2048).optional(),
  currentPassword: currentPasswordSchema,
});

// Forms whose fields are not exactly a body: the body's schema plus what only the browser asks.

/** The new password typed twice (spec 03 §5): the second one given and equal to the first. */
const confirmation = z.string({ error: MESSAGES.required }).min(1, MESSAGES.required);
const confirmed = (v: { password: string; confirmation: string }) => v.confirmation === v.password;
const mismatch = { path: ['confirmation'], message: MESSAGES.confirmation };

/** Reset or first definition of a password (the mailed link's form). */
export const setPasswordForm = closePasswordResetBody.extend({ confirmation }).refine(confirmed, mismatch);
/** Extranet first connection: the `{email}` checked as an email field, the password chosen twice. */
export const firstConnectionForm = openEmailVerificationBody
  .extend({ email: emailSchema, confirmation })
  .refine(confirmed, mismatch);
/** The first-connection link's form: the password chosen with the request. */
export const activationForm = z.object({ password: currentPasswordSchema });
/** The customer's password change (personal info). */
export const changePasswordForm = changePasswordBody.extend({ confirmation }).refine(confirmed, mismatch);
