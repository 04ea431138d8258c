import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { passkeys, type SubjectKind, secondFactors, sessions } from '../../db/schema/index.js';

/**
 * An account's sign-ins (sessions, devices), passkeys and second factor, as their owner sees them
 * on "Mes connexions" and "Sécurité du compte": names and dates only, never a key, a secret, a
 * token or its hash.
 */
export async function accountSecurity(db: DbOrTx, kind: SubjectKind, id: number) {
  const sessionRows = await db
    .select({
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      deviceLabel: sessions.deviceLabel,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
    })
    .from(sessions)
    .where(and(eq(sessions.subjectKind, kind), eq(sessions.subjectId, id)))
    .orderBy(desc(sessions.createdAt));
  const passkeyRows = await db
    .select({ name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(and(eq(passkeys.subjectKind, kind), eq(passkeys.subjectId, id)))
    .orderBy(desc(passkeys.createdAt));
  const [factor] = await db
    .select({ enabledAt: secondFactors.totpEnabledAt })
    .from(secondFactors)
    .where(and(eq(secondFactors.subjectKind, kind), eq(secondFactors.subjectId, id)));
  return {
    sessions: sessionRows,
    passkeys: passkeyRows,
    secondFactor: { authenticatorApp: factor?.enabledAt != null, enabledAt: factor?.enabledAt ?? null },
  };
}
