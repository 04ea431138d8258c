import { randomUUID } from 'node:crypto';
import type { AccessTokenClaims, Area, SessionTokens } from '@reseau/contracts';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { hashToken, newOpaqueToken } from '../../auth/tokens.js';
import { refreshTokens, type SubjectKind } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import type { AppDeps } from '../../lib/http.js';
import { findSessionSubject } from './subjects.js';

const areaOf: Record<SubjectKind, Area> = { admin: 'intranet', client: 'extranet' };

/** Signs an access token and stores a new refresh token (a new family unless one is given). */
export async function issueSession(
  deps: AppDeps,
  subject: { kind: SubjectKind; claims: AccessTokenClaims },
  familyId: string = randomUUID(),
): Promise<SessionTokens> {
  const refresh = newOpaqueToken();
  await deps.db.insert(refreshTokens).values({
    tokenHash: refresh.hash,
    familyId,
    subjectKind: subject.kind,
    subjectId: Number(subject.claims.sub),
    expiresAt: new Date(Date.now() + deps.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
  });
  const accessToken = await deps.signer.sign(areaOf[subject.kind], { ...subject.claims, sid: familyId });
  return { accessToken, refreshToken: refresh.token };
}

/**
 * Rotates a refresh token: it is spent in one conditional UPDATE (so two concurrent uses cannot
 * both win, on PGlite as on PostgreSQL). A token presented again after it was spent means it
 * leaked: its whole family is revoked and the caller must sign in again.
 */
export async function rotateRefreshToken(deps: AppDeps, token: string): Promise<SessionTokens> {
  const tokenHash = hashToken(token);
  const [spent] = await deps.db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ familyId: refreshTokens.familyId, subjectKind: refreshTokens.subjectKind, subjectId: refreshTokens.subjectId });

  if (!spent) {
    const [known] = await deps.db
      .select({ familyId: refreshTokens.familyId, usedAt: refreshTokens.usedAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash));
    if (known?.usedAt) await revokeFamily(deps, known.familyId);
    throw errors.invalidRefreshToken();
  }

  const subject = await findSessionSubject(deps.db, spent.subjectKind, spent.subjectId);
  if (!subject) {
    await revokeFamily(deps, spent.familyId);
    throw errors.invalidRefreshToken();
  }
  return issueSession(deps, subject, spent.familyId);
}

async function revokeFamily(deps: AppDeps, familyId: string) {
  await deps.db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Ends every session of an account but the one given (after a password change). */
export async function revokeOtherSessions(deps: AppDeps, kind: SubjectKind, subjectId: number, keepFamilyId: string | null) {
  await deps.db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.subjectKind, kind),
        eq(refreshTokens.subjectId, subjectId),
        isNull(refreshTokens.revokedAt),
        keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined,
      ),
    );
}

/** Ends every session of an account (after a password reset). */
export async function revokeAllSessions(deps: AppDeps, kind: SubjectKind, subjectId: number) {
  await deps.db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.subjectKind, kind), eq(refreshTokens.subjectId, subjectId), isNull(refreshTokens.revokedAt)));
}
