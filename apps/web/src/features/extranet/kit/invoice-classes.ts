import type { AgencyContractInvoice } from '../../../api/extranet/invoices';

/**
 * The invoice tab's groups (spec 03 §4 "Invoice"), for invoices that have a file only:
 * - toBePaid: something is left to pay and it is not paid here: the customer may pay online;
 * - paid: nothing left to pay, or paid here (then awaiting the agency's validation);
 * - creditNote: a credit note (an amount below zero): money the agency owes, with no status to
 *   worry about (docs/decisions.md);
 * - unknown: anything else (a negative balance on an invoice): the customer asks the agency.
 */
export type InvoiceClass = 'toBePaid' | 'paid' | 'creditNote' | 'unknown';

export function invoiceClass(
  invoice: Pick<AgencyContractInvoice, 'amountIncludingTax' | 'leftToPayIncludingTax' | 'isPaidLocally'>,
): InvoiceClass {
  if (invoice.amountIncludingTax < 0) return 'creditNote';
  if (invoice.leftToPayIncludingTax > 0 && !invoice.isPaidLocally) return 'toBePaid';
  if (invoice.leftToPayIncludingTax === 0 || invoice.isPaidLocally) return 'paid';
  return 'unknown';
}

export function classifyInvoices(invoices: AgencyContractInvoice[]): Record<InvoiceClass, AgencyContractInvoice[]> {
  const groups: Record<InvoiceClass, AgencyContractInvoice[]> = { toBePaid: [], paid: [], creditNote: [], unknown: [] };
  for (const invoice of invoices) {
    if (invoice.hasFile) groups[invoiceClass(invoice)].push(invoice);
  }
  return groups;
}
