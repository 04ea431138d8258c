import { z } from 'zod';

/**
 * Bounds of one card payment, in cents. They are PayPlug's own limits (API reference, "Create a
 * payment": `amount` must lie between 99, i.e. 0,99 €, and 2 000 000, i.e. 20 000 €); the
 * sandbox applies the same ones so that both providers refuse the same invoices.
 */
export const PAYMENT_AMOUNT_MIN_CENTS = 99;
export const PAYMENT_AMOUNT_MAX_CENTS = 2_000_000;

/** The payment mean written on an invoice paid online (the agency's accounting validates it). */
export const ONLINE_PAYMENT_MEAN = 'CB en ligne';

/**
 * Status of an online payment: pending until the provider confirms it, then paid, failed or
 * cancelled. `abandoned`: replaced by a newer payment of the invoice while still open.
 * `refund_due`: captured by the provider for an invoice already paid online: the agency refunds it.
 */
export const INVOICE_PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'abandoned', 'refund_due'] as const;
export type InvoicePaymentStatus = (typeof INVOICE_PAYMENT_STATUSES)[number];

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** `GET /agency-contract-invoices/mine`: both filters are optional and combine. */
export const agencyContractInvoiceListQuery = z.object({
  agencyContractId: id.optional(),
  agencyId: id.optional(),
});
export type AgencyContractInvoiceListQuery = z.infer<typeof agencyContractInvoiceListQuery>;

export const agencyContractInvoice = z.object({
  id: z.number().int(),
  number: z.string(),
  /** yyyy-MM-dd */
  issueDate: z.string(),
  amountIncludingTax: z.number().int(),
  leftToPayIncludingTax: z.number().int(),
  isPaidLocally: z.boolean(),
  paymentMean: z.string().nullable(),
  /** yyyy-MM-dd */
  paymentDate: z.string().nullable(),
  hasFile: z.boolean(),
  fileId: z.number().int().nullable(),
  agencyContractId: z.number().int(),
});
export type AgencyContractInvoice = z.infer<typeof agencyContractInvoice>;
export const agencyContractInvoiceList = z.object({ agencyContractInvoices: z.array(agencyContractInvoice) });

/** `POST /agency-contract-invoices/{id}:initialize-payment` takes no payload (an empty object is accepted). */
export const initializePaymentBody = z.strictObject({});
export const initializePaymentAnswer = z.object({ url: z.string() });

/** `GET /agency-contract-invoices/{id}/payment-status` (spec 03 §3 "Payment status"). */
export const paymentStatus = z.object({ is_paid: z.boolean() });
export type PaymentStatus = z.infer<typeof paymentStatus>;

/** `GET /invoice-payments/{id}/payment-status`: what /extranet/payment-return reads with its `id`. */
export const invoicePaymentStatus = paymentStatus.extend({
  status: z.enum(INVOICE_PAYMENT_STATUSES),
  invoiceId: z.number().int(),
  agencyContractId: z.number().int(),
});
export type InvoicePaymentStatusAnswer = z.infer<typeof invoicePaymentStatus>;
