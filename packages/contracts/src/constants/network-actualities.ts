/**
 * Network news (spec 01 §2, §3, §9). Category codes are the reference list the seed writes to
 * `network_actuality_categories` (id = position + 1); the screens show them through the French
 * labels of `i18n/fr.intranet.json` (`networkNews.categories.<code>`).
 */
export const NETWORK_ACTUALITY_CATEGORIES = [
  { id: 1, code: 'VIE_RESEAU' },
  { id: 2, code: 'TECHNIQUE' },
  { id: 3, code: 'REGLEMENTATION' },
  { id: 4, code: 'PARTENAIRES' },
  { id: 5, code: 'EVENEMENT' },
] as const;
export type NetworkActualityCategoryCode = (typeof NETWORK_ACTUALITY_CATEGORIES)[number]['code'];

/** "Receivers" (spec 01 §9): 0 only adherents, 1 everyone. */
export const NETWORK_ACTUALITY_RECEIVERS = { onlyAdherents: 0, everyone: 1 } as const;
export type NetworkActualityReceivers = (typeof NETWORK_ACTUALITY_RECEIVERS)[keyof typeof NETWORK_ACTUALITY_RECEIVERS];

/** The news page shows 10 a page; the dashboard the 5 newest (spec 01 §9). */
export const NETWORK_ACTUALITIES_PAGE_SIZE = 10;
export const DASHBOARD_NETWORK_ACTUALITIES = 5;
/** Up to 2 illustrations (file type 9) and 4 attached files (file type 10) per news item. */
export const NETWORK_ACTUALITY_MAX_ILLUSTRATIONS = 2;
export const NETWORK_ACTUALITY_MAX_JOINED_FILES = 4;
export const NETWORK_ACTUALITY_ILLUSTRATION_FILE_TYPE = 9;
export const NETWORK_ACTUALITY_JOINED_FILE_TYPE = 10;
/** Longest text the list's `search` takes. */
export const NETWORK_ACTUALITY_SEARCH_MAX = 200;
/** Longest title a news item takes. */
export const NETWORK_ACTUALITY_TITLE_MAX = 200;
/** French texts of the news writes (spec 01 §5, §8). */
export const NETWORK_ACTUALITY_MESSAGES = {
  unknownCategory: 'Cette catégorie est inconnue.',
  tooManyIllustrations: `${NETWORK_ACTUALITY_MAX_ILLUSTRATIONS} illustrations au maximum.`,
  tooManyJoinedFiles: `${NETWORK_ACTUALITY_MAX_JOINED_FILES} fichiers joints au maximum.`,
  fileNotFound: 'Un fichier est introuvable : ajoutez-le de nouveau.',
  noImageInContent: "Le texte d'une actualité ne peut pas contenir d'image : ajoutez-la en illustration.",
} as const;
