import { randomUUID } from 'node:crypto';
import { PASSKEY_MESSAGES } from '@reseau/contracts';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { passkeyChallenges, type SubjectKind } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

/** Long enough to touch a security key or unlock a phone, short enough not to be kept. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;

type Purpose = 'registration' | 'sign_in';

export const challengeExpired = () => new AppError('passkey_challenge_expired', 400, PASSKEY_MESSAGES.challengeExpired);

/** Stores a challenge just handed to the browser; answers its id. Old ones go on the way. */
export async function keepChallenge(
  db: DbOrTx,
  challenge: string,
  purpose: Purpose,
  subject: { kind: SubjectKind; id: number | null },
) {
  const id = randomUUID();
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, sql`now()`));
  await db.insert(passkeyChallenges).values({
    id,
    challenge,
    purpose,
    subjectKind: subject.kind,
    subjectId: subject.id,
    expiresAt: new Date(Date.now() + PASSKEY_CHALLENGE_TTL_MS),
  });
  return id;
}

/**
 * Spends a challenge: deleted by the one answer that gets it, so two answers racing with the same
 * challenge make one success. Refused when expired, of another purpose or another account.
 */
export async function spendChallenge(
  db: DbOrTx,
  id: string,
  purpose: Purpose,
  subject: { kind: SubjectKind; id: number | null },
) {
  const [row] = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.id, id),
        eq(passkeyChallenges.purpose, purpose),
        eq(passkeyChallenges.subjectKind, subject.kind),
        subject.id === null ? isNull(passkeyChallenges.subjectId) : eq(passkeyChallenges.subjectId, subject.id),
        gt(passkeyChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ challenge: passkeyChallenges.challenge });
  if (!row) throw challengeExpired();
  return row.challenge;
}
