import { z } from 'zod';
import { currentPasswordSchema } from './auth.js';
import { pageFields } from './primitives.js';

/** POST /clients/me::erase: the current password, asked again before the account is erased. */
export const eraseClientAccountBody = z.object({ password: currentPasswordSchema });
export type EraseClientAccountBody = z.infer<typeof eraseClientAccountBody>;

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
