/**
 * Network applications (spec 02 §2, §3, §5, §9): a directory of the network's web tools, each a
 * title, a web address and a logo (upload type 11).
 */
export const NETWORK_APPLICATION_ILLUSTRATION_FILE_TYPE = 11;
/** Longest title and address an application takes. */
export const NETWORK_APPLICATION_TITLE_MAX = 100;
export const NETWORK_APPLICATION_URL_MAX = 2000;
/** French texts of the application writes (spec 02 §5, §8). */
export const NETWORK_APPLICATION_MESSAGES = {
  invalidUrl: 'Veuillez saisir une adresse web complète commençant par http:// ou https://',
  illustrationNotFound: 'Le logo est introuvable : ajoutez-le de nouveau.',
} as const;
