/**
 * "Mes connexions" (issue 27 §3): the open sessions of an account, as their owner recognises them.
 * The User-Agent header is kept up to this length (the device label is read from it).
 */
export const SESSION_USER_AGENT_MAX = 512;
/** How long the mailed "end this session" token may be: ours are 43 characters (256 bits, base64url). */
export const SESSION_END_LINK_TOKEN_MAX = 128;
export const SESSION_MESSAGES = {
  /** POST /auth/sessions:end-by-link with a token that ends nothing (unknown, spent, or its session already over). */
  linkInvalid: 'Ce lien ne permet plus de déconnecter cette session : elle est déjà terminée ou le lien a déjà servi.',
  /** The session's device when its User-Agent says nothing we know. */
  unknownDevice: 'Appareil inconnu',
} as const;
