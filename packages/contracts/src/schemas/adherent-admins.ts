import { z } from 'zod';
import { ADMIN_TEXT_MAX, COOPERATIVE_ROLES } from '../constants/adherents.js';
import { EMAIL_MAX_LENGTH } from '../constants/auth.js';
import { MESSAGES } from '../constants/messages.js';
import { frenchPhone } from './identifiers.js';
import { refId as bodyId, idParam as id, idParams, pickedIdText } from './primitives.js';

const filled = z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(ADMIN_TEXT_MAX, MESSAGES.tooLong);

export const adherentAdminParams = idParams;

/** GET /adherent-admins: the admins of one adherent (`adherentId`), or of the adherent of `adminId`. */
export const adherentAdminListQuery = z
  .object({ adherentId: id.optional(), adminId: id.optional() })
  .refine((q) => q.adherentId !== undefined || q.adminId !== undefined, {
    error: 'Précisez un adhérent (adherentId) ou un administrateur (adminId).',
    path: ['adherentId'],
  });
export type AdherentAdminListQuery = z.infer<typeof adherentAdminListQuery>;

/**
 * POST /adherent-admins and PUT /adherent-admins/{id} (spec 01 §3, §5): first name, name, job and
 * phone non-empty, the mail an address. `agencies` left out keeps the links as they are (on
 * creation: every agency of the adherent).
 */
export const adherentAdminBody = z.object({
  adherentId: bodyId,
  firstName: filled,
  lastName: filled,
  position: filled,
  phone: frenchPhone,
  emailAddress: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(EMAIL_MAX_LENGTH, MESSAGES.tooLong)
    .pipe(z.email(MESSAGES.invalidEmail)),
  roleId: bodyId,
  avatarFileId: bodyId.nullable().default(null),
  isHidden: z.boolean().default(false),
  doNotShowOnMap: z.boolean().default(true),
  cooperativeRoles: z.array(z.enum(COOPERATIVE_ROLES)).max(COOPERATIVE_ROLES.length).default([]),
  isActive: z.boolean().default(true),
  agencies: z
    .array(z.object({ agencyId: bodyId }))
    .max(500)
    .optional(),
});
export type AdherentAdminBody = z.input<typeof adherentAdminBody>;
/** The body once read by the server (defaults applied). */
export type AdherentAdminWrite = z.output<typeof adherentAdminBody>;

/** The screen holds the role as the select's text. */
export const adherentAdminForm = adherentAdminBody.extend({
  roleId: pickedIdText,
});

export const adherentAdmin = z.object({
  id: z.number().int(),
  adherentId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  position: z.string().nullable(),
  phone: z.string().nullable(),
  emailAddress: z.string(),
  roleId: z.number().int(),
  avatarFileId: z.number().int().nullable(),
  isHidden: z.boolean(),
  doNotShowOnMap: z.boolean(),
  cooperativeRoles: z.array(z.string()),
  isActive: z.boolean(),
  agencies: z.array(z.object({ agencyId: z.number().int() })),
});
export type AdherentAdmin = z.infer<typeof adherentAdmin>;
export const adherentAdminList = z.object({ adherentAdmins: z.array(adherentAdmin) });
export type AdherentAdminList = z.infer<typeof adherentAdminList>;
