/** Passkeys (issue 27): a WebAuthn credential signs in alone and counts as a second factor. */
export const PASSKEY_NAME_MAX_LENGTH = 60;
/** Per account: enough for a phone, a computer and two security keys, with room to spare. */
export const PASSKEYS_PER_ACCOUNT = 10;

export const PASSKEY_MESSAGES = {
  challengeExpired: 'La demande a expiré : recommencez.',
  notVerified: "La clé d'accès n'a pas pu être vérifiée. Recommencez ou utilisez votre mot de passe.",
  unknownPasskey: "Cette clé d'accès n'est pas reconnue. Connectez-vous avec votre mot de passe.",
  alreadyRegistered: "Cette clé d'accès est déjà enregistrée.",
  notThisAccount: "Cette clé d'accès n'est pas celle de ce compte, ou n'a pas pu être vérifiée.",
  tooMany: `Vous avez déjà ${PASSKEYS_PER_ACCOUNT} clés d'accès : supprimez-en une avant d'en ajouter une autre.`,
  notWhileImpersonating: "Les clés d'accès d'un compte ne se gèrent pas en se connectant en tant que son utilisateur.",
} as const;
