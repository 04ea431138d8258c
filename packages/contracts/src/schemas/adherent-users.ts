import { z } from 'zod';
import { ADHERENT_USER_MESSAGES } from '../constants/adherent-users.js';
import { adherentAdmin } from './adherent-admins.js';
import { adminPersonFields } from './network-admins.js';
import { refId as bodyId, idParam as id, idParams, pickedId, pickedIdText } from './primitives.js';

export const adherentUserParams = idParams;

/**
 * GET /adherent-users (spec 01 §7): the users of an adherent (`adherentId`), of one agency
 * (`agencyId`) or of the adherent of a user (`adminId`). An adherent-level caller without a filter
 * gets its own adherent's; a network caller names one.
 */
export const adherentUserListQuery = z.object({
  adherentId: id.optional(),
  adminId: id.optional(),
  agencyId: id.optional(),
});
export type AdherentUserListQuery = z.infer<typeof adherentUserListQuery>;

/**
 * POST /adherent-users and PUT /adherent-users/{id} (spec 01 §3 "Adherent user", §5): the admin
 * fields, an adherent-level role and at least one agency; the adherent is the agencies'.
 */
export const adherentUserBody = z.object({
  ...adminPersonFields,
  roleId: pickedId,
  avatarFileId: bodyId.nullable().default(null),
  isActive: z.boolean().default(true),
  agencies: z
    .array(z.object({ agencyId: bodyId }), { error: ADHERENT_USER_MESSAGES.agenciesRequired })
    .min(1, ADHERENT_USER_MESSAGES.agenciesRequired)
    .max(500),
});
export type AdherentUserBody = z.input<typeof adherentUserBody>;
export type AdherentUserWrite = z.output<typeof adherentUserBody>;

/** The form: the role and the agencies held as the selects' texts. */
export const adherentUserForm = adherentUserBody.extend({
  roleId: pickedIdText,
  agencies: z.array(z.string()).min(1, ADHERENT_USER_MESSAGES.agenciesRequired),
});

/** A user as the API answers it: an adherent admin's fields without the directory and map ones. */
export const adherentUser = adherentAdmin.omit({ isHidden: true, doNotShowOnMap: true, cooperativeRoles: true }).extend({
  /** Adherent admins also come from GET /adherent-admins; the screen merges both lists. */
  isAdherentAdmin: z.boolean(),
});
export type AdherentUser = z.infer<typeof adherentUser>;
export const adherentUserList = z.object({ adherentUsers: z.array(adherentUser) });
export type AdherentUserList = z.infer<typeof adherentUserList>;
