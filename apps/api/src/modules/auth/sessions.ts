import { randomUUID } from 'node:crypto';
import type { Area, SessionTokens } from '@reseau/contracts';
import { and, eq, gt, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { hashToken, newOpaqueToken } from '../../auth/tokens.js';
import type { DbOrTx } from '../../db/client.js';
import { refreshTokens, type SubjectKind, sessions } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import type { PublicContext } from '../../lib/request-context.js';
import { deviceLabel, type SessionDevice } from './device.js';
import { isNewDevice, mailNewDevice } from './session-devices.js';
import { findSessionSubject, type SessionSubject } from './subjects.js';

const areaOf: Record<SubjectKind, Area> = { admin: 'intranet', client: 'extranet' };

/**
 * A sign-in: opens a session (its end is absolute, REFRESH_TOKEN_TTL_DAYS from now, never
 * extended by a refresh) and issues its first pair of tokens. The session keeps the device and
 * address it was opened from; a device the account never used gets a mail with a link that ends
 * this session (its token kept hashed on the row), queued in the same transaction.
 * `secondFactor`: the sign-in checked one (the session may then impersonate, and stays open for an
 * account that must use one).
 */
export async function issueSession(
  deps: AppDeps,
  subject: SessionSubject,
  device: SessionDevice,
  { secondFactor = false }: { secondFactor?: boolean } = {},
) {
  const id = randomUUID();
  const expiresAt = new Date(Date.now() + deps.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000);
  const label = deviceLabel(device.userAgent);
  return deps.db.transaction(async (tx) => {
    const endLink = (await isNewDevice(tx, subject, label)) ? newOpaqueToken() : null;
    await tx.insert(sessions).values({
      id,
      subjectKind: subject.kind,
      subjectId: Number(subject.claims.sub),
      expiresAt,
      userAgent: device.userAgent,
      deviceLabel: label,
      ipAddress: device.ipAddress,
      endLinkHash: endLink?.hash ?? null,
      secondFactorAt: secondFactor ? sql`now()` : null,
    });
    if (endLink)
      await mailNewDevice(tx, deps, { sessionId: id, subject, label, ipAddress: device.ipAddress, token: endLink.token });
    return issueTokens(deps, tx, subject, { id, expiresAt });
  });
}

/** Signs an access token carrying the session id and stores a refresh token ending with the session. */
async function issueTokens(
  deps: AppDeps,
  db: DbOrTx,
  subject: SessionSubject,
  session: { id: string; expiresAt: Date },
): Promise<SessionTokens> {
  const refresh = newOpaqueToken();
  await db.insert(refreshTokens).values({
    tokenHash: refresh.hash,
    familyId: session.id,
    subjectKind: subject.kind,
    subjectId: Number(subject.claims.sub),
    expiresAt: session.expiresAt,
  });
  const accessToken = await deps.signer.sign(areaOf[subject.kind], { ...subject.claims, sid: session.id });
  return { accessToken, refreshToken: refresh.token };
}

/**
 * Rotates a refresh token: it is spent in one conditional UPDATE joined to its session (so two
 * concurrent uses cannot both win, and a revoked or ended session gives nothing, on PGlite as on
 * PostgreSQL). A token presented again after it was spent means it leaked: its whole session is
 * revoked and the caller must sign in again.
 */
export async function rotateRefreshToken(deps: AppDeps, token: string): Promise<SessionTokens> {
  const tokenHash = hashToken(token);
  const [spent] = await deps.db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .from(sessions)
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
        eq(sessions.id, refreshTokens.familyId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .returning({
      familyId: refreshTokens.familyId,
      subjectKind: refreshTokens.subjectKind,
      subjectId: refreshTokens.subjectId,
      sessionEnd: sessions.expiresAt,
      secondFactorAt: sessions.secondFactorAt,
    });

  if (!spent) {
    const [known] = await deps.db
      .select({ familyId: refreshTokens.familyId, usedAt: refreshTokens.usedAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash));
    if (known?.usedAt) await revokeFamily(deps, known.familyId);
    throw errors.invalidRefreshToken();
  }

  const subject = await findSessionSubject(deps.db, spent.subjectKind, spent.subjectId);
  // Fail closed: a session opened by a password alone gives no new token to an account that must
  // now use a second factor (its role joined the setting, or the account was marked): sign in again.
  if (!subject || (spent.secondFactorAt === null && subject.staff && deps.secondFactorRequired(subject.staff))) {
    await revokeFamily(deps, spent.familyId);
    throw errors.invalidRefreshToken();
  }
  // The session's last use as "Mes connexions" shows it: written here, about every 15 minutes of
  // use, rather than by every request (docs/decisions.md).
  await deps.db.update(sessions).set({ lastUsedAt: sql`now()` }).where(eq(sessions.id, spent.familyId));
  return issueTokens(deps, deps.db, subject, { id: spent.familyId, expiresAt: spent.sessionEnd });
}

/** Ends one session: its access tokens stop working at the next request, its refresh tokens too. */
export async function revokeFamily(deps: AppDeps, familyId: string) {
  await revokeSessions(deps, eq(sessions.id, familyId));
}

/** Ends every session of an account but the one given (after a password or email change). */
export async function revokeOtherSessions(deps: AppDeps, kind: SubjectKind, subjectId: number, keepFamilyId: string | null) {
  await revokeSessions(
    deps,
    and(
      eq(sessions.subjectKind, kind),
      eq(sessions.subjectId, subjectId),
      keepFamilyId ? ne(sessions.id, keepFamilyId) : undefined,
    ),
  );
}

/** Ends every session of an account (after a password reset). */
export async function revokeAllSessions(deps: AppDeps, kind: SubjectKind, subjectId: number) {
  await revokeSessions(deps, and(eq(sessions.subjectKind, kind), eq(sessions.subjectId, subjectId)));
}

/**
 * The session row is what every request checks; its refresh tokens are revoked as well so that
 * nothing of the session is left usable even on its own. Answers the sessions it ended (those
 * still open), on `db`: the caller's transaction when the ending is audited with it.
 */
export async function endSessionsWhere(db: DbOrTx, which: SQL | undefined) {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(which, isNull(sessions.revokedAt)))
    .returning({ id: sessions.id, subjectKind: sessions.subjectKind, subjectId: sessions.subjectId });
  if (revoked.length === 0) return revoked;
  const ids = revoked.map((s) => s.id);
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(inArray(refreshTokens.familyId, ids), isNull(refreshTokens.revokedAt)));
  return revoked;
}

async function revokeSessions(deps: AppDeps, which: SQL | undefined) {
  await endSessionsWhere(deps.db, which);
}

/**
 * Sign-out: ends the session of the caller's access token and/or of the refresh token given.
 * Unknown, spent or expired tokens are simply nothing to end.
 */
export async function endSession({ deps, caller }: PublicContext, refreshToken: string | undefined) {
  const sessionId = caller?.sessionId ?? null;
  if (sessionId) await revokeFamily(deps, sessionId);
  if (!refreshToken) return;
  const [known] = await deps.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
  if (known && known.familyId !== sessionId) await revokeFamily(deps, known.familyId);
}
