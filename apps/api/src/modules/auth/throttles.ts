import { createHash } from 'node:crypto';
import { THROTTLE_MESSAGES } from '@reseau/contracts';
import type { AppDeps } from '../../app-deps.js';
import { RetryLaterError } from '../../lib/errors.js';

const MINUTE = 60_000;

/** Keys carry a digest of the address, never the address itself (Redis is shared, keys get listed). */
const mailbox = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);

/** What a log may say about an address: enough to recognise it, not to write to it. */
export const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@');
  return `${local.slice(0, 1)}***@${domain}`;
};

/** A wait in whole minutes, at least 1, as the messages say it. */
const minutesOf = (ms: number) => Math.max(1, Math.ceil(ms / MINUTE));
const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

// Sign-in backoff: 5 failures free, then one try per lock of 1, 2, 4, 8 and at most 15 minutes.
const FREE_FAILURES = 5;
const FAILURE_MEMORY_MS = 15 * MINUTE;
const FIRST_LOCK_MS = MINUTE;
const MAX_LOCK_MS = 15 * MINUTE;
const lockAfter = (failures: number) =>
  failures < FREE_FAILURES ? 0 : Math.min(FIRST_LOCK_MS * 2 ** (failures - FREE_FAILURES), MAX_LOCK_MS);

const accountLocked = (ms: number) => new RetryLaterError(THROTTLE_MESSAGES.accountLocked(minutesOf(ms)), retryAfterSeconds(ms));

export interface SignInAttempt {
  succeeded(): Promise<void>;
  failed(): Promise<void>;
}

/**
 * Called before the password is checked (a locked account costs no hash). Known and unknown
 * addresses are counted alike, so the lock tells nothing about which exist. The attempt is
 * counted as a failure up front: concurrent attempts each get their own rank, and past the free
 * ones only the attempt that takes the new lock goes on to the password check.
 */
export async function beginSignIn(deps: AppDeps, area: 'admin' | 'client', email: string): Promise<SignInAttempt> {
  return beginAttempt(deps, `${area}:${mailbox(email)}`);
}

/**
 * The second step of a sign-in and the confirmations by a code (issue 27): the same backoff as
 * the password, counted per account on its own key, so that a stolen password does not also give
 * a million tries at six digits.
 */
export async function beginSecondFactor(deps: AppDeps, kind: 'admin' | 'client', accountId: number): Promise<SignInAttempt> {
  return beginAttempt(deps, `second-factor:${kind}:${accountId}`);
}

async function beginAttempt(deps: AppDeps, account: string): Promise<SignInAttempt> {
  const failuresKey = `sign-in-failures:${account}`;
  const lockKey = `sign-in-lock:${account}`;
  const [lock, previous] = await Promise.all([deps.throttle.get(lockKey), deps.throttle.get(failuresKey)]);
  if (lock) throw accountLocked(lock.resetInMs);

  // The failures are remembered for 15 minutes after the last one, lock included.
  const memoryMs = FAILURE_MEMORY_MS + lockAfter((previous?.count ?? 0) + 1);
  const { count } = await deps.throttle.hit(failuresKey, memoryMs, { sliding: true });
  if (count > FREE_FAILURES) {
    const claim = await deps.throttle.hit(lockKey, lockAfter(count));
    if (claim.count > 1) throw accountLocked(claim.resetInMs);
  }
  return {
    async succeeded() {
      await Promise.all([deps.throttle.reset(failuresKey), deps.throttle.reset(lockKey)]);
    },
    async failed() {
      // Later failures took their lock before the check (above).
      if (count === FREE_FAILURES) await deps.throttle.hit(lockKey, lockAfter(count));
    },
  };
}

/** The mails a mailbox may receive a few of an hour, each family counted on its own. */
export type MailFamily = 'password' | 'email_verification' | 'email_change' | 'contract_email_change';
const MAILS_PER_HOUR = 3;

/** Counts one mail of the family to the address; null when allowed, otherwise the time to wait. */
async function takeMailQuota(deps: AppDeps, family: MailFamily, to: string): Promise<number | null> {
  const { count, resetInMs } = await deps.throttle.hit(`mail:${family}:${mailbox(to)}`, 60 * MINUTE);
  return count > MAILS_PER_HOUR ? resetInMs : null;
}

/** For mails asked by someone who gets an answer about them: 429 past the quota. */
export async function assertMailQuota(deps: AppDeps, family: MailFamily, to: string) {
  const waitMs = await takeMailQuota(deps, family, to);
  if (waitMs !== null) {
    throw new RetryLaterError(THROTTLE_MESSAGES.tooManyMails(minutesOf(waitMs)), retryAfterSeconds(waitMs));
  }
}

/** For mails whose answer must not tell anything (forgotten password): false past the quota, logged. */
export async function mailQuotaAllows(
  deps: AppDeps,
  family: MailFamily,
  to: string,
  log: { warn: (obj: object, msg: string) => void },
): Promise<boolean> {
  const waitMs = await takeMailQuota(deps, family, to);
  if (waitMs === null) return true;
  log.warn({ family, recipient: maskEmail(to) }, 'mail quota reached: mail not sent');
  return false;
}
