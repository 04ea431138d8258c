// The second factor of a sign-in (issue 27 §1): an authenticator app (TOTP) and recovery codes.
// A passkey will be one more method of the same challenge.

/** How the second step of a sign-in may be answered; a challenge lists the ones the account has. */
/** `passkey`: a passkey of the account answers a challenge of POST /auth/{admin|client}/passkey-options. */
export const SECOND_FACTOR_METHODS = ['totp', 'recoveryCode', 'passkey'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** RFC 6238 as every authenticator app reads it by default: SHA-1, 6 digits, 30 seconds. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** The name the authenticator app shows above the account's codes. */
export const TOTP_ISSUER = 'Réseau Énergie';

/** Recovery codes given at once: 10 of 10 characters, shown as `xxxxx-xxxxx`. */
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_LENGTH = 10;

/** How long the second step of a sign-in (or the enrolment it requires) stays open. */
export const SECOND_FACTOR_CHALLENGE_MINUTES = 5;

export const SECOND_FACTOR_MESSAGES = {
  codeFormat: 'Saisissez les 6 chiffres affichés par votre application.',
  recoveryCodeFormat: 'Saisissez un code de secours de 10 caractères.',
  oneProof: "Indiquez soit un code, soit un code de secours, soit votre clé d'accès.",
  oneConfirmation: 'Confirmez avec votre mot de passe ou avec un code de votre application.',
  invalidCode: 'Code invalide ou déjà utilisé.',
  invalidPassword: 'Mot de passe incorrect.',
  challengeExpired: 'Cette étape de connexion a expiré : reconnectez-vous.',
  alreadyEnabled: "Une application d'authentification est déjà active sur ce compte.",
  notEnabled: "Aucune application d'authentification n'est active sur ce compte.",
  setupNotStarted: "Affichez d'abord le QR code, puis saisissez le code de l'application.",
  required: 'Votre rôle impose la double authentification : vous ne pouvez pas la retirer.',
  impersonationNeedsSecondFactor:
    "Pour vous connecter en tant qu'un autre utilisateur, reconnectez-vous avec votre double authentification.",
} as const;
