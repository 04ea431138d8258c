/** Adherents administration (spec 01 §2, §9): plain values, no zod. */
export const ADHERENTS_PAGE_SIZE = 100;
export const ADHERENT_NAME_MAX = 200;
export const ADHERENT_SEARCH_MAX = 100;
export const ADMIN_TEXT_MAX = 200;

/** CooperativeRole values of spec 01 §3. */
export const COOPERATIVE_ROLES = [
  'President',
  'BoardMember',
  'PartnerCommission',
  'ITCommission',
  'CSRCommission',
  'AxinvestCommission',
  'TrainingCommission',
  'Other',
] as const;
export type CooperativeRole = (typeof COOPERATIVE_ROLES)[number];

/** Adherent-level callers may not edit, disable, link or delete rows of these roles (issue 8). */
export const PROTECTED_ADHERENT_ROLE_IDS: readonly number[] = [4, 7];

export const ADHERENT_MESSAGES = {
  adminAlreadyOnMap: 'Un administrateur adhérent est déjà affiché sur la carte pour cet adhérent.',
  protectedRole: 'Vous ne pouvez pas modifier un dirigeant adhérent ni un responsable d’agence.',
  adherentRoleOnly: 'Choisissez un rôle d’utilisateur adhérent.',
  unknownRegion: 'Cette région n’existe pas.',
} as const;
