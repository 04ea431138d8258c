/** Adherent users (spec 01 §2 /intranet/adherent-users, §3 "Adherent user"): the French refusals. */
export const ADHERENT_USER_MESSAGES = {
  adherentAgenciesOnly: "Choisissez des agences de l'adhérent.",
  emailUsed: 'Cette adresse email est déjà utilisée.',
  adherentFixed: "L'adhérent d'un utilisateur ne change pas.",
  agenciesRequired: 'Choisissez au moins une agence.',
  ownAgenciesOnly: 'Choisissez des agences dont vous avez la charge.',
  oneAdherentOnly: 'Les agences choisies doivent appartenir au même adhérent.',
  adherentRequired: 'Précisez un adhérent (adherentId), une agence (agencyId) ou un utilisateur (adminId).',
  adherentUnchanged: 'Un utilisateur reste rattaché à son adhérent.',
} as const;

/** Avatar upload type of adherent accounts (spec 01 §3: typeId 1 "adherent admin avatar"). */
export const ADHERENT_AVATAR_FILE_TYPE = 1;
/** Avatar upload type of network admins (spec 01 §3: typeId 15). */
export const NETWORK_ADMIN_AVATAR_FILE_TYPE = 15;
