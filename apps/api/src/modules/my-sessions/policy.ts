import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import { sessions } from '../../db/schema/index.js';

/**
 * The account whose sessions "Mes connexions" shows: the caller's own. While a network admin acts
 * as a user (impersonation), that is still the admin's: the user's sessions are theirs alone, and
 * the admin's session is the one the request runs in.
 */
function sessionOwner(caller: Principal) {
  return caller.kind === 'admin'
    ? { kind: 'admin' as const, id: caller.impersonatedBy ?? caller.adminId }
    : { kind: 'client' as const, id: caller.clientId };
}

/** The caller's open sessions (not ended, not past their end): anyone else's is simply not found. */
export function ownOpenSessions(caller: Principal): SQL {
  const owner = sessionOwner(caller);
  return and(
    eq(sessions.subjectKind, owner.kind),
    eq(sessions.subjectId, owner.id),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, sql`now()`),
  ) as SQL;
}
