import { NETWORK_ROLE_IDS } from '@reseau/contracts/constants/permissions';
import type { SessionSnapshot } from './session';

/** The role the server acts as: the impersonated user's while impersonating (spec 00 §4), else the token's. */
export function actingRoleId(session: Pick<SessionSnapshot, 'impersonation' | 'claims'>): number | null {
  return session.impersonation ? session.impersonation.role : (session.claims?.data?.roleId ?? null);
}

/** Roles 1 to 3 acting as themselves (spec 02 §6: the network's lists, templates). */
export function actsAsNetwork(session: Pick<SessionSnapshot, 'impersonation' | 'claims'>): boolean {
  const roleId = actingRoleId(session);
  return roleId !== null && NETWORK_ROLE_IDS.includes(roleId);
}
