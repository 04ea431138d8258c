/** A phone of the agency's page, as the agency labelled it ("Accueil", "Urgences SAV", "Astreinte"…). */
export interface AgencyPhone {
  phone: string;
  label: string;
}

/** Labels agencies give their emergency line (the agency page has no type for it, only a label). */
const EMERGENCY_LABEL = /urgen|astreinte|d[ée]pann|\bsav\b/i;

/** The number to call for a breakdown: the emergency line when the agency has one, else the first. */
export function emergencyPhone(phones: readonly AgencyPhone[] | undefined): AgencyPhone | undefined {
  return phones?.find((p) => EMERGENCY_LABEL.test(p.label)) ?? phones?.[0];
}

/** The `tel:` address of a French number as typed ("03 20 54 18 79"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/\s+/g, '')}`;
}
