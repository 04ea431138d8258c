/** Query keys of the customer extranet, so that an action refreshes what it changed. */
export const extranetKeys = {
  all: ['extranet'] as const,
  contracts: (agencyId?: number | null) => ['extranet', 'contracts', agencyId ?? 'all'] as const,
  allContracts: ['extranet', 'contracts'] as const,
  toDoList: (agencyId: number) => ['extranet', 'to-do-list', agencyId] as const,
  allToDoLists: ['extranet', 'to-do-list'] as const,
  serviceCalls: (agencyId: number) => ['extranet', 'service-calls', agencyId] as const,
  quotations: (contractId: number) => ['extranet', 'quotations', contractId] as const,
  allQuotations: ['extranet', 'quotations'] as const,
  invoices: (contractId: number) => ['extranet', 'invoices', contractId] as const,
  allInvoices: ['extranet', 'invoices'] as const,
  documents: (contractId: number) => ['extranet', 'documents', contractId] as const,
  allDocuments: ['extranet', 'documents'] as const,
  contactSubjects: ['extranet', 'contact-subjects'] as const,
  faq: (theme: string) => ['extranet', 'faq', theme] as const,
  invoicePayment: (paymentId: string) => ['extranet', 'invoice-payment', paymentId] as const,
};
