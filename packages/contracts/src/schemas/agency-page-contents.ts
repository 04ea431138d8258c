import { z } from 'zod';
import {
  AGENCY_PAGE_CONTENT_MESSAGES,
  AGENCY_PAGE_CONTENT_TITLE_MAX,
  AGENCY_PAGE_CONTENT_VIDEO_URL_MAX,
} from '../constants/agency-page-contents.js';
import { MESSAGES } from '../constants/messages.js';
import { refId as dbId, idParam as id, idParams } from './primitives.js';
import { requiredRichTextField } from './rich-text.js';

export const agencyPageContentParams = idParams;

/** GET /agency-page-contents: one agency's contents, or the network-wide ones without `agencyId`. */
export const agencyPageContentListQuery = z.object({ agencyId: id.optional() });
export type AgencyPageContentListQuery = z.infer<typeof agencyPageContentListQuery>;

/** A content as the list and the detail send it; `agencyId` null for a network-wide one. */
export const agencyPageContent = z.object({
  id: z.number().int(),
  title: z.string(),
  videoUrl: z.string().nullable(),
  content: z.string(),
  illustrationFileId: z.number().int().nullable(),
  agencyId: z.number().int().nullable(),
  isActive: z.boolean(),
});
export type AgencyPageContent = z.infer<typeof agencyPageContent>;
export const agencyPageContentList = z.object({ agencyPageContents: z.array(agencyPageContent) });
export type AgencyPageContentList = z.infer<typeof agencyPageContentList>;

/** An optional web address: '' and null mean none; otherwise http(s) only. */
const videoUrl = z
  .union([z.literal(''), z.null(), z.url({ protocol: /^https?$/, error: AGENCY_PAGE_CONTENT_MESSAGES.invalidVideoUrl })])
  .optional()
  .transform((v) => (v ? v : null))
  .pipe(z.string().max(AGENCY_PAGE_CONTENT_VIDEO_URL_MAX, MESSAGES.tooLong).nullable());

/** POST /agency-page-contents and PUT /agency-page-contents/{id} (spec 01 §3, §5). */
export const agencyPageContentBody = z.object({
  title: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(AGENCY_PAGE_CONTENT_TITLE_MAX, MESSAGES.tooLong),
  videoUrl,
  content: requiredRichTextField(),
  illustrationFileId: dbId
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  agencyId: dbId
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  isActive: z.boolean().optional().default(true),
});
export type AgencyPageContentBody = z.input<typeof agencyPageContentBody>;
export type AgencyPageContentValues = z.output<typeof agencyPageContentBody>;

export const agencyPageContentCreated = z.object({ id: z.number().int() });
