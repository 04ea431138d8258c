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
] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

/** Extranet contact subjects (spec 03 §2): 1 breakdown, 2 maintenance appointment, 3 other. */
export const EXTRANET_CONTACT_SUBJECT = { breakdown: 1, appointment: 2, other: 3 } as const;
export const EXTRANET_CONTACT_SUBJECTS = [
  { id: 1, name: 'Panne' },
  { id: 2, name: "Rendez-vous d'entretien" },
  { id: 3, name: 'Déménagement ou autre demande' },
] as const;
