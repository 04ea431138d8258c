import { BRANDS } from './prestations.js';

/**
 * Monthly results (spec 02 §2, §3, §4): each agency enters its figures once a month, then sees the
 * network's totals and averages beside its own. Equipments and brands are reference lists the
 * seed writes to `monthly_result_equipments` and `monthly_result_brands`.
 */
export const MONTHLY_RESULT_EQUIPMENTS = [
  { id: 1, name: 'Chaudière gaz', hasSales: true, hasContracts: true, hasCommissionings: true },
  { id: 2, name: 'Chaudière fioul', hasSales: true, hasContracts: true, hasCommissionings: true },
  { id: 3, name: 'Pompe à chaleur air/eau', hasSales: true, hasContracts: true, hasCommissionings: true },
  { id: 4, name: 'Pompe à chaleur air/air', hasSales: true, hasContracts: true, hasCommissionings: false },
  { id: 5, name: 'Poêle à granulés', hasSales: true, hasContracts: true, hasCommissionings: true },
  { id: 6, name: 'Chaudière à granulés', hasSales: true, hasContracts: true, hasCommissionings: true },
  { id: 7, name: 'Chauffe-eau thermodynamique', hasSales: true, hasContracts: true, hasCommissionings: false },
  { id: 8, name: 'Climatisation', hasSales: true, hasContracts: true, hasCommissionings: false },
  { id: 9, name: 'Système solaire combiné', hasSales: true, hasContracts: false, hasCommissionings: true },
  { id: 10, name: 'Adoucisseur', hasSales: true, hasContracts: false, hasCommissionings: false },
] as const;

/** "Autres marques" is placed last (spec 02 §3), whatever its id. */
export const MONTHLY_RESULT_OTHER_BRANDS = 'Autres marques';
/** The prestation catalogue's brands (same ids), then more of the market, "Autres marques" last. */
export const MONTHLY_RESULT_BRANDS = [
  ...BRANDS,
  { id: 7, name: 'Vaillant' },
  { id: 8, name: 'Bosch' },
  { id: 9, name: 'Chappée' },
  { id: 10, name: 'Elm Leblanc' },
  { id: 11, name: MONTHLY_RESULT_OTHER_BRANDS },
] as const;

/** The four sections of the form, named as the body's lists. */
export const MONTHLY_RESULT_SECTIONS = [
  'brandsValues',
  'equipmentContracts',
  'equipmentCommissionings',
  'equipmentSales',
] as const;
export type MonthlyResultSection = (typeof MONTHLY_RESULT_SECTIONS)[number];
/** Which equipment flag lets an equipment appear in a section. */
export const MONTHLY_RESULT_SECTION_FLAG = {
  equipmentSales: 'hasSales',
  equipmentContracts: 'hasContracts',
  equipmentCommissionings: 'hasCommissionings',
} as const;

/** One figure: a count, 0 to a million. */
export const MONTHLY_RESULT_VALUE_MAX = 1_000_000;
export const MONTHLY_RESULT_FIRST_YEAR = 2000;
/** How many months the form offers, ending with the previous month (spec 02 §2). */
export const MONTHLY_RESULT_MONTHS_OFFERED = 12;
/**
 * Below this number of adherents having entered a month, not counting the asking agency's own
 * adherent, the network's totals, averages and ranks are withheld. Adherents, not agencies: a
 * director sees every agency of his adherent, so with one other adherent the total minus his own
 * agencies would be that adherent's figures; with two, what he reads always mixes both.
 */
export const MONTHLY_RESULT_MIN_OTHER_ADHERENTS = 2;

export const MONTHLY_RESULT_MESSAGES = {
  /** Spec 02 §8, verbatim. */
  missing: 'Vous devez saisir vos chiffres pour ce mois afin de voir les chiffres du réseau',
  exists: 'Les chiffres de ce mois ont déjà été saisis pour cette agence : modifiez-les plutôt.',
  future: 'On ne peut pas saisir les chiffres d’un mois qui n’est pas encore commencé.',
  notInteger: 'Saisissez un nombre entier positif ou nul',
  notNumber: 'Saisissez un nombre (chiffres seulement)',
  tooBig: 'Saisissez un nombre entre 0 et 1 000 000',
  unknownBrand: 'Cette marque est inconnue',
  unknownEquipment: 'Cet équipement est inconnu',
  wrongSection: (name: string) => `« ${name} » ne fait pas partie de cette rubrique`,
  duplicate: 'Une même ligne est saisie deux fois',
} as const;

/** `yyyy-MM` of a year and a month (1–12). */
export const yearMonthOf = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

/**
 * A number as typed in French: digits with spaces between thousands ("1 200"), an optional sign and
 * a decimal comma or point ("12,5"). Null when it is not a number. Nothing is dropped or clamped:
 * the caller decides what it accepts and says why it refuses.
 */
export function parseFrenchNumber(text: string): number | null {
  const compact = text.trim().replace(/[\s\u00a0\u202f]/g, '');
  if (!/^[-+\u2212]?(\d+([.,]\d*)?|[.,]\d+)$/.test(compact)) return null;
  const value = Number(compact.replace('\u2212', '-').replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}
