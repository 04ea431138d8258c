import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../constants/auth.js';
import { MESSAGES } from '../constants/messages.js';
import { ADMIN_NAME_MAX_LENGTH, ADMIN_POSITION_MAX_LENGTH, NETWORK_ADMIN_MESSAGES } from '../constants/network-admins.js';
import { NETWORK_ROLE_IDS } from '../constants/permissions.js';
import { frenchPhone } from './identifiers.js';
import { bodyId, pageQuery, precedingId, queryBoolean, refId } from './primitives.js';

/** A required text field of an admin (spec 01 §5: "please fill field" when empty). */
const requiredText = (max: number) =>
  z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(max, MESSAGES.tooLong);

/**
 * The fields every admin form shares (network admins here, adherent admins beside them): first
 * name, name, job and phone non-empty, the mail matching an address pattern (spec 01 §5).
 */
export const adminPersonFields = {
  firstName: requiredText(ADMIN_NAME_MAX_LENGTH),
  lastName: requiredText(ADMIN_NAME_MAX_LENGTH),
  position: requiredText(ADMIN_POSITION_MAX_LENGTH),
  phone: frenchPhone,
  emailAddress: requiredText(EMAIL_MAX_LENGTH).pipe(z.email(MESSAGES.invalidEmail)),
};

/** POST /network-admins and PUT /network-admins/{id}: the whole admin (spec 01 §3). */
export const networkAdminBody = z.object({
  ...adminPersonFields,
  roleId: z
    .number({ error: NETWORK_ADMIN_MESSAGES.networkRoleRequired })
    .int()
    .refine((id) => NETWORK_ROLE_IDS.includes(id), NETWORK_ADMIN_MESSAGES.networkRoleRequired),
  /** An uploaded file of type 15 (spec 01 §3); null removes the avatar. */
  avatarFileId: refId.nullable().default(null),
  isHidden: z.boolean().default(false),
  isActive: z.boolean().default(true),
});
export type NetworkAdminBody = z.infer<typeof networkAdminBody>;
export type NetworkAdminInput = z.input<typeof networkAdminBody>;

/** The admin form: the body with the role held as text by its select. */
export const networkAdminForm = networkAdminBody.extend({
  roleId: z
    .string({ error: NETWORK_ADMIN_MESSAGES.networkRoleRequired })
    .refine((id) => NETWORK_ROLE_IDS.includes(Number(id)), NETWORK_ADMIN_MESSAGES.networkRoleRequired),
});

export const networkAdmin = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  position: z.string().nullable(),
  phone: z.string().nullable(),
  emailAddress: z.string(),
  roleId: z.number().int(),
  avatarFileId: z.number().int().nullable(),
  isHidden: z.boolean(),
  isActive: z.boolean(),
});
export type NetworkAdmin = z.infer<typeof networkAdmin>;

/** GET /network-admins: in display order (the order the reorder call leaves). */
/** `isForDirectory=true`: the member directory's network heads (every staff reader but role 8, directory fields only). */
export const networkAdminListQuery = pageQuery.extend({
  isHidden: queryBoolean.optional(),
  isForDirectory: queryBoolean.optional(),
});
export const networkAdminList = z.object({ networkAdmins: z.array(networkAdmin), pageCount: z.number().int() });
export type NetworkAdminList = z.infer<typeof networkAdminList>;

/** POST /network-admins:reorder — `newPrecedingAdminId` 0 puts the admin first (spec 01 §7). */
export const networkAdminReorderBody = z.object({
  reorderedAdminId: bodyId,
  newPrecedingAdminId: precedingId,
});
export type NetworkAdminReorderBody = z.infer<typeof networkAdminReorderBody>;
