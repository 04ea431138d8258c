import { ROLE } from './permissions.js';
/** Network admins (spec 01 §2 /intranet/users, §5): limits and the French refusals. */
export const ADMIN_NAME_MAX_LENGTH = 100;
export const ADMIN_POSITION_MAX_LENGTH = 150;

export const NETWORK_ADMIN_MESSAGES = {
  networkRoleRequired: 'Veuillez choisir un rôle du réseau.',
  emailAlreadyUsed: 'Cette adresse email est déjà utilisée par un autre compte.',
  superAdminCannotBeDisabled: 'Le super administrateur (rôle 1) ne peut pas être désactivé.',
  /** Issue 24: only role 1 grants or removes role 1, and only role 1 changes a role 1 account's address, role or state. */
  superAdminReserved:
    "Seul un super administrateur réseau peut donner ou retirer ce rôle, ou changer l'adresse, le rôle ou l'état d'un super administrateur.",
  ownRoleUnchanged: 'Vous ne pouvez pas changer votre propre rôle.',
} as const;

/**
 * Who manages whom among network admins (issue 24): only role 1 grants or removes role 1; a
 * role 1 account's address, role and state, and its connection link, are role 1's only; nobody
 * changes their own role. What the caller may not change of `target` (null: a new account). The
 * server refuses a change of a locked field (network-admins/policy.ts); the form locks it.
 */
export function networkAdminLocks(caller: { adminId: number; roleId: number }, target: { id: number; roleId: number } | null) {
  const reserved = target?.roleId === ROLE.superAdmin && caller.roleId !== ROLE.superAdmin;
  return {
    roleId: reserved || target?.id === caller.adminId,
    emailAddress: reserved,
    isActive: reserved,
    connectionLink: reserved,
    /** Role 1 may not be given by this caller. */
    superAdminRole: caller.roleId !== ROLE.superAdmin,
  };
}
