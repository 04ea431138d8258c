import { ROLE } from '@reseau/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Guard, refuseWhen } from '../../auth/guards.js';
import type { AdminPrincipal } from '../../auth/principal.js';
import { admins, auditLog } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';

/**
 * Who reads the audit log (issue 27 §4): role 1, the whole network; an adherent's director
 * (role 4), the entries of their adherent. Acting as someone, one reads as that account.
 */
export function mayReadAuditLog(caller: AdminPrincipal): boolean {
  return caller.roleId === ROLE.superAdmin || (caller.roleId === ROLE.adherentDirector && caller.adherentId !== null);
}

/** The guard of the audit log's routes: any other staff role and every customer get 403. */
export function requireAuditReader(): Guard {
  return refuseWhen({ kind: 'admin', allOf: [] }, (request) => {
    const p = request.principal;
    if (!p) return errors.unauthenticated();
    return p.kind === 'admin' && mayReadAuditLog(p) ? null : errors.forbidden();
  });
}

/** The entries the caller reads: all (role 1), or those whose actor or subject is of their adherent. */
export function visibleAuditEntries(caller: AdminPrincipal): SQL | undefined {
  if (caller.roleId === ROLE.superAdmin) return undefined;
  return caller.adherentId === null || !mayReadAuditLog(caller) ? sql`false` : eq(auditLog.adherentId, caller.adherentId);
}

/** The accounts the person filter offers: every staff account (role 1), or the adherent's. */
export function visibleAuditPeople(caller: AdminPrincipal): SQL | undefined {
  if (caller.roleId === ROLE.superAdmin) return undefined;
  return caller.adherentId === null || !mayReadAuditLog(caller) ? sql`false` : eq(admins.adherentId, caller.adherentId);
}
