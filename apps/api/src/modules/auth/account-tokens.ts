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
 * First-connection requests each keep their own link: the password chosen with a request is
 * checked when its link is followed, so a later request (perhaps a stranger's) must not cancel
 * the customer's own.
 */
const EACH_LINK_COUNTS: ReadonlySet<AccountTokenPurpose> = new Set(['email_verification']);

/** Wrong passwords a first-connection link takes before it is spent. */
export const MAX_LINK_ATTEMPTS = 5;

/**
 * Creates a single-use token for a mailed link. For every purpose but first connection, earlier
 * unused links of the same purpose for the same account stop working: only the newest mail counts.
 */
export async function createAccountToken(
  db: DbOrTx,
  opts: { purpose: AccountTokenPurpose; subjectKind: SubjectKind; subjectId: number; payload?: Record<string, string> },
): Promise<string> {
  if (!EACH_LINK_COUNTS.has(opts.purpose)) await spendPendingTokens(db, opts.subjectKind, opts.subjectId, opts.purpose);
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

/** Every unused link of one purpose for one account stops working. */
export async function spendPendingTokens(db: DbOrTx, subjectKind: SubjectKind, subjectId: number, purpose: AccountTokenPurpose) {
  await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.subjectKind, subjectKind),
        eq(accountTokens.subjectId, subjectId),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
      ),
    );
}

const usable = (token: string, subjectKind: SubjectKind, purposes: AccountTokenPurpose[]) =>
  and(
    eq(accountTokens.tokenHash, hashToken(token)),
    eq(accountTokens.subjectKind, subjectKind),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, sql`now()`),
    sql`${accountTokens.purpose} in ${purposes}`,
  );

/**
 * Spends a token in one conditional UPDATE: unknown, used, expired or of another purpose are
 * all the same "invalid link" to the caller.
 */
export async function consumeAccountToken(db: DbOrTx, token: string, subjectKind: SubjectKind, purposes: AccountTokenPurpose[]) {
  if (token.length > 128) throw errors.invalidToken();
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(usable(token, subjectKind, purposes))
    .returning();
  if (!row) throw errors.invalidToken();
  return row;
}

/** A usable token, read without spending it (to know what it needs before it is spent). */
export async function findAccountToken(db: DbOrTx, token: string, subjectKind: SubjectKind, purposes: AccountTokenPurpose[]) {
  if (token.length > 128) throw errors.invalidToken();
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(usable(token, subjectKind, purposes));
  if (!row) throw errors.invalidToken();
  return row;
}

/**
 * Counts a wrong answer on a link in one conditional UPDATE (concurrent tries each count); the
 * MAX_LINK_ATTEMPTS-th spends it. False when the link was already spent meanwhile.
 */
export async function recordWrongAttempt(db: DbOrTx, tokenId: number): Promise<boolean> {
  const attempts = sql`coalesce((${accountTokens.payload}->>'attempts')::int, 0) + 1`;
  const counted = await db
    .update(accountTokens)
    .set({
      // The payload holds strings only (see the schema): the count is kept as text.
      payload: sql`jsonb_set(${accountTokens.payload}, '{attempts}', to_jsonb((${attempts})::text))`,
      usedAt: sql`case when ${attempts} >= ${MAX_LINK_ATTEMPTS} then now() end`,
    })
    .where(and(eq(accountTokens.id, tokenId), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, sql`now()`)))
    .returning({ id: accountTokens.id });
  return counted.length > 0;
}
