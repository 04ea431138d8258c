import { z } from 'zod';
import { MESSAGES } from '../constants/messages.js';
import { idParam as dbId } from './primitives.js';

/** The customer's quotes (spec 03 §3 "Quotation", §4 "Quote", §7). */

const id = z.number().int();

/** GET /agency-contract-quotations/mine: a contract's quotes, or all quotes at an agency, or all. */
export const quotationsMineQuery = z.object({ agencyContractId: dbId.optional(), agencyId: dbId.optional() });

export const agencyContractQuotation = z.object({
  id,
  number: z.string(),
  /** Cents. */
  amountIncludingTax: z.number().int(),
  /** `yyyy-MM-dd` */
  issueDate: z.string(),
  hasFile: z.boolean(),
  /** Also downloadable through GET /files/{id}. */
  fileId: id.nullable(),
  /** The agency's status: true accepted, false awaiting decision, null unknown. */
  isAccepted: z.boolean().nullable(),
  isAcceptedLocally: z.boolean(),
  isRefusedLocally: z.boolean(),
  /** The signed envelope (present once signed). */
  envelopeFileId: id.nullable(),
  agencyContractId: id,
});
export type AgencyContractQuotation = z.infer<typeof agencyContractQuotation>;
export const agencyContractQuotationList = z.object({ agencyContractQuotations: z.array(agencyContractQuotation) });

/**
 * POST /agency-contract-quotations/{id}:initialize-signature. `redirectUrl` is a path of the
 * extranet (`/extranet/contract/12?tab=quote&signed=true`) or an absolute URL of it.
 */
export const initializeSignatureBody = z.object({
  redirectUrl: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(2048, MESSAGES.tooLong),
});
export type InitializeSignatureBody = z.infer<typeof initializeSignatureBody>;
/** Where to send the browser: the provider's signing page (a local path with the sandbox). */
export const initializeSignatureResult = z.object({ signatureUrl: z.string() });
