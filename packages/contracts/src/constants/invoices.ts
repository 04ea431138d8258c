/**
 * Bounds of one card payment, in cents. They are PayPlug's own limits (API reference, "Create a
 * payment": `amount` must lie between 99, i.e. 0,99 €, and 2 000 000, i.e. 20 000 €); the
 * sandbox applies the same ones so that both providers refuse the same invoices.
 */
export const PAYMENT_AMOUNT_MIN_CENTS = 99;
export const PAYMENT_AMOUNT_MAX_CENTS = 2_000_000;

/** A payment that could not start for a reason of ours or the provider's (the codes' texts are ERROR_MESSAGES). */
export const PAYMENT_MESSAGES = {
  providerFailed: 'Le service de paiement est momentanément indisponible, veuillez réessayer.',
  providerUnreachable: 'Le prestataire de paiement est injoignable, réessayez plus tard.',
  inPreparation: 'Un paiement de cette facture est en cours de préparation, réessayez dans un instant.',
} as const;

/** The payment mean written on an invoice paid online (the agency's accounting validates it). */
export const ONLINE_PAYMENT_MEAN = 'CB en ligne';

/**
 * Status of an online payment: pending until the provider confirms it, then paid, failed or
 * cancelled. `abandoned`: replaced by a newer payment of the invoice while still open.
 * `refund_due`: captured by the provider for an invoice already paid online: the agency refunds it.
 */
export const INVOICE_PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'abandoned', 'refund_due'] as const;
export type InvoicePaymentStatus = (typeof INVOICE_PAYMENT_STATUSES)[number];
