import { ROLE } from '@reseau/contracts';
import { type Guard, refuseWhen } from '../../auth/guards.js';
import { errors } from '../../lib/errors.js';

/**
 * The mail queue holds every address and subject the platform writes to, and a retry sends a
 * mail again: the network's super administrator (role 1) only, who answers for the platform.
 */
export function requireSuperAdmin(): Guard {
  return refuseWhen({ kind: 'admin', allOf: [] }, (request) => {
    const p = request.principal;
    if (!p) return errors.unauthenticated();
    return p.kind === 'admin' && p.roleId === ROLE.superAdmin ? null : errors.forbidden();
  });
}
