/**
 * Spare-part announcements (spec 02 §2, §3, §5, §9): a board of requests (DEMANDE) and offers
 * (OFFRE) between agencies. Energy types are the reference list the seed writes to
 * `spare_part_energy_types`; the screens read it through GET /spare-part-energy-types.
 */
export const SPARE_PART_ANNOUNCEMENT_TYPES = ['DEMANDE', 'OFFRE'] as const;
export type SparePartAnnouncementTypeCode = (typeof SPARE_PART_ANNOUNCEMENT_TYPES)[number];

export const SPARE_PART_ENERGY_TYPES = [
  { code: 'GAZ', name: 'Gaz' },
  { code: 'FIOUL', name: 'Fioul' },
  { code: 'ELEC', name: 'Électricité' },
  { code: 'PAC', name: 'Pompe à chaleur' },
  { code: 'BOIS', name: 'Bois' },
  { code: 'SOLAIRE', name: 'Solaire' },
] as const;
export type SparePartEnergyTypeCode = (typeof SPARE_PART_ENERGY_TYPES)[number]['code'];
export const SPARE_PART_ENERGY_TYPE_CODES = SPARE_PART_ENERGY_TYPES.map((e) => e.code) as [
  SparePartEnergyTypeCode,
  ...SparePartEnergyTypeCode[],
];

/** 9 cards a page (spec 02 §9). */
export const SPARE_PART_ANNOUNCEMENTS_PAGE_SIZE = 9;
export const SPARE_PART_DESCRIPTION_MAX = 130;
export const SPARE_PART_TITLE_MAX = 120;
export const SPARE_PART_CONTACT_MAX = 30;

/**
 * How long an announcement stays open after its publication (spec 02 §9): a request 1 week, an
 * offer 6 months, as PostgreSQL intervals (the database computes the expiry, so months are calendar months).
 */
export const SPARE_PART_VISIBILITY: Record<SparePartAnnouncementTypeCode, string> = {
  DEMANDE: '7 days',
  OFFRE: '6 months',
};

/** How often the expiry job looks for announcements past their date. */
export const SPARE_PART_EXPIRY_JOB_INTERVAL_MS = 15 * 60_000;

/** Words a title may not hold: the type says it already (spec 02 §5). */
export const SPARE_PART_TYPE_WORDS = ['demande', 'demandes', 'offre', 'offres', 'request', 'requests', 'offer', 'offers'];

/** Whether a title says "request" or "offer" as a word of its own (the type field says it). */
export function titleNamesSparePartType(title: string): boolean {
  return title
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .some((word) => SPARE_PART_TYPE_WORDS.includes(word));
}

/** French texts of the area, shared by the server's refusals and the screens (spec 02 §5, §8). */
export const SPARE_PART_MESSAGES = {
  unknownAgency: 'Cette agence est inconnue.',
  descriptionTooLong: `La description ne doit pas dépasser ${SPARE_PART_DESCRIPTION_MAX} caractères`,
  titleNamesType: "Le titre ne doit pas dire s'il s'agit d'une demande ou d'une offre : le type l'indique déjà.",
  alreadyAnswered: 'Vous avez déjà répondu à cette annonce',
  ownAnnouncement: 'Vous ne pouvez pas répondre à votre propre annonce',
  expired: 'Cette annonce a expiré : il n’est plus possible d’y répondre.',
  wantOnRequest: 'On ne peut répondre « Je veux » qu’à une offre.',
  haveOnOffer: 'On ne peut répondre « J’en ai » qu’à une demande.',
} as const;

/** Refusal codes of `:want` and `:have`; the screen maps each to its message (spec 02 §8). */
export const SPARE_PART_ANSWER_ERROR_CODES = [
  'spare_part_announcement_already_answered',
  'spare_part_announcement_own',
  'spare_part_announcement_expired',
  'spare_part_announcement_wrong_answer',
] as const;
export type SparePartAnswerErrorCode = (typeof SPARE_PART_ANSWER_ERROR_CODES)[number];
