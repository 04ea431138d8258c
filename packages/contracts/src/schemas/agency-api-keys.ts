import { z } from 'zod';
import { AGENCY_API_KEY_LABEL_MAX } from '../constants/agency-api-keys.js';
import { MESSAGES } from '../constants/messages.js';
import { idParams } from './primitives.js';

export const agencyApiKeyAgencyParams = idParams;
export const agencyApiKeyParams = idParams;

/** POST /agencies/{id}/api-keys: a name the agency recognises (the program that will use it). */
export const agencyApiKeyBody = z.object({
  label: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(AGENCY_API_KEY_LABEL_MAX, MESSAGES.tooLong),
});
export type AgencyApiKeyBody = z.infer<typeof agencyApiKeyBody>;

/** The answer of the creation: the only time the key itself is ever sent. */
export const agencyApiKeyCreated = z.object({ id: z.number().int(), apiKey: z.string() });
export type AgencyApiKeyCreated = z.infer<typeof agencyApiKeyCreated>;

/** A key as GET /agencies/{id}/api-keys lists it: never the key, never its hash. */
export const agencyApiKey = z.object({
  id: z.number().int(),
  label: z.string(),
  createdAt: z.string(),
  /** Who made it ("Prénom Nom"), null once that user is gone. */
  createdBy: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type AgencyApiKey = z.infer<typeof agencyApiKey>;
export const agencyApiKeyList = z.object({ agencyApiKeys: z.array(agencyApiKey) });
export type AgencyApiKeyList = z.infer<typeof agencyApiKeyList>;
