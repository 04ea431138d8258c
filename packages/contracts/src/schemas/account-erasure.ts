import { z } from 'zod';
import { MESSAGES } from '../constants/messages.js';
import { currentPasswordSchema } from './auth.js';
import { passkeySignInBody } from './passkeys.js';
import { pageFields } from './primitives.js';

/**
 * POST /clients/me::erase: who asks proves it again before the account is erased, with the current
 * password or with one of the account's passkeys (its answer to a `POST /auth/client/passkey-options`
 * challenge), exactly one of them.
 */
export const eraseClientAccountBody = z
  .object({ password: currentPasswordSchema.optional(), passkey: passkeySignInBody.optional() })
  .superRefine((body, ctx) => {
    if ((body.password === undefined) === (body.passkey === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: MESSAGES.required });
    }
  });
export type EraseClientAccountBody = z.infer<typeof eraseClientAccountBody>;
/** The dialog's form: the password typed (the passkey is its own button). */
export const eraseClientAccountForm = z.object({ password: currentPasswordSchema });

/** GET /adherent-users/archived: the archived accounts the caller may anonymise. */
export const archivedAdherentUsersQuery = z.object(pageFields(20));

export const archivedAdherentUser = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  emailAddress: z.string(),
  roleId: z.number(),
  adherentId: z.number(),
  archivedAt: z.string(),
  anonymizedAt: z.string().nullable(),
});
export type ArchivedAdherentUser = z.infer<typeof archivedAdherentUser>;

export const archivedAdherentUserList = z.object({
  archivedAdherentUsers: z.array(archivedAdherentUser),
  pageCount: z.number(),
});
