import { ROLE } from '@reseau/contracts';
import { type Guard, refuseWhen } from '../../auth/guards.js';
import type { AdminPrincipal } from '../../auth/principal.js';
import { errors } from '../../lib/errors.js';

/**
 * Who edits the legal pages (RGPD issue 28 §4): role 1 only, as the cooperative's publisher. Every
 * other staff role and every customer get 403; anyone reads them (GET is public).
 */
export function mayEditLegalPages(caller: AdminPrincipal): boolean {
  return caller.roleId === ROLE.superAdmin;
}

/** The guard of PUT /legal-pages/{slug}. */
export function requireLegalPageEditor(): Guard {
  return refuseWhen({ kind: 'admin', allOf: [] }, (request) => {
    const p = request.principal;
    if (!p) return errors.unauthenticated();
    return p.kind === 'admin' && mayEditLegalPages(p) ? null : errors.forbidden();
  });
}
