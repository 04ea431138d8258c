/**
 * Job offers (spec 02 §2, §3, §5, §6): offers of an agency, mailed to their recipients when they
 * become active, and network templates that agencies start from. The types and domains are
 * reference lists the seed writes to `job_offer_types` and `job_offer_domains`.
 */
export const JOB_OFFER_TYPES = [
  { code: 'CDI', name: 'CDI' },
  { code: 'CDD', name: 'CDD' },
  { code: 'ALTERNANCE', name: 'Alternance' },
  { code: 'STAGE', name: 'Stage' },
  { code: 'INTERIM', name: 'Intérim' },
  { code: 'FREELANCE', name: 'Indépendant' },
] as const;
export type JobOfferTypeCode = (typeof JOB_OFFER_TYPES)[number]['code'];

export const JOB_OFFER_DOMAINS = [
  { code: 'INSTALLATION', name: 'Installation' },
  { code: 'MAINTENANCE', name: 'Maintenance' },
  { code: 'DEPANNAGE', name: 'Dépannage' },
  { code: 'ADMINISTRATIF', name: 'Administratif' },
  { code: 'COMMERCIAL', name: 'Commercial' },
  { code: 'BUREAU_ETUDES', name: "Bureau d'études" },
  { code: 'DIRECTION', name: 'Encadrement' },
] as const;
export type JobOfferDomainCode = (typeof JOB_OFFER_DOMAINS)[number]['code'];

export const JOB_OFFER_TITLE_MAX = 150;
export const JOB_OFFER_SECTOR_MAX = 150;
export const JOB_OFFER_DESCRIPTION_MAX = 20_000;
/** Recipients of one offer. */
export const JOB_OFFER_CONTACTS_MAX = 20;

/** French texts of the area, shared by the server's refusals and the screens (spec 02 §8). */
export const JOB_OFFER_MESSAGES = {
  invalidRecipient: (address: string) => `L'adresse « ${address} » n'est pas une adresse email valide`,
  tooManyRecipients: `Au plus ${JOB_OFFER_CONTACTS_MAX} destinataires`,
  duplicateRecipient: (address: string) => `L'adresse « ${address} » est en double`,
  templateNotActive: "Un modèle n'est jamais publié : il sert de point de départ aux agences.",
  templateForbidden: 'Seuls les rôles réseau peuvent enregistrer un modèle.',
  agencyRequired: 'Choisissez une agence',
  expiredBeforeToday: "La date d'expiration ne peut pas être passée",
  unknownRegion: 'Cette région est inconnue',
} as const;

/** Splits what the recipients field holds ("a@x.fr, b@y.fr; c@z.fr") into addresses. */
export function splitRecipients(typed: string): string[] {
  return typed
    .split(/[,;\s]+/)
    .map((address) => address.trim())
    .filter((address) => address !== '');
}
