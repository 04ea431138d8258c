import { z } from 'zod';
import { CONTACT_SEARCH_MAX, CONTACT_TYPES, CONTACTS_MAX_PAGE_SIZE, type ContactType } from '../constants/contacts.js';
import { MESSAGES } from '../constants/messages.js';
import { idParam as id, idParams, pageFields, queryBoolean } from './primitives.js';

const isContactType = (v: string): v is ContactType => (CONTACT_TYPES as readonly string[]).includes(v);

/**
 * `contactTypes` as a query: comma-separated (`contactTypes=A,B`, what the web app sends) or the
 * key repeated (`contactTypes=A&contactTypes=B`); at least one known type.
 */
const contactTypesQuery = z.preprocess(
  (raw) =>
    (Array.isArray(raw) ? raw : [raw]).flatMap((v) => (typeof v === 'string' ? v.split(',') : [v])).filter((v) => v !== ''),
  // One message for the field, not one per position of the list.
  z
    .array(z.string())
    .min(1, 'Choisissez au moins un type de contact')
    .refine((types) => types.every(isContactType), 'Type de contact inconnu')
    .transform((types) => types as ContactType[]),
);

/**
 * GET /contacts (spec 02 §7): `agencyId`, `isProcessed`, `search`, `contactTypes`, and the optional
 * paging beside them (constants/contacts.ts).
 */
export const contactListQuery = z.object({
  agencyId: id.optional(),
  isProcessed: queryBoolean.optional(),
  search: z.string().trim().max(CONTACT_SEARCH_MAX, MESSAGES.tooLong).optional(),
  contactTypes: contactTypesQuery.optional(),
  ...pageFields(CONTACTS_MAX_PAGE_SIZE, CONTACTS_MAX_PAGE_SIZE),
});
export type ContactListQuery = z.infer<typeof contactListQuery>;

export const contactParams = idParams;

/** Type-specific fields (spec 02 §3); each type sends only its own (CONTACT_DATA_FIELDS). */
export const contactData = z.object({
  message: z.string().optional(),
  source: z.string().optional(),
  optInNewsletter: z.boolean().optional(),
  optIn: z.boolean().optional(),
  subject: z.string().optional(),
  isAvailableInTheMorning: z.boolean().optional(),
  isAvailableAtMidday: z.boolean().optional(),
  isAvailableInTheAfternoon: z.boolean().optional(),
  isAvailableAllDay: z.boolean().optional(),
  quotationNumber: z.string().optional(),
  /** Cents. */
  amountIncludingTax: z.number().int().optional(),
  /** accepted, signed or refused. */
  quotationState: z.string().optional(),
  envelopeFileId: z.number().int().nullable().optional(),
  quotationFileId: z.number().int().nullable().optional(),
  invoiceNumber: z.string().optional(),
  /** yyyy-MM-dd. */
  paymentDate: z.string().optional(),
  invoiceFileId: z.number().int().nullable().optional(),
  /** The invoice was already paid: this payment is to be refunded. */
  refundDue: z.boolean().optional(),
  emailAddress: z.string().optional(),
  mobilePhoneNumber: z.string().nullable().optional(),
  landlinePhoneNumber: z.string().nullable().optional(),
  /** CLIENT_ACCOUNT_ERASED_CONTACT (RGPD issue 28 §2): the agency's own references of the erased customer. */
  contractReferences: z.array(z.string()).optional(),
  clientReferences: z.array(z.string()).optional(),
  /** ISO instant of the erasure. */
  erasedAt: z.string().optional(),
});
export type ContactData = z.infer<typeof contactData>;

/**
 * A contact (demand) as spec 02 §3 names it; beside the spec's fields, the agency it came to
 * (`agencyId`, `agencyName`, `adherentName`: the network-wide screens show it) and `processedAt`.
 */
export const contact = z.object({
  id: z.number().int(),
  type: z.enum(CONTACT_TYPES),
  fullName: z.string(),
  emailAddress: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  isClientKnown: z.boolean(),
  /** The customer the contact came from, when the platform knows them (the "Exporter les données du client" action). */
  clientId: z.number().int().nullable(),
  isProcessed: z.boolean(),
  /** ISO 8601 instants. */
  creationDate: z.string(),
  processedAt: z.string().nullable(),
  agencyId: z.number().int(),
  agencyName: z.string(),
  adherentName: z.string(),
  data: contactData,
});
export type Contact = z.infer<typeof contact> & { type: ContactType };
export const contactList = z.object({ contacts: z.array(contact), pageCount: z.number().int() });
export type ContactList = z.infer<typeof contactList>;

/** GET /unprocessed-contact-count-by-contact-types (agencyId). */
export const unprocessedContactCountQuery = z.object({ agencyId: id.optional() });
/** Spec 00 §3: the unprocessed counts per group of CONTACT_TYPE_GROUPS, the menu badges. */
export const unprocessedContactCounts = z.object({
  external: z.number().int(),
  quotation: z.number().int(),
  invoice: z.number().int(),
});
export type UnprocessedContactCounts = z.infer<typeof unprocessedContactCounts>;
