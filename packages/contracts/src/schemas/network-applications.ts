import { z } from 'zod';
import { MESSAGES } from '../constants/messages.js';
import {
  NETWORK_APPLICATION_MESSAGES,
  NETWORK_APPLICATION_TITLE_MAX,
  NETWORK_APPLICATION_URL_MAX,
} from '../constants/network-applications.js';
import { bodyId, idParams } from './primitives.js';

export const networkApplicationParams = idParams;

/** An application as GET /network-applications sends it (spec 02 §3). */
export const networkApplication = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
  illustrationFileId: z.number().int(),
});
export type NetworkApplication = z.infer<typeof networkApplication>;
export const networkApplicationList = z.object({ networkApplications: z.array(networkApplication) });
export type NetworkApplicationList = z.infer<typeof networkApplicationList>;

/**
 * A web address the card opens in a new tab: absolute, http or https only, so that a
 * `javascript:`, `data:` or `ftp:` address, or a relative one, never reaches a link.
 */
const webAddress = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(NETWORK_APPLICATION_URL_MAX, MESSAGES.tooLong)
  .pipe(z.url({ protocol: /^https?$/, error: NETWORK_APPLICATION_MESSAGES.invalidUrl }));

/**
 * POST /network-applications and PUT /network-applications/{id} (spec 02 §7): the logo is uploaded
 * first (type 11), then the application is saved with its id. All three fields are required (§5).
 */
export const networkApplicationBody = z.object({
  title: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(NETWORK_APPLICATION_TITLE_MAX, MESSAGES.tooLong),
  url: webAddress,
  illustrationFileId: bodyId,
});
export type NetworkApplicationBody = z.infer<typeof networkApplicationBody>;

/** The modal's fields: the logo is null until one is uploaded. */
export const networkApplicationForm = networkApplicationBody.extend({
  illustrationFileId: networkApplicationBody.shape.illustrationFileId.nullable().refine((v) => v !== null, MESSAGES.required),
});
export type NetworkApplicationForm = z.input<typeof networkApplicationForm>;

/** What a create answers: the new application's id. */
export const networkApplicationCreated = z.object({ id: z.number().int() });
