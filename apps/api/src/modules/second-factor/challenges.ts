import { SECOND_FACTOR_CHALLENGE_MINUTES } from '@reseau/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { hashToken, newOpaqueToken } from '../../auth/tokens.js';
import type { DbOrTx } from '../../db/client.js';
import { type SecondFactorChallengePurpose, secondFactorChallenges } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import type { Account } from './recovery-codes.js';

/** Opens the second step of a sign-in: only the token's hash is stored. */
export async function openChallenge(db: DbOrTx, purpose: SecondFactorChallengePurpose, account: Account) {
  const { token, hash } = newOpaqueToken();
  const expiresAt = new Date(Date.now() + SECOND_FACTOR_CHALLENGE_MINUTES * 60_000);
  await db
    .insert(secondFactorChallenges)
    .values({ tokenHash: hash, purpose, subjectKind: account.kind, subjectId: account.id, expiresAt });
  return { challengeToken: token, expiresAt: expiresAt.toISOString() };
}

/** The open challenge of that token and purpose (unused, not expired), or the refusal that says to sign in again. */
export async function openChallengeOf(db: DbOrTx, token: string, purpose: SecondFactorChallengePurpose) {
  const [row] = await db
    .select()
    .from(secondFactorChallenges)
    .where(
      and(
        eq(secondFactorChallenges.tokenHash, hashToken(token)),
        eq(secondFactorChallenges.purpose, purpose),
        isNull(secondFactorChallenges.usedAt),
        gt(secondFactorChallenges.expiresAt, sql`now()`),
      ),
    );
  if (!row) throw errors.secondFactorChallengeExpired();
  return { id: row.id, account: { kind: row.subjectKind, id: row.subjectId } satisfies Account };
}

/** Spends it once: of two requests answering one challenge, one gets the row back. */
export async function spendChallenge(db: DbOrTx, id: number) {
  const spent = await db
    .update(secondFactorChallenges)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(secondFactorChallenges.id, id),
        isNull(secondFactorChallenges.usedAt),
        gt(secondFactorChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: secondFactorChallenges.id });
  if (spent.length !== 1) throw errors.secondFactorChallengeExpired();
}
