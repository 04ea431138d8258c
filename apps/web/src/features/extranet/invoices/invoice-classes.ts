import type { AgencyContractInvoice } from '../../../api/extranet/invoices';

/**
 * The invoice tab's groups (spec 03 §4 "Invoice"), for invoices that have a file only:
 * - toBePaid: something is left to pay and it is not paid here: the customer may pay online;
 * - paid: nothing left to pay, or paid here (then awaiting the agency's validation);
 * - unknown: anything else (a credit note, a negative balance): the customer asks the agency.
 */
export type InvoiceClass = 'toBePaid' | 'paid' | 'unknown';

export function invoiceClass(invoice: Pick<AgencyContractInvoice, 'leftToPayIncludingTax' | 'isPaidLocally'>): InvoiceClass {
  if (invoice.leftToPayIncludingTax > 0 && !invoice.isPaidLocally) return 'toBePaid';
  if (invoice.leftToPayIncludingTax === 0 || invoice.isPaidLocally) return 'paid';
  return 'unknown';
}

export function classifyInvoices(invoices: AgencyContractInvoice[]): Record<InvoiceClass, AgencyContractInvoice[]> {
  const groups: Record<InvoiceClass, AgencyContractInvoice[]> = { toBePaid: [], paid: [], unknown: [] };
  for (const invoice of invoices) {
    if (invoice.hasFile) groups[invoiceClass(invoice)].push(invoice);
  }
  return groups;
}
