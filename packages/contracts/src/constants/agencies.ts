/** Agency administration values (spec 01 §3, §5, §9). */

export const AGENCY_JOB_TYPES = ['CustomerServiceOnly', 'CustomerServiceAndInstall'] as const;
export const AGENCY_ACTIVITIES = ['GAZ', 'PAC', 'CLIM', 'Biomasse', 'PV', 'Sanitaire', 'Tertiaire'] as const;
/** Bucket value → its label (spec 01 §3). */
export const AGENCY_EMPLOYEE_AMOUNTS = [
  { value: 1, label: '1-5' },
  { value: 6, label: '6-10' },
  { value: 11, label: '11-25' },
  { value: 26, label: '26-50' },
  { value: 50, label: '50+' },
] as const;
export const AGENCY_SALES_FIGURES = [
  { value: 1, label: '0-500K' },
  { value: 500, label: '500K-1M' },
  { value: 1000, label: '1M-2M' },
  { value: 2000, label: '2M-4M' },
  { value: 4000, label: '+4M' },
] as const;
/** 1 Facebook, 2 LinkedIn, 3 Instagram, 4 Twitter. */
export const SOCIAL_LINK_LABELS = [
  { id: 1, label: 'Facebook' },
  { id: 2, label: 'LinkedIn' },
  { id: 3, label: 'Instagram' },
  { id: 4, label: 'Twitter' },
] as const;

/** My agency: up to 2 phones, 1 email, 4 social links (spec 01 §9). */
export const AGENCY_INFO_LIMITS = { phones: 2, emails: 1, socialLinks: 4 } as const;
export const AGENCY_TEXT_MAX = 200;
export const AGENCY_DESCRIPTION_MAX = 4000;

/** Postal-code files: one five-digit French postal code per line (an optional header line). */
export const POSTAL_CODE_CSV_MAX_BYTES = 1_000_000;
export const POSTAL_CODE_CSV_MESSAGES = {
  invalidLine: (line: number) => `Ligne ${line} : code postal invalide (5 chiffres attendus).`,
  empty: 'Le fichier ne contient aucun code postal.',
  tooLarge: 'Le fichier est trop volumineux.',
  notCsv: 'Ce fichier n’est pas un fichier CSV : importez un fichier .csv avec un code postal de 5 chiffres par ligne.',
} as const;
/** What a spreadsheet or a browser sends for a .csv file. */
export const POSTAL_CODE_CSV_CONTENT_TYPES = ['text/csv', 'text/plain', 'application/vnd.ms-excel', 'application/csv'];
/**
 * Whether a chosen file is a CSV, as the screen checks it before sending: a CSV type, or no
 * precise type (some systems) with a .csv or .txt name. A picture, a PDF or a workbook is not.
 */
export function isPostalCodeCsvFile(file: { name: string; type: string }): boolean {
  if (POSTAL_CODE_CSV_CONTENT_TYPES.includes(file.type)) return true;
  return (file.type === '' || file.type === 'application/octet-stream') && /\.(csv|txt)$/i.test(file.name);
}
/**
 * The Google business listing's address, derived from its place id: the server stores it with the
 * id, and the agency form shows it in a disabled field (spec 01 §5).
 */
export function googleMyBusinessUrlOf(placeId: string): string {
  return `https://www.google.com/maps/place/?q=place_id:${encodeURIComponent(placeId.trim())}`;
}

/** The agency page (spec 01 §2, §3, §9): upload types, up to 6 logos, advertisement 800×600. */
export const AGENCY_PAGE_FILE_TYPES = { illustration: 4, logo: 5, advertisement: 17 } as const;
export const AGENCY_PAGE_LOGOS_MAX = 6;
export const AGENCY_PAGE_ADVERTISEMENT_SIZE = { width: 800, height: 600 } as const;

export const AGENCY_MESSAGES = {
  notNumeric: 'Veuillez saisir un nombre',
  invalidUrl: 'Veuillez saisir une adresse web valide',
  tooManyLogos: `Au plus ${AGENCY_PAGE_LOGOS_MAX} logos`,
  duplicateLogo: 'Ce logo est déjà sur la page',
  /** PUT/POST /agencies: `agencyName` (spec 01 §3) names the agency as `name` does. */
  agencyNameDiffers: 'agencyName et name désignent le même nom : indiquez le même.',
} as const;
