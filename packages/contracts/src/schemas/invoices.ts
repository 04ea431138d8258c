import { z } from 'zod';
import { INVOICE_PAYMENT_STATUSES } from '../constants/invoices.js';
import { idParam as id } from './primitives.js';

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
