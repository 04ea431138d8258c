/** Network admins (spec 01 §2 /intranet/users, §5): limits and the French refusals. */
export const ADMIN_NAME_MAX_LENGTH = 100;
export const ADMIN_POSITION_MAX_LENGTH = 150;
export const ADMIN_PHONE_MAX_LENGTH = 30;

export const NETWORK_ADMIN_MESSAGES = {
  networkRoleRequired: 'Veuillez choisir un rôle du réseau.',
  emailAlreadyUsed: 'Cette adresse email est déjà utilisée par un autre compte.',
  superAdminCannotBeDisabled: 'Le super administrateur (rôle 1) ne peut pas être désactivé.',
} as const;
