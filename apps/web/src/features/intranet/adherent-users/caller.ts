import { PROTECTED_ADHERENT_ROLE_IDS } from '@reseau/contracts/constants/adherents';
import { ROLE } from '@reseau/contracts/constants/permissions';
import { actingRoleId, actsAsNetwork } from '../../../lib/acting-role';
import { useSession } from '../../../lib/session';

/**
 * Who manages the users here: a network account (roles 1 to 3, not acting as someone) picks the
 * adherent; an adherent-level account (or one impersonated) manages its own adherent's users and
 * never touches a role 4 or 7 user (the server refuses it too).
 */
export function useUsersCaller() {
  const session = useSession();
  // Acting as an adherent user makes one an adherent-level caller (actsAsNetwork is then false).
  const isNetwork = actsAsNetwork(session);
  return {
    isNetwork,
    /** Whether the caller may edit, switch, link or delete a user of this role. */
    mayTouchRole: (userRoleId: number) => isNetwork || !PROTECTED_ADHERENT_ROLE_IDS.includes(userRoleId),
    /** Whether the archived accounts are shown to anonymise (RGPD issue 28 §2): role 1, or an adherent's director. */
    mayAnonymize: ([ROLE.superAdmin, ROLE.adherentDirector] as number[]).includes(actingRoleId(session) ?? 0),
  };
}

/** `/intranet/adherent-users`, with the adherent a network account chose. */
export function usersListHref(adherentId: number | null, isNetwork: boolean): string {
  return isNetwork && adherentId !== null ? `/intranet/adherent-users?adherent-id=${adherentId}` : '/intranet/adherent-users';
}

/** `/intranet/adherent-user?id={id}` (spec 01 §2); a creation by a network account names the adherent. */
export function userFormHref(options: { id?: number; adherentId?: number | null }): string {
  const params = new URLSearchParams();
  if (options.id !== undefined) params.set('id', String(options.id));
  else if (options.adherentId != null) params.set('adherent-id', String(options.adherentId));
  const query = params.toString();
  return query ? `/intranet/adherent-user?${query}` : '/intranet/adherent-user';
}
