/** The customer's quotes (spec 03 §3 "Quotation", §4 "Quote", §7). */

/** A signature request's `redirectUrl` that is not a page of the extranet. */
export const REDIRECT_URL_MESSAGE = "L'adresse de retour doit être une page de l'espace client";

/** Statuses of a signature request (spec 00 §4 labels), as kept in `quotation_signatures`. */
export const QUOTATION_SIGNATURE_STATUSES = [
  'ongoing',
  'document_seen',
  'signed',
  'declined',
  'expired',
  'cancelled',
  'failed',
] as const;
export type QuotationSignatureStatus = (typeof QUOTATION_SIGNATURE_STATUSES)[number];
