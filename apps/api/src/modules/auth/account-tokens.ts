import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { hashToken, newOpaqueToken } from '../../auth/tokens.js';
import type { DbOrTx } from '../../db/client.js';
import { type AccountTokenPurpose, accountTokens, type SubjectKind } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';

/** How long each mailed link stays valid. */
const TTL_MS: Record<AccountTokenPurpose, number> = {
  password_reset: 60 * 60 * 1000,
  connection_link: 7 * 24 * 60 * 60 * 1000,
  email_verification: 24 * 60 * 60 * 1000,
  email_change: 24 * 60 * 60 * 1000,
  contract_email_change: 24 * 60 * 60 * 1000,
};

/**
 * Creates a single-use token for a mailed link. Earlier unused links of the same purpose for the
 * same account stop working: only the newest mail counts.
 */
export async function createAccountToken(
  db: DbOrTx,
  opts: { purpose: AccountTokenPurpose; subjectKind: SubjectKind; subjectId: number; payload?: Record<string, string> },
): Promise<string> {
  await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.subjectKind, opts.subjectKind),
        eq(accountTokens.subjectId, opts.subjectId),
        eq(accountTokens.purpose, opts.purpose),
        isNull(accountTokens.usedAt),
      ),
    );
  const { token, hash } = newOpaqueToken();
  await db.insert(accountTokens).values({
    tokenHash: hash,
    purpose: opts.purpose,
    subjectKind: opts.subjectKind,
    subjectId: opts.subjectId,
    payload: opts.payload ?? {},
    expiresAt: new Date(Date.now() + TTL_MS[opts.purpose]),
  });
  return token;
}

/**
 * Spends a token in one conditional UPDATE: unknown, used, expired or of another purpose are
 * all the same "invalid link" to the caller.
 */
export async function consumeAccountToken(db: DbOrTx, token: string, subjectKind: SubjectKind, purposes: AccountTokenPurpose[]) {
  if (token.length > 128) throw errors.invalidToken();
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.subjectKind, subjectKind),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
        sql`${accountTokens.purpose} in ${purposes}`,
      ),
    )
    .returning();
  if (!row) throw errors.invalidToken();
  return row;
}
