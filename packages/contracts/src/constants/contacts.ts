/** Contact (demand) types of spec 02 §3: what an agency receives and must act on. */
export const CONTACT_TYPES = [
  'SITE_CONTACT',
  'SOLUTIONS_CONTACT',
  'EXTRANET_AGENCY_CONTACT',
  'AGENCY_CONTRACT_QUOTATION_ACCEPTED_CONTACT',
  'AGENCY_CONTRACT_QUOTATION_REFUSED_CONTACT',
  'AGENCY_CONTRACT_INVOICE_PAID_CONTACT',
  'FREE_INVOICE_PAYMENT_CONTACT',
  'CLIENT_EMAIL_CHANGE_CONTACT',
  'CLIENT_PHONES_CHANGE_CONTACT',
  'CLIENT_ACCOUNT_ERASED_CONTACT',
] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

/** Extranet contact subjects (spec 03 §2): 1 breakdown, 2 maintenance appointment, 3 other. */
export const EXTRANET_CONTACT_SUBJECT = { breakdown: 1, appointment: 2, other: 3 } as const;
export const EXTRANET_CONTACT_SUBJECTS = [
  { id: 1, name: 'Panne' },
  { id: 2, name: "Rendez-vous d'entretien" },
  { id: 3, name: 'Déménagement ou autre demande' },
] as const;

/**
 * Which contact types each intranet screen lists and each menu badge counts (spec 00 §3 "external,
 * quotation, invoice"; spec 02 §2): demands are what comes from outside (the public site, the
 * extranet's requests and changes of contact details), quotations the customers' decisions on a
 * quote, invoices their payments. The one grouping used by the server and the screens.
 */
export const CONTACT_TYPE_GROUPS = {
  external: [
    'SITE_CONTACT',
    'SOLUTIONS_CONTACT',
    'EXTRANET_AGENCY_CONTACT',
    'CLIENT_EMAIL_CHANGE_CONTACT',
    'CLIENT_PHONES_CHANGE_CONTACT',
    'CLIENT_ACCOUNT_ERASED_CONTACT',
  ],
  quotation: ['AGENCY_CONTRACT_QUOTATION_ACCEPTED_CONTACT', 'AGENCY_CONTRACT_QUOTATION_REFUSED_CONTACT'],
  invoice: ['AGENCY_CONTRACT_INVOICE_PAID_CONTACT', 'FREE_INVOICE_PAYMENT_CONTACT'],
} as const satisfies Record<string, readonly ContactType[]>;
export type ContactTypeGroup = keyof typeof CONTACT_TYPE_GROUPS;
export const CONTACT_TYPE_GROUP_NAMES = ['external', 'quotation', 'invoice'] as const satisfies readonly ContactTypeGroup[];

/**
 * The fields of `data` each type carries (spec 02 §3), and the only ones the API sends: what the
 * recording code keeps beside them for itself (the contract id, the provider's payment id) stays in.
 */
export const CONTACT_DATA_FIELDS: Record<ContactType, readonly string[]> = {
  SITE_CONTACT: ['message', 'source', 'optInNewsletter'],
  SOLUTIONS_CONTACT: ['message', 'optIn'],
  EXTRANET_AGENCY_CONTACT: [
    'subject',
    'message',
    'source',
    'isAvailableInTheMorning',
    'isAvailableAtMidday',
    'isAvailableInTheAfternoon',
    'isAvailableAllDay',
  ],
  AGENCY_CONTRACT_QUOTATION_ACCEPTED_CONTACT: [
    'quotationNumber',
    'amountIncludingTax',
    'quotationState',
    'envelopeFileId',
    'quotationFileId',
  ],
  AGENCY_CONTRACT_QUOTATION_REFUSED_CONTACT: [
    'quotationNumber',
    'amountIncludingTax',
    'quotationState',
    'envelopeFileId',
    'quotationFileId',
  ],
  AGENCY_CONTRACT_INVOICE_PAID_CONTACT: ['invoiceNumber', 'amountIncludingTax', 'paymentDate', 'invoiceFileId', 'refundDue'],
  FREE_INVOICE_PAYMENT_CONTACT: ['invoiceNumber', 'amountIncludingTax', 'paymentDate'],
  CLIENT_EMAIL_CHANGE_CONTACT: ['emailAddress'],
  CLIENT_PHONES_CHANGE_CONTACT: ['mobilePhoneNumber', 'landlinePhoneNumber'],
  /** RGPD issue 28 §2: which customer erased the account, by what the agency already knows (its references). */
  CLIENT_ACCOUNT_ERASED_CONTACT: ['contractReferences', 'clientReferences', 'erasedAt'],
};

/**
 * GET /contacts answers `{ contacts }` (spec 02 §7), newest first. An agency gathers thousands:
 * the list is bounded by optional `pageNumber` / `pageSize` beside the spec's filters, with
 * `pageCount` in the answer. Without them a caller gets the newest `CONTACTS_MAX_PAGE_SIZE`.
 */
export const CONTACTS_PAGE_SIZE = 12;
export const CONTACTS_MAX_PAGE_SIZE = 100;
export const CONTACT_SEARCH_MAX = 100;
