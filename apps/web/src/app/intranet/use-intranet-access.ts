import { useEffect } from 'react';
import { useRoles } from '../../api/roles';
import { actingRoleId } from '../../lib/acting-role';
import { getSession, setPermissions, useSession } from '../../lib/session';

/**
 * The permission codes of the signed-in user, or of the impersonated user (spec 00 §6):
 * GET /roles matched to the role id, kept in the session so the menu shows at once on reload.
 */
export function useIntranetAccess() {
  const session = useSession();
  const roles = useRoles();
  const roleId = actingRoleId(session);
  const role = roles.data?.find((r) => r.id === roleId);

  useEffect(() => {
    if (!roles.data || !getSession().accessToken) return;
    setPermissions(role ? role.macroPermissions.map((p) => p.code) : []);
  }, [roles.data, role]);

  return {
    roleId,
    roleName: role?.name ?? null,
    permissions: session.permissions,
    hasAgency: Boolean(session.currentAgency),
    /** False until the roles answered (or failed): the shell does not refuse a screen before. */
    ready: roles.isSuccess || roles.isError,
  };
}
