import { z } from 'zod';
import { normalizeFrenchPhone, PHONE_MESSAGES } from '../constants/extranet.js';
import {
  IMPORT_CHANGE_KINDS,
  IMPORT_EXTERNAL_REF_MAX,
  IMPORT_FILE_ITEM_TYPES,
  IMPORT_FILE_MESSAGES,
  IMPORT_ITEM_TYPES,
  IMPORT_MAX_ITEMS,
  IMPORT_MESSAGES,
  IMPORT_SOURCES,
  IMPORT_STATUSES,
} from '../constants/imports.js';
import { MESSAGES } from '../constants/messages.js';
import { MAX_ID, MAX_INT4 } from '../constants/pagination.js';
import { emailSchema } from './auth.js';
import { frenchPostalCode } from './identifiers.js';
import { idParam as dbId, idParams, pageQuery } from './primitives.js';

/**
 * Agency data imports (issue 11). The body is checked in two steps: the envelope (1 to 5 000
 * items) refuses the whole call; each item is then checked on its own with the schema of its
 * type, so that a bad item is reported and the others are written.
 */

const TEXT_MAX = 200;

/** Absent or null: "please fill"; a number or an object where a text is due says so. */
const textError = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? MESSAGES.required : IMPORT_MESSAGES.notText;

const requiredText = (max = TEXT_MAX) =>
  z.string({ error: textError }).trim().min(1, MESSAGES.required).max(max, MESSAGES.tooLong);
/** An optional text: absent, null or blank all mean "none". */
const optionalText = (max = TEXT_MAX) =>
  z
    .string({ error: IMPORT_MESSAGES.notText })
    .trim()
    .max(max, MESSAGES.tooLong)
    .nullish()
    .transform((v) => (v ? v : null));

const externalRef = requiredText(IMPORT_EXTERNAL_REF_MAX);

const isCalendarDate = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
/** An ISO 8601 calendar date, `yyyy-MM-dd`. */
const requiredDate = z
  .string({ error: (issue) => (issue.input === undefined ? MESSAGES.required : IMPORT_MESSAGES.invalidDate) })
  .refine(isCalendarDate, IMPORT_MESSAGES.invalidDate);
const optionalDate = z
  .string({ error: IMPORT_MESSAGES.invalidDate })
  .nullish()
  .refine((v) => v === undefined || v === null || v === '' || isCalendarDate(v), IMPORT_MESSAGES.invalidDate)
  .transform((v) => (v ? v : null));

/** Cents, a whole number from 0 to the largest the database holds. */
const cents = z
  .number({ error: (issue) => (issue.input === undefined ? MESSAGES.required : IMPORT_MESSAGES.invalidAmount) })
  .int(IMPORT_MESSAGES.invalidAmount)
  .min(0, IMPORT_MESSAGES.invalidAmount)
  .max(MAX_INT4, IMPORT_MESSAGES.invalidAmount);

const phone = (prefixes: string, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(30, MESSAGES.tooLong)
    .nullish()
    .transform((v, ctx) => {
      if (!v) return null;
      const normalized = normalizeFrenchPhone(v, prefixes);
      if (!normalized) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return normalized;
    });

const optionalEmail = z
  .string({ error: MESSAGES.invalidEmail })
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(z.email(MESSAGES.invalidEmail).max(254, MESSAGES.tooLong).nullable());

/** An email that identifies a customer: compared without case. */
const identifyingEmail = emailSchema.transform((v) => v.toLowerCase());

/** A customer: their account is made without a password (the "known customer" of first connection). */
export const importClientItem = z.object({
  type: z.literal('client'),
  externalRef,
  email: identifyingEmail,
  firstName: requiredText(100),
  lastName: requiredText(100),
  /** Mail the customer the invitation to their extranet (once per customer, while they have no password). */
  invite: z.boolean({ error: 'Veuillez indiquer true ou false' }).optional().default(false),
  /**
   * The agency says this customer is new to it again (RGPD issue 28 §2): a reference whose customer
   * erased their account then makes a new customer instead of being refused.
   */
  isNewCustomer: z.boolean({ error: 'Veuillez indiquer true ou false' }).optional().default(false),
});

/** A maintenance contract of one of the agency's customers (spec 03 §3 "Agency contract"). */
export const importContractItem = z.object({
  type: z.literal('contract'),
  externalRef,
  clientEmail: identifyingEmail,
  /** The reference the customer sees; the external reference when absent. */
  reference: optionalText(IMPORT_EXTERNAL_REF_MAX),
  route: requiredText(),
  postalCode: frenchPostalCode,
  locality: requiredText(100),
  equipmentType: optionalText(),
  equipmentModel: optionalText(),
  renewalDate: optionalDate,
  lastMaintenanceDate: optionalDate,
  emailAddress: optionalEmail,
  mobilePhoneNumber: phone('67', PHONE_MESSAGES.mobile),
  landlinePhoneNumber: phone('123459', PHONE_MESSAGES.landline),
});

export const importQuotationItem = z.object({
  type: z.literal('quotation'),
  externalRef,
  contractRef: externalRef,
  /** The number the customer sees; the external reference when absent. */
  number: optionalText(IMPORT_EXTERNAL_REF_MAX),
  amountIncludingTax: cents,
  issueDate: requiredDate,
  /** The agency's own status: true accepted, false awaiting the customer's decision, null unknown. */
  isAccepted: z
    .boolean({ error: 'Veuillez indiquer true, false ou null' })
    .nullish()
    .transform((v) => v ?? null),
});

export const importInvoiceItem = z
  .object({
    type: z.literal('invoice'),
    externalRef,
    contractRef: externalRef,
    number: optionalText(IMPORT_EXTERNAL_REF_MAX),
    amountIncludingTax: cents,
    leftToPayIncludingTax: cents,
    issueDate: requiredDate,
    paymentMean: optionalText(100),
    paymentDate: optionalDate,
  })
  .superRefine((v, ctx) => {
    if (v.leftToPayIncludingTax > v.amountIncludingTax) {
      ctx.addIssue({ code: 'custom', path: ['leftToPayIncludingTax'], message: IMPORT_MESSAGES.leftToPayAboveAmount });
    }
  });

export const importServiceCallItem = z.object({
  type: z.literal('serviceCall'),
  externalRef,
  contractRef: externalRef,
  requestDate: requiredDate,
  isFinished: z.boolean({ error: 'Veuillez indiquer true ou false' }).optional().default(false),
  appointmentDate: optionalDate,
  appointmentTime: z
    .string({ error: IMPORT_MESSAGES.invalidTime })
    .nullish()
    .refine((v) => !v || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), IMPORT_MESSAGES.invalidTime)
    .transform((v) => (v ? v : null)),
  quotationRef: optionalText(IMPORT_EXTERNAL_REF_MAX),
  invoiceRef: optionalText(IMPORT_EXTERNAL_REF_MAX),
});

export const importDocumentItem = z.object({
  type: z.literal('document'),
  externalRef,
  contractRef: externalRef,
  description: requiredText(),
  date: requiredDate,
});

/** The schema of each item type, by its `type`. */
export const IMPORT_ITEM_SCHEMAS = {
  client: importClientItem,
  contract: importContractItem,
  quotation: importQuotationItem,
  invoice: importInvoiceItem,
  serviceCall: importServiceCallItem,
  document: importDocumentItem,
} as const;
export type ImportClientItem = z.output<typeof importClientItem>;
export type ImportContractItem = z.output<typeof importContractItem>;
export type ImportQuotationItem = z.output<typeof importQuotationItem>;
export type ImportInvoiceItem = z.output<typeof importInvoiceItem>;
export type ImportServiceCallItem = z.output<typeof importServiceCallItem>;
export type ImportDocumentItem = z.output<typeof importDocumentItem>;
export type ImportItem =
  | ImportClientItem
  | ImportContractItem
  | ImportQuotationItem
  | ImportInvoiceItem
  | ImportServiceCallItem
  | ImportDocumentItem;

/** POST /imports (JSON): the envelope only; each item is checked on its own. */
export const importBody = z.object({
  items: z
    .array(z.unknown(), { error: MESSAGES.required })
    .min(1, IMPORT_MESSAGES.noItems)
    .max(IMPORT_MAX_ITEMS, IMPORT_MESSAGES.tooManyItems),
});
export type ImportBody = z.infer<typeof importBody>;

export const importItemResult = z.object({
  /** The item's position in the sent list, from 0. */
  index: z.number().int(),
  externalRef: z.string().nullable(),
  status: z.enum(IMPORT_STATUSES),
  /** Per field, French messages; null unless the status is `error`. */
  errors: z.record(z.string(), z.array(z.string())).nullable(),
});
export type ImportItemResult = z.infer<typeof importItemResult>;

export const importAnswer = z.object({ importId: z.number().int(), results: z.array(importItemResult) });
export type ImportAnswer = z.infer<typeof importAnswer>;

const importCounts = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  error: z.number().int(),
});

/** An import as the history lists it. */
export const importSummary = z.object({
  id: z.number().int(),
  agencyId: z.number().int(),
  source: z.enum(IMPORT_SOURCES),
  itemType: z.enum(IMPORT_ITEM_TYPES).nullable(),
  /** The key's label, or the staff member's name; null once gone. */
  sentBy: z.string().nullable(),
  createdAt: z.string(),
  counts: importCounts,
});
export type ImportSummary = z.infer<typeof importSummary>;

/** GET /imports/{id}: the stored report. */
export const importReport = importSummary.extend({ results: z.array(importItemResult) });
export type ImportReport = z.infer<typeof importReport>;

export const importList = z.object({ imports: z.array(importSummary), pageCount: z.number().int() });
export type ImportList = z.infer<typeof importList>;

export const importParams = idParams;
/** GET /imports: one agency's history, newest first, a page at a time. */
export const importListQuery = pageQuery.extend({ agencyId: dbId });

/** POST /imports?type=: the one item type of a CSV body (ignored with JSON, where each item has its own). */
export const importQuery = z.object({ type: z.enum(IMPORT_ITEM_TYPES, { error: IMPORT_MESSAGES.unknownType }).optional() });

/** PUT /imports/files/{type}/{externalRef}: the PDF is the raw body. */
export const importFileParams = z.object({
  type: z.enum(IMPORT_FILE_ITEM_TYPES, { error: IMPORT_FILE_MESSAGES.unknownType }),
  externalRef: externalRef,
});
/** `unchanged`: the same bytes were attached already, nothing was stored. */
export const importFileAnswer = z.object({ fileId: z.number().int(), status: z.enum(['created', 'updated', 'unchanged']) });
export type ImportFileAnswer = z.infer<typeof importFileAnswer>;

/** GET /imports/changes?since=&cursor=: `since` an ISO 8601 time; `cursor` the `nextCursor` of the previous page. */
export const importChangesQuery = z.object({
  since: z.iso.datetime({ offset: true, error: 'Veuillez saisir une date et heure ISO 8601 (ex. 2026-11-25T00:00:00Z)' }),
  cursor: z.coerce.number().int().min(0).max(MAX_ID).optional(),
});

export const importChange = z.object({
  /** Increasing: the feed's order and cursor. */
  id: z.number().int(),
  kind: z.enum(IMPORT_CHANGE_KINDS),
  at: z.string(),
  /** The external references of the contract and of the quote or invoice; null for rows not imported. */
  contractRef: z.string().nullable(),
  quotationRef: z.string().nullable(),
  invoiceRef: z.string().nullable(),
  /** quotation: number, amountIncludingTax; invoice: number, amountIncludingTax (paid), paymentDate; contract: the new email or phones. */
  data: z.record(z.string(), z.unknown()),
});
export type ImportChange = z.infer<typeof importChange>;
export const importChanges = z.object({
  changes: z.array(importChange),
  /** Give it back as `cursor` (with the same `since`) for the next page, or on the next run. */
  nextCursor: z.number().int(),
  hasMore: z.boolean(),
});
export type ImportChanges = z.infer<typeof importChanges>;
