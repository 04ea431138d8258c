import { z } from 'zod';
import { MESSAGES } from '../constants/messages.js';
import {
  SIGNATURE_CLIENT_NAME_PATTERN,
  SIGNATURE_DOCUMENT_STATUSES,
  SIGNATURE_MESSAGES,
  SIGNATURE_NAME_MAX,
  SIGNATURE_PDF_FILES_MAX,
  SIGNATURE_QUOTATION_STATUSES,
  SIGNATURE_TITLE_MAX,
} from '../constants/signature-documents.js';
import { bodyId, idParam as id, queryBoolean } from './primitives.js';

/** Electronic signature of PDFs (spec 02 §3, §5, §7 "Signature"). */

const filled = (max: number) =>
  z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(max, MESSAGES.tooLong);
const clientName = filled(SIGNATURE_NAME_MAX).regex(SIGNATURE_CLIENT_NAME_PATTERN, SIGNATURE_MESSAGES.nameLetters);
/** `yyyy-MM-dd`, a real day. */
const day = z.iso.date();

/** POST /signature-documents (spec 02 §5 "Signature form"). */
export const signatureDocumentBody = z.object({
  clientFirstName: clientName,
  clientLastName: clientName,
  clientEmailAddress: filled(254).pipe(z.email(MESSAGES.invalidEmail)),
  title: filled(SIGNATURE_TITLE_MAX),
  agencyId: bodyId,
  pdfFiles: z
    .array(z.object({ pdfFileId: bodyId }), { error: SIGNATURE_MESSAGES.pdfRequired })
    .min(1, SIGNATURE_MESSAGES.pdfRequired)
    .max(SIGNATURE_PDF_FILES_MAX, SIGNATURE_MESSAGES.tooManyPdfs),
});
export type SignatureDocumentBody = z.infer<typeof signatureDocumentBody>;

/** A signature document as the API sends it (spec 02 §3, plus id and agencyName for the table). */
export const signatureDocument = z.object({
  id: z.number().int(),
  clientFirstName: z.string(),
  clientLastName: z.string(),
  clientEmailAddress: z.string(),
  title: z.string(),
  agencyId: z.number().int(),
  agencyName: z.string(),
  pdfFiles: z.array(z.object({ pdfFileId: z.number().int() })),
  /** ISO 8601. */
  creationDate: z.string(),
  status: z.enum(SIGNATURE_DOCUMENT_STATUSES),
  /** The signed envelope, readable through GET /files/{id} once signed. */
  envelopeFileId: z.number().int().nullable(),
  /** When the recipient first opened the document (ISO 8601), if they did. */
  openingTime: z.string().nullable(),
});
export type SignatureDocument = z.infer<typeof signatureDocument>;

/** Paging by `limit` / `offset` (spec 02 §7), at most 100 rows. */
const window = {
  limit: z.coerce.number().int().min(1).max(100).default(30),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
};

/** GET /signature-documents (spec 02 §7). The period is `[startDateIncluded, endDateExcluded)` on the creation date. */
export const signatureDocumentListQuery = z.object({
  agencyId: id.optional(),
  ...window,
  status: z.enum(SIGNATURE_DOCUMENT_STATUSES).optional(),
  search: z.string().trim().max(200).optional(),
  startDateIncluded: day.optional(),
  endDateExcluded: day.optional(),
});
export type SignatureDocumentListQuery = z.infer<typeof signatureDocumentListQuery>;
export const signatureDocumentList = z.object({ signatureDocuments: z.array(signatureDocument), totalCount: z.number().int() });

/** GET /signature-counts-by-agency: `agencyId` (spec 02 §7), plus the overview's adherent and period filters. */
export const signatureCountsQuery = z.object({
  agencyId: id.optional(),
  adherentId: id.optional(),
  startDateIncluded: day.optional(),
  endDateExcluded: day.optional(),
});
export type SignatureCountsQuery = z.infer<typeof signatureCountsQuery>;
export const signatureCount = z.object({
  /** Beyond the spec's fields: the overview's adherent filter sends it back. */
  adherentId: z.number().int(),
  adherentName: z.string(),
  agencyName: z.string(),
  agencyId: z.number().int(),
  /** `yyyymm`, e.g. 202611. */
  yearMonth: z.number().int(),
  signatureCount: z.number().int(),
});
export type SignatureCount = z.infer<typeof signatureCount>;
export const signatureCountList = z.object({ signatureCounts: z.array(signatureCount) });
export type SignatureCountList = z.infer<typeof signatureCountList>;

/** GET /agency-contract-quotations, the staff's view of quotations signed or to sign (spec 02 §7). */
export const signatureQuotationListQuery = z.object({
  agencyId: id.optional(),
  hasSignatureInitiated: queryBoolean.optional(),
  startSignatureDateIncluded: day.optional(),
  endSignatureDateExcluded: day.optional(),
  ...window,
  status: z.enum(SIGNATURE_QUOTATION_STATUSES).optional(),
  search: z.string().trim().max(200).optional(),
});
export type SignatureQuotationListQuery = z.infer<typeof signatureQuotationListQuery>;
export const signatureQuotation = z.object({
  id: z.number().int(),
  number: z.string(),
  /** The customer's full name on the contract. */
  agencyContractFullName: z.string(),
  agencyId: z.number().int(),
  agencyName: z.string(),
  status: z.enum(SIGNATURE_QUOTATION_STATUSES),
  /** ISO 8601, once signed. */
  signatureTime: z.string().nullable(),
  envelopeFileId: z.number().int().nullable(),
});
export type SignatureQuotation = z.infer<typeof signatureQuotation>;
export const signatureQuotationList = z.object({
  agencyContractQuotations: z.array(signatureQuotation),
  totalCount: z.number().int(),
});

/** POST /signature-documents:archive: the signed envelopes of an agency over a period, as one zip. */
export const signatureArchiveBody = z.object({
  agencyId: bodyId,
  startDateIncluded: day,
  endDateExcluded: day,
});
export type SignatureArchiveBody = z.infer<typeof signatureArchiveBody>;
/** The archive's file id: GET /files/{id} serves it (signatures.zip) to its maker only. */
export const signatureArchiveResult = z.object({ fileId: z.number().int(), envelopeCount: z.number().int() });

/** The submission form: the body without `agencyId`, which is the header's current agency. */
export const signatureDocumentForm = signatureDocumentBody.omit({ agencyId: true });
export type SignatureDocumentForm = z.infer<typeof signatureDocumentForm>;
