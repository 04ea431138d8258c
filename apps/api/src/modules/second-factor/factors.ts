import { SECOND_FACTOR_MESSAGES } from '@reseau/contracts';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { secondFactors } from '../../db/schema/index.js';
import { AppError, errors } from '../../lib/errors.js';
import { type Account, dropRecoveryCodes } from './recovery-codes.js';
import { matchedStep, newTotpSecret } from './totp.js';

const ofAccount = (account: Account) => and(eq(secondFactors.subjectKind, account.kind), eq(secondFactors.subjectId, account.id));

export async function findFactor(db: DbOrTx, account: Account) {
  const [row] = await db.select().from(secondFactors).where(ofAccount(account));
  return row ?? null;
}

/** Whether the account signs in with an authenticator app. */
export async function hasTotp(db: DbOrTx, account: Account): Promise<boolean> {
  return (await findFactor(db, account))?.totpEnabledAt != null;
}

/**
 * Spends a code of the account's app: the step it belongs to must be later than the last one
 * accepted, and the UPDATE that records it is conditional on that, so of two requests with the
 * same code (or two codes of one window) only one gets the row back.
 */
export async function spendTotpCode(db: DbOrTx, account: Account, code: string): Promise<boolean> {
  const factor = await findFactor(db, account);
  if (!factor?.totpSecret || !factor.totpEnabledAt) return false;
  const step = await matchedStep(factor.totpSecret, code, factor.lastTotpStep);
  if (step === null) return false;
  const spent = await db
    .update(secondFactors)
    .set({ lastTotpStep: step })
    .where(and(ofAccount(account), sql`${secondFactors.totpEnabledAt} is not null`, lt(secondFactors.lastTotpStep, step)))
    .returning({ id: secondFactors.id });
  return spent.length === 1;
}

const alreadyEnabled = () => new AppError('conflict', 409, SECOND_FACTOR_MESSAGES.alreadyEnabled);

/** Starts an enrolment: a new secret kept as pending (a setup shown again replaces it). */
export async function startTotpSetup(db: DbOrTx, account: Account): Promise<string> {
  if (await hasTotp(db, account)) throw alreadyEnabled();
  const secret = newTotpSecret();
  const [row] = await db
    .insert(secondFactors)
    .values({ subjectKind: account.kind, subjectId: account.id, pendingTotpSecret: secret })
    .onConflictDoUpdate({
      target: [secondFactors.subjectKind, secondFactors.subjectId],
      set: { pendingTotpSecret: secret },
      setWhere: isNull(secondFactors.totpEnabledAt),
    })
    .returning({ id: secondFactors.id });
  if (!row) throw alreadyEnabled();
  return secret;
}

/**
 * Ends an enrolment with a code of the pending secret: it becomes the account's, and the code's
 * step is recorded as used. Conditional on no app being active yet (two confirmations: one wins).
 */
export async function confirmTotpSetup(tx: DbOrTx, account: Account, code: string) {
  const factor = await findFactor(tx, account);
  if (factor?.totpEnabledAt) throw alreadyEnabled();
  if (!factor?.pendingTotpSecret) throw new AppError('conflict', 409, SECOND_FACTOR_MESSAGES.setupNotStarted);
  const step = await matchedStep(factor.pendingTotpSecret, code, 0);
  if (step === null) throw errors.invalidSecondFactor();
  const [enabled] = await tx
    .update(secondFactors)
    .set({ totpSecret: factor.pendingTotpSecret, pendingTotpSecret: null, totpEnabledAt: sql`now()`, lastTotpStep: step })
    .where(
      and(ofAccount(account), isNull(secondFactors.totpEnabledAt), eq(secondFactors.pendingTotpSecret, factor.pendingTotpSecret)),
    )
    .returning({ id: secondFactors.id });
  if (!enabled) throw alreadyEnabled();
}

/** Removes the app and the recovery codes (the account signs in with its password alone again). */
export async function removeSecondFactor(tx: DbOrTx, account: Account): Promise<boolean> {
  const removed = await tx.delete(secondFactors).where(ofAccount(account)).returning({ enabledAt: secondFactors.totpEnabledAt });
  await dropRecoveryCodes(tx, account);
  return removed.some((r) => r.enabledAt !== null);
}
