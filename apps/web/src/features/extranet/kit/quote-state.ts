import type { AgencyContractQuotation } from '../../../api/extranet/quotations';

/**
 * A quote's state for the customer (spec 03 §4 "Quote"):
 * - signed: a signed envelope exists, or the agency marks it accepted (a signature wins over a
 *   local refusal, as the server does);
 * - refused: refused here;
 * - acceptedLocally: accepted here, the agency has not recorded it yet;
 * - unknown: the agency's status is unknown (isAccepted null);
 * - awaiting: the agency awaits the customer's decision: accept and refuse are offered.
 */
export type QuoteState = 'signed' | 'refused' | 'acceptedLocally' | 'unknown' | 'awaiting';

export function quoteState(
  q: Pick<AgencyContractQuotation, 'isAccepted' | 'isAcceptedLocally' | 'isRefusedLocally' | 'envelopeFileId'>,
): QuoteState {
  if (q.envelopeFileId !== null || q.isAccepted === true) return 'signed';
  if (q.isRefusedLocally) return 'refused';
  if (q.isAcceptedLocally) return 'acceptedLocally';
  if (q.isAccepted === null) return 'unknown';
  return 'awaiting';
}

/**
 * The quote tab lists the quotes that have a file (spec 03 §2), and the to-do list (GET
 * /my-to-do-list, its items carry a fileId) holds those among them awaiting a decision: one rule
 * for both, so a quote the dashboard does not offer is not offered here either (issue 12 §3).
 */
export function isListedInQuoteTab(q: Pick<AgencyContractQuotation, 'hasFile'>): boolean {
  return q.hasFile;
}

/** Where the signature provider sends the customer back after signing. */
export function signatureReturnPath(agencyContractId: number): string {
  return `/extranet/contract/${agencyContractId}?tab=quote&signed=true`;
}
