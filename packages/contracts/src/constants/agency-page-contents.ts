/** Agency page contents (spec 01 §2, §3): upload type of their illustration, limits, French texts. */
export const AGENCY_PAGE_CONTENT_ILLUSTRATION_FILE_TYPE = 6;
export const AGENCY_PAGE_CONTENT_TITLE_MAX = 200;
export const AGENCY_PAGE_CONTENT_VIDEO_URL_MAX = 500;
export const AGENCY_PAGE_CONTENT_MESSAGES = {
  unknownAgency: "Cette agence n'existe pas.",
  agencyFixed: "Un contenu ne change pas d'agence.",
  invalidVideoUrl: 'Veuillez saisir une adresse web valide (https://…)',
  fileNotFound: "L'illustration est introuvable : ajoutez-la de nouveau.",
} as const;
