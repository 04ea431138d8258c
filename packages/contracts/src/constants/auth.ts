import { isCommonPassword } from './common-passwords.js';

export { isCommonPassword };

export const PASSWORD_MIN_LENGTH = 8;
/** Longest password accepted (and hashed) anywhere. */
export const PASSWORD_MAX_LENGTH = 128;
/** Longest email address (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;

/** The platform's shape rule alone: 8+ characters with a lower-case letter, a capital and a digit. */
export const meetsPasswordRule = (p: string) =>
  p.length >= PASSWORD_MIN_LENGTH && /[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p);

/**
 * The single-use token of a mailed link (reset, connection link, email verification): 32 random
 * bytes in base64url, 43 characters. A shorter or longer one (cut by a mail client, mistyped) can
 * never be valid, so the page says the link is dead before anything is typed, and the server
 * answers it as any dead link (`invalid_token`).
 */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const isLinkToken = (token: string | null | undefined): token is string =>
  typeof token === 'string' && LINK_TOKEN_PATTERN.test(token);
/** What a dead link says (issue 25), on the pages and in the server's `invalid_token`. */
export const INVALID_LINK_MESSAGE = 'Lien expiré ou invalide';

/** A customer address no agency of the network knows (email verification, first connection). */
export const CLIENT_ACCOUNT_MESSAGES = {
  unknownCustomer:
    "Cette adresse n'est pas celle d'un client d'une agence du réseau. Utilisez l'adresse email donnée à votre agence ou contactez-la.",
} as const;

const inMinutes = (minutes: number) => `${minutes} minute${minutes > 1 ? 's' : ''}`;

/** The sign-in and mail throttles' 429s, with the wait in whole minutes (at least 1). */
export const THROTTLE_MESSAGES = {
  accountLocked: (minutes: number) => `Trop de tentatives de connexion pour ce compte : réessayez dans ${inMinutes(minutes)}.`,
  tooManyMails: (minutes: number) => `Trop d'emails envoyés à cette adresse : réessayez dans ${inMinutes(minutes)}.`,
} as const;

/** `reset` sends the forgotten-password mail; `init` the "send connection link" mail. */
export const PASSWORD_RESET_CONTEXTS = ['reset', 'init'] as const;

/** Claims of the access token (spec 00 §3). `aud` tells the area: intranet admin or extranet client. */
export interface AccessTokenClaims {
  sub: string;
  given_name: string;
  family_name: string;
  email_address: string;
  data: { roleId: number | null; regionId: number | null };
  /** The session (refresh-token family) this token belongs to. */
  sid?: string;
}
export const AREAS = ['intranet', 'extranet'] as const;
export type Area = (typeof AREAS)[number];
