/**
 * "Télécharger mes données" (issue 28 §1, docs/data-rights.md): a ZIP of everything the platform
 * holds about an account, made in the background and mailed as a link.
 */
/** How long the mailed link works once the ZIP is ready. */
export const DATA_EXPORT_VALID_DAYS = 7;
/** The link's token: 32 random bytes in base64url are 43 characters; anything longer is not ours. */
export const DATA_EXPORT_TOKEN_MAX = 128;
/** The ZIP's name, and the JSON it holds. */
export const DATA_EXPORT_FILE_NAME = 'mes-donnees.zip';
export const DATA_EXPORT_JSON_NAME = 'donnees.json';

export const DATA_EXPORT_MESSAGES = {
  /** A second request while one is being made (409 `data_export_in_progress`). */
  inProgress: 'Un export de ces données est déjà en préparation : vous recevrez un e-mail dès qu’il sera prêt.',
  /** The link of a ZIP that is unknown, expired or purged (404). */
  linkInvalid: 'Ce lien de téléchargement n’est plus valable : demandez un nouvel export de vos données.',
} as const;
