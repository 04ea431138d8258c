import { NOT_FOUND_SUBJECTS, type OwnSessionList, SESSION_MESSAGES } from '@reseau/contracts';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import { hashToken } from '../../auth/tokens.js';
import { sessions } from '../../db/schema/index.js';
import { audit, auditActor } from '../../kernel/audit.js';
import { AppError, errors } from '../../lib/errors.js';
import type { PublicContext, RequestContext } from '../../lib/request-context.js';
import { endSessionsWhere } from '../auth/sessions.js';
import { ownOpenSessions } from './policy.js';

/** Who the audit log names: the real caller (and the impersonated user, as every audited write). */
const actorOf = (caller: Principal) => (caller.kind === 'admin' ? auditActor(caller) : { actorClientId: caller.clientId });

/** GET /me/sessions: the caller's open sessions, the most recently used first. */
export async function listOwnSessions({ db, caller }: RequestContext): Promise<OwnSessionList> {
  const rows = await db
    .select({
      id: sessions.id,
      deviceLabel: sessions.deviceLabel,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(ownOpenSessions(caller))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      deviceLabel: row.deviceLabel ?? SESSION_MESSAGES.unknownDevice,
      ipAddress: row.ipAddress,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt.toISOString(),
      isCurrent: row.id === caller.sessionId,
    })),
  };
}

/**
 * DELETE /me/sessions/{id}: ends one of the caller's sessions (the current one too: that is a
 * sign-out). Another account's session, or one already over, is not found.
 */
export async function endOwnSession({ db, caller, ip }: RequestContext, id: string) {
  await db.transaction(async (tx) => {
    const [ended] = await endSessionsWhere(tx, and(eq(sessions.id, id), ownOpenSessions(caller)));
    if (!ended) throw errors.notFound(NOT_FOUND_SUBJECTS.session);
    await audit(tx, {
      action: 'auth.session_ended',
      ...actorOf(caller),
      entity: 'session',
      entityId: id,
      details: { by: 'owner', current: id === caller.sessionId },
      ip,
    });
  });
}

/** POST /me/sessions:end-others: every open session of the caller's account but the one asking. */
export async function endOtherSessions({ db, caller, ip }: RequestContext) {
  return db.transaction(async (tx) => {
    const keep = caller.sessionId ? ne(sessions.id, caller.sessionId) : undefined;
    const ended = await endSessionsWhere(tx, and(ownOpenSessions(caller), keep));
    await audit(tx, {
      action: 'auth.other_sessions_ended',
      ...actorOf(caller),
      details: { endedCount: ended.length },
      ip,
    });
    return { endedCount: ended.length };
  });
}

/**
 * POST /auth/sessions:end-by-link: the new-device mail's link ends its session. The token is
 * spent by the very UPDATE that ends the session (only an open session's link works), so two
 * clicks at once end it once and the second is told the link no longer works.
 */
export async function endSessionByLink({ db, ip }: PublicContext, token: string) {
  await db.transaction(async (tx) => {
    const [ended] = await endSessionsWhere(
      tx,
      and(eq(sessions.endLinkHash, hashToken(token)), gt(sessions.expiresAt, sql`now()`)),
    );
    if (!ended) throw new AppError('invalid_token', 400, SESSION_MESSAGES.linkInvalid);
    await audit(tx, {
      action: 'auth.session_ended',
      ...(ended.subjectKind === 'admin' ? { actorAdminId: ended.subjectId } : { actorClientId: ended.subjectId }),
      entity: 'session',
      entityId: ended.id,
      details: { by: 'mail_link' },
      ip,
    });
  });
}
