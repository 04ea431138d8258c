import { z } from 'zod';
import {
  AVAILABILITY_REQUIRED_MESSAGE,
  EXTRANET_CONTACT_AVAILABILITIES,
  EXTRANET_CONTACT_MESSAGE_MAX,
  EXTRANET_CONTACT_SOURCES,
  FAQ_THEME_CODES,
  normalizeFrenchPhone,
  PHONE_MESSAGES,
  TO_DO_ITEM_TYPES,
} from '../constants/extranet.js';
import { MESSAGES } from '../constants/messages.js';
import { emailSchema } from './auth.js';
import { bodyId, idParam as dbId, idParams, queryBoolean } from './primitives.js';

/**
 * The customer extranet's core calls (spec 03 §7): contracts, to-do list, service calls,
 * contract documents, contact details, requests to the agency and FAQ.
 */

const id = z.number().int();
/** `yyyy-MM-dd` */
const dateOnly = z.string();

/** `{id}` of a path (a database id). */
export const extranetIdParam = idParams;

// Contracts ----------------------------------------------------------------------------------

export const agencyContractsQuery = z.object({ agencyId: dbId.optional() });

export const agencyContract = z.object({
  id,
  route: z.string(),
  postalCode: z.string(),
  locality: z.string(),
  equipmentType: z.string().nullable(),
  equipmentModel: z.string().nullable(),
  reference: z.string(),
  renewalDate: dateOnly.nullable(),
  lastMaintenanceDate: dateOnly.nullable(),
  emailAddress: z.string().nullable(),
  mobilePhoneNumber: z.string().nullable(),
  landlinePhoneNumber: z.string().nullable(),
  agencyId: id,
});
export type AgencyContract = z.infer<typeof agencyContract>;
export const agencyContractList = z.object({ agencyContracts: z.array(agencyContract) });

/** POST /agency-contracts/{id}:open-email-address-change — 204 changed at once, 202 verification mailed. */
export const openContractEmailChangeBody = z.object({
  emailAddress: emailSchema,
  redirectUrl: z.string().max(2048).optional(),
});
export type OpenContractEmailChangeBody = z.infer<typeof openContractEmailChangeBody>;

const phoneField = (prefixes: string, message: string) =>
  z
    .string()
    .trim()
    .max(30, MESSAGES.tooLong)
    .nullish()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v === '') return null;
      const normalized = normalizeFrenchPhone(v, prefixes);
      if (!normalized) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return normalized;
    });

/**
 * POST /agency-contracts/{id}:change-phones: the new state of both numbers; an empty or null
 * one is cleared, but at least one must remain.
 */
export const changePhonesBody = z
  .object({
    mobilePhoneNumber: phoneField('67', PHONE_MESSAGES.mobile),
    landlinePhoneNumber: phoneField('123459', PHONE_MESSAGES.landline),
  })
  .superRefine((v, ctx) => {
    if (v.mobilePhoneNumber === null && v.landlinePhoneNumber === null) {
      ctx.addIssue({ code: 'custom', path: ['mobilePhoneNumber'], message: PHONE_MESSAGES.atLeastOne });
      ctx.addIssue({ code: 'custom', path: ['landlinePhoneNumber'], message: PHONE_MESSAGES.atLeastOne });
    }
  });
export type ChangePhonesBody = z.input<typeof changePhonesBody>;

// To-do list ---------------------------------------------------------------------------------

export const toDoListQuery = z.object({ agencyId: dbId });

export const toDoItem = z.object({
  type: z.enum(TO_DO_ITEM_TYPES),
  id,
  number: z.string(),
  /** Quote: its amount; invoice: what is left to pay. Cents. */
  amountIncludingTax: z.number().int(),
  fileId: id,
  agencyContractId: id,
});
export type ToDoItem = z.infer<typeof toDoItem>;
/** GET /my-to-do-list answers `{ toDoList }` (the spec names no key). */
export const toDoList = z.object({ toDoList: z.array(toDoItem) });

// Service calls ------------------------------------------------------------------------------

export const serviceCallsQuery = z.object({ agencyId: dbId.optional(), isFinished: queryBoolean.optional() });

export const agencyContractServiceCall = z.object({
  id,
  requestDate: dateOnly,
  isFinished: z.boolean(),
  appointmentDate: dateOnly.nullable(),
  /** `HH:mm` or a slot as the agency wrote it ("8h-12h"). */
  appointmentTime: z.string().nullable(),
  quotationId: id.nullable(),
  invoiceId: id.nullable(),
  /** File id of the intervention report (GET /files/{id}). */
  voucherId: id.nullable(),
  agencyContractId: id,
  /** Step 1 of the tracker: the equipment and its address, from the contract. */
  equipmentType: z.string().nullable(),
  equipmentModel: z.string().nullable(),
  route: z.string(),
  postalCode: z.string(),
  locality: z.string(),
});
export type AgencyContractServiceCall = z.infer<typeof agencyContractServiceCall>;
export const agencyContractServiceCallList = z.object({ agencyContractServiceCalls: z.array(agencyContractServiceCall) });

// Contract documents -------------------------------------------------------------------------

export const contractDocumentsQuery = z.object({ agencyContractId: dbId });

export const agencyContractDocument = z.object({
  id,
  description: z.string(),
  date: dateOnly,
  hasFile: z.boolean(),
  /** Also downloadable through GET /files/{id}. */
  fileId: id.nullable(),
});
export type AgencyContractDocument = z.infer<typeof agencyContractDocument>;
export const agencyContractDocumentList = z.object({ agencyContractDocuments: z.array(agencyContractDocument) });

// Requests to the agency ---------------------------------------------------------------------

export const extranetAgencyContactSubject = z.object({ id, name: z.string() });
export const extranetAgencyContactSubjectList = z.object({
  extranetAgencyContactSubjects: z.array(extranetAgencyContactSubject),
});

const contactMessage = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(EXTRANET_CONTACT_MESSAGE_MAX, MESSAGES.tooLong);

export const extranetAgencyContactBody = z
  .object({
    agencyContractId: bodyId,
    extranetAgencyContactSubjectId: bodyId,
    source: z.enum(EXTRANET_CONTACT_SOURCES, { error: MESSAGES.required }),
    message: contactMessage,
    isAvailableInTheMorning: z.boolean().default(false),
    isAvailableInTheAfternoon: z.boolean().default(false),
    isAvailableAtMidday: z.boolean().default(false),
    isAvailableAllDay: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (!EXTRANET_CONTACT_AVAILABILITIES.some((a) => v[a.flag])) {
      ctx.addIssue({ code: 'custom', path: ['availability'], message: AVAILABILITY_REQUIRED_MESSAGE });
    }
  });
export type ExtranetAgencyContactBody = z.input<typeof extranetAgencyContactBody>;
export const extranetAgencyContactCreated = z.object({ id });

const chosen = z.string({ error: MESSAGES.required }).min(1, MESSAGES.required);
/**
 * The contact dialog (spec 03 §5): the same fields as the body, as the selects and boxes hold
 * them (ids as text, the ticked availabilities as a list); the source is the screen's own.
 */
export const extranetAgencyContactForm = z.object({
  agencyContractId: chosen,
  extranetAgencyContactSubjectId: chosen,
  message: contactMessage,
  availability: z.array(z.enum(EXTRANET_CONTACT_AVAILABILITIES.map((a) => a.value))).min(1, AVAILABILITY_REQUIRED_MESSAGE),
});
export type ExtranetAgencyContactForm = z.infer<typeof extranetAgencyContactForm>;

// FAQ ----------------------------------------------------------------------------------------

export const faqEntriesQuery = z.object({ theme: z.enum(FAQ_THEME_CODES).optional() });
export const faqEntry = z.object({
  id,
  question: z.string(),
  /** Sanitized HTML. */
  answer: z.string(),
  theme: z.enum(FAQ_THEME_CODES),
});
export type FaqEntry = z.infer<typeof faqEntry>;
export const faqEntryList = z.object({ faqEntries: z.array(faqEntry) });
