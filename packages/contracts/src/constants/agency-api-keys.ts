/**
 * Agency API keys (issue 11): an agency's management software writes its data with a key of that
 * agency, sent in this header. The key is shown once, when it is made; the server keeps its hash.
 */
export const AGENCY_API_KEY_HEADER = 'x-api-key';
/** Every key starts with this, so that a key pasted in the wrong place is recognisable. */
export const AGENCY_API_KEY_PREFIX = 'rek_';
export const AGENCY_API_KEY_LABEL_MAX = 100;
/** Calls a key may make per minute (per key, on every instance when REDIS_URL is set). */
export const AGENCY_API_KEY_CALLS_PER_MINUTE = 120;
/**
 * Calls with a missing, malformed, unknown or revoked key one client address may make per minute
 * (on every instance when REDIS_URL is set); past it the address is refused for the rest of the
 * minute, before any key is looked up. Software with a working key never fails: 20 covers a
 * key pasted wrong and retried, not a search for keys.
 */
export const AGENCY_API_KEY_FAILURES_PER_MINUTE = 20;
/** Live keys an agency may hold at once: enough for a few programs, not a leak of forgotten ones. */
export const AGENCY_API_KEYS_MAX = 10;
export const AGENCY_API_KEY_MESSAGES = {
  invalidKey: "Clé d'API invalide ou révoquée.",
  tooManyFailures: "Trop d'appels avec une clé d'API invalide depuis cette adresse : réessayez dans une minute.",
  tooMany: `Cette agence a déjà ${AGENCY_API_KEYS_MAX} clés actives : révoquez-en une avant d'en créer une autre.`,
} as const;
