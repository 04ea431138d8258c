import { z } from 'zod';
import { MESSAGES } from '../constants/messages.js';
import {
  SPARE_PART_ANNOUNCEMENT_TYPES,
  SPARE_PART_ANNOUNCEMENTS_PAGE_SIZE,
  SPARE_PART_DESCRIPTION_MAX,
  SPARE_PART_ENERGY_TYPE_CODES,
  SPARE_PART_MESSAGES,
  SPARE_PART_TITLE_MAX,
  titleNamesSparePartType,
} from '../constants/spare-parts.js';
import { frenchPhone } from './identifiers.js';
import { bodyId, idParam as id, idParams, pageFields, queryBoolean } from './primitives.js';

const typeCode = z.enum(SPARE_PART_ANNOUNCEMENT_TYPES, { error: MESSAGES.required });
const energyTypeCode = z.enum(SPARE_PART_ENERGY_TYPE_CODES, { error: MESSAGES.required });
const filled = (max: number, tooLong: string = MESSAGES.tooLong) =>
  z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(max, tooLong);

/** GET /spare-part-announcements (spec 02 §7): filters and a page of 9 by default. */
export const sparePartAnnouncementListQuery = z.object({
  ...pageFields(SPARE_PART_ANNOUNCEMENTS_PAGE_SIZE),
  typeCode: z.enum(SPARE_PART_ANNOUNCEMENT_TYPES).optional(),
  energyTypeCode: z.enum(SPARE_PART_ENERGY_TYPE_CODES).optional(),
  authorId: id.optional(),
  isExpired: queryBoolean.optional(),
});
export type SparePartAnnouncementListQuery = z.infer<typeof sparePartAnnouncementListQuery>;

export const sparePartAnnouncementParams = idParams;

/**
 * An announcement as the list and GET /{id} send it (spec 02 §3). Beyond the spec's fields:
 * `authorId`, `agencyId` and `publicationDate` (the edit form and "my announcements"), and
 * `isOwn`, true when the caller may not answer it because it is theirs or their agency's.
 */
export const sparePartAnnouncement = z.object({
  id: z.number().int(),
  typeCode: z.enum(SPARE_PART_ANNOUNCEMENT_TYPES),
  energyTypeCode: z.string(),
  title: z.string(),
  description: z.string(),
  contact: z.string(),
  /** ISO 8601 instants. */
  publicationDate: z.string(),
  expiryDate: z.string(),
  authorId: z.number().int().nullable(),
  /** The author's full name. */
  author: z.string(),
  agencyId: z.number().int(),
  agencyName: z.string(),
  isExpired: z.boolean(),
  /** Whether the caller already answered it. */
  hasResponse: z.boolean(),
  isOwn: z.boolean(),
  /** The caller marked it read (spec 00 §4); their own announcements are read. */
  isRead: z.boolean(),
});
export type SparePartAnnouncement = z.infer<typeof sparePartAnnouncement>;
export const sparePartAnnouncementList = z.object({
  sparePartAnnouncements: z.array(sparePartAnnouncement),
  pageCount: z.number().int(),
});
export type SparePartAnnouncementList = z.infer<typeof sparePartAnnouncementList>;

/**
 * POST /spare-part-announcements and PUT /spare-part-announcements/{id} (spec 02 §5, §7): every
 * field required, description at most 130 characters, a title that does not say request or offer.
 */
export const sparePartAnnouncementBody = z.object({
  typeCode,
  energyTypeCode,
  title: filled(SPARE_PART_TITLE_MAX).refine((t) => !titleNamesSparePartType(t), SPARE_PART_MESSAGES.titleNamesType),
  description: filled(SPARE_PART_DESCRIPTION_MAX, SPARE_PART_MESSAGES.descriptionTooLong),
  /** A phone number (spec 02 §3 "contact (phone)"), shown as a `tel:` link. */
  contact: frenchPhone,
  agencyId: bodyId,
});
export type SparePartAnnouncementBody = z.infer<typeof sparePartAnnouncementBody>;

/** The modal's fields: the selects hold '' until chosen, so an empty one says "please fill the field". */
export const sparePartAnnouncementForm = sparePartAnnouncementBody.extend({
  typeCode: z.union([typeCode, z.literal('')]).refine((v) => v !== '', MESSAGES.required),
  energyTypeCode: z.union([energyTypeCode, z.literal('')]).refine((v) => v !== '', MESSAGES.required),
});
export type SparePartAnnouncementForm = z.input<typeof sparePartAnnouncementForm>;

export const sparePartAnnouncementCreated = z.object({ id: z.number().int() });

/** POST /spare-part-announcements:want and :have. */
export const sparePartAnswerBody = z.object({ agencyId: bodyId, sparePartAnnouncementId: bodyId });
export type SparePartAnswerBody = z.infer<typeof sparePartAnswerBody>;

export const sparePartEnergyType = z.object({ code: z.string(), name: z.string() });
export type SparePartEnergyType = z.infer<typeof sparePartEnergyType>;
export const sparePartEnergyTypeList = z.object({ sparePartEnergyTypes: z.array(sparePartEnergyType) });
