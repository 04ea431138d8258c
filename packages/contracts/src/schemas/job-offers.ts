import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../constants/auth.js';
import {
  JOB_OFFER_CONTACTS_MAX,
  JOB_OFFER_DESCRIPTION_MAX,
  JOB_OFFER_DOMAINS,
  JOB_OFFER_MESSAGES,
  JOB_OFFER_SECTOR_MAX,
  JOB_OFFER_TITLE_MAX,
  JOB_OFFER_TYPES,
  type JobOfferDomainCode,
  type JobOfferTypeCode,
  splitRecipients,
} from '../constants/job-offers.js';
import { MESSAGES } from '../constants/messages.js';
import { bodyId, idParam as id, idParams, queryBoolean } from './primitives.js';
import { requiredRichTextField } from './rich-text.js';

const TYPE_CODES = JOB_OFFER_TYPES.map((t) => t.code) as [JobOfferTypeCode, ...JobOfferTypeCode[]];
const DOMAIN_CODES = JOB_OFFER_DOMAINS.map((d) => d.code) as [JobOfferDomainCode, ...JobOfferDomainCode[]];
const jobOfferTypeCode = z.enum(TYPE_CODES, { error: MESSAGES.required });
const jobOfferDomainCode = z.enum(DOMAIN_CODES, { error: MESSAGES.required });
/** `yyyy-MM-dd`, a real calendar day. */
const dateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date attendue au format aaaa-mm-jj')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), {
    message: 'Cette date n’existe pas',
  });

/** GET /job-offers (spec 02 §7): the network's offers, an agency's, or the templates. */
export const jobOfferListQuery = z.object({
  agencyId: id.optional(),
  isNetwork: queryBoolean.optional(),
  isTemplate: queryBoolean.optional(),
});
export type JobOfferListQuery = z.infer<typeof jobOfferListQuery>;
export const jobOfferParams = idParams;

export const jobOfferContact = z.object({ emailAddress: z.string() });

/** The problems of a list of recipients, each naming the address at fault (spec 02 §5). */
function checkRecipients(addresses: string[], ctx: z.RefinementCtx) {
  if (addresses.length > JOB_OFFER_CONTACTS_MAX) ctx.addIssue({ code: 'custom', message: JOB_OFFER_MESSAGES.tooManyRecipients });
  const seen = new Set<string>();
  for (const address of addresses) {
    if (address.length > EMAIL_MAX_LENGTH || !z.email().safeParse(address).success) {
      ctx.addIssue({ code: 'custom', message: JOB_OFFER_MESSAGES.invalidRecipient(address.slice(0, 80)) });
      return;
    }
    const key = address.toLowerCase();
    if (seen.has(key)) {
      ctx.addIssue({ code: 'custom', message: JOB_OFFER_MESSAGES.duplicateRecipient(address) });
      return;
    }
    seen.add(key);
  }
}

const fields = {
  jobOfferTypeCode,
  jobOfferDomainCode,
  /** Optional: the offer's region (the network's offers may name one). */
  regionId: bodyId.nullable().optional(),
  /** The agency the offer belongs to; null for a network offer or template (network roles only). */
  agencyId: bodyId.nullable().optional(),
  title: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(JOB_OFFER_TITLE_MAX, MESSAGES.tooLong),
  /** Rich text; sanitized by the server before it is stored. */
  description: requiredRichTextField(JOB_OFFER_DESCRIPTION_MAX),
  geographicSector: z.string().trim().max(JOB_OFFER_SECTOR_MAX, MESSAGES.tooLong).default(''),
  isTemplate: z.boolean().default(false),
};

/**
 * POST /job-offers and PUT /job-offers/{id} (spec 02 §5, §7). Beyond the spec's create fields, the
 * switch and the form send `isActive` (kept as stored when absent on PUT, false on POST) and
 * `expirationDate` (none unless given). `publicationDate` is accepted for the spec's switch body
 * but the server dates a publication itself: today, when the offer becomes active.
 */
export const jobOfferBody = z.object({
  ...fields,
  contacts: z
    .array(z.object({ emailAddress: z.string({ error: MESSAGES.required }).trim() }))
    .max(JOB_OFFER_CONTACTS_MAX * 2)
    .default([])
    .superRefine((contacts, ctx) =>
      checkRecipients(
        contacts.map((c) => c.emailAddress),
        ctx,
      ),
    ),
  isActive: z.boolean().optional(),
  publicationDate: dateOnly.nullable().optional(),
  expirationDate: dateOnly.nullable().optional(),
});
export type JobOfferBody = z.input<typeof jobOfferBody>;
export type JobOfferValues = z.output<typeof jobOfferBody>;

/**
 * The form's fields (spec 02 §2): the selects hold '' until chosen, the recipients are typed as
 * one comma-separated text, the agency comes from the header's selection.
 */
export const jobOfferForm = z.object({
  ...fields,
  jobOfferTypeCode: z.union([jobOfferTypeCode, z.literal('')]).refine((v) => v !== '', MESSAGES.required),
  jobOfferDomainCode: z.union([jobOfferDomainCode, z.literal('')]).refine((v) => v !== '', MESSAGES.required),
  recipients: z.string().superRefine((typed, ctx) => checkRecipients(splitRecipients(typed), ctx)),
});
export type JobOfferForm = z.input<typeof jobOfferForm>;

/** An offer as the list and GET /{id} send it (spec 02 §3), with its agency's name. */
export const jobOffer = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Sanitized HTML. */
  description: z.string(),
  jobOfferTypeCode: z.string(),
  jobOfferDomainCode: z.string(),
  geographicSector: z.string(),
  isTemplate: z.boolean(),
  /** Active and not past its expiration date. */
  isActive: z.boolean(),
  /** `yyyy-MM-dd`: the day it last became active; null while never published. */
  publicationDate: z.string().nullable(),
  expirationDate: z.string().nullable(),
  agencyId: z.number().int().nullable(),
  agencyName: z.string().nullable(),
  regionId: z.number().int().nullable(),
  contacts: z.array(jobOfferContact),
});
export type JobOffer = z.infer<typeof jobOffer>;
export const jobOfferList = z.object({ jobOffers: z.array(jobOffer) });
export type JobOfferList = z.infer<typeof jobOfferList>;
export const jobOfferCreated = z.object({ id: z.number().int() });

export const jobOfferType = z.object({ code: z.string(), name: z.string() });
export type JobOfferType = z.infer<typeof jobOfferType>;
export const jobOfferTypeList = z.object({ jobOfferTypes: z.array(jobOfferType) });
export const jobOfferDomainList = z.object({ jobOfferDomains: z.array(jobOfferType) });
