/** Plain values of the customer extranet (spec 03): phone rule, to-do items, contact sources, FAQ themes. */

export const PHONE_MESSAGES = {
  mobile: 'Veuillez saisir un numéro de mobile français valide (06 ou 07)',
  landline: 'Veuillez saisir un numéro de téléphone fixe français valide',
  atLeastOne: 'Veuillez saisir au moins un numéro de téléphone',
} as const;

/**
 * A French number written with or without spaces, dots or dashes, or in the +33 form, brought
 * to "06 12 34 56 78". `prefixes` are the allowed second digits (6-7 mobile, 1-5 and 9 landline).
 */
export function normalizeFrenchPhone(value: string, prefixes: string): string | null {
  const compact = value.replace(/[\s.\-()]/g, '');
  const national = compact.replace(/^(?:\+33|0033)(?=\d{9}$)/, '0');
  if (!/^0\d{9}$/.test(national) || !prefixes.includes(national[1]!)) return null;
  return national.replace(/(\d{2})(?=\d)/g, '$1 ');
}

export const TO_DO_ITEM_TYPES = ['quotation', 'invoice'] as const;

/** Where a request was sent from (spec 03 §2 "contact source labels"). */
export const EXTRANET_CONTACT_SOURCES = [
  'extranet_contracts_page',
  'extranet_quotes_tab',
  'extranet_invoices_tab',
  'extranet_service_calls',
  'extranet_menu',
] as const;
export type ExtranetContactSource = (typeof EXTRANET_CONTACT_SOURCES)[number];

export const EXTRANET_CONTACT_MESSAGE_MAX = 2000;
/** The spec's "invalid contact" message, sent with validation_failed. */
export const INVALID_CONTACT_MESSAGE = 'Merci de compléter les informations manquantes.';
/** A request whose subject is not one of the agency's (a field of `INVALID_CONTACT_MESSAGE`'s refusal). */
export const UNKNOWN_CONTACT_SUBJECT_MESSAGE = "Cet objet de demande n'existe pas";
/** The contact form's availability choices, in the order shown, with the flag each one sends. */
export const EXTRANET_CONTACT_AVAILABILITIES = [
  { value: 'morning', flag: 'isAvailableInTheMorning' },
  { value: 'midday', flag: 'isAvailableAtMidday' },
  { value: 'afternoon', flag: 'isAvailableInTheAfternoon' },
  { value: 'allDay', flag: 'isAvailableAllDay' },
] as const;
export type ExtranetContactAvailability = (typeof EXTRANET_CONTACT_AVAILABILITIES)[number]['value'];
/** Under the availabilities when none is ticked (its path is `availability`, the form's field). */
export const AVAILABILITY_REQUIRED_MESSAGE = 'Veuillez choisir au moins une disponibilité';

export const FAQ_THEME_CODES = ['maintenance', 'repair', 'contract', 'bill', 'user_space'] as const;
export type FaqTheme = (typeof FAQ_THEME_CODES)[number];
