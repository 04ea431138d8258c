import type { EnrolledSession, SecondFactorBody, SecondFactorMethod, SignInAnswer } from '@reseau/contracts';
import { PASSKEY_MESSAGES } from '@reseau/contracts';
import { audit } from '../../kernel/audit.js';
import { AppError, errors } from '../../lib/errors.js';
import type { PublicContext } from '../../lib/request-context.js';
import type { SessionDevice } from '../auth/device.js';
import { issueSession } from '../auth/sessions.js';
import { findSessionSubject, type SessionSubject } from '../auth/subjects.js';
import { beginSecondFactor } from '../auth/throttles.js';
import { hasPasskey, verifyPasskeyAnswer } from '../passkeys/service.js';
import { actorOf } from './audit-actor.js';
import { openChallenge, openChallengeOf, spendChallenge } from './challenges.js';
import { confirmTotpSetup, hasTotp, spendTotpCode, startTotpSetup } from './factors.js';
import { type Account, recoveryCodesLeft, replaceRecoveryCodes, spendRecoveryCode } from './recovery-codes.js';
import { totpUri } from './totp.js';

const accountOf = (subject: SessionSubject): Account => ({ kind: subject.kind, id: Number(subject.claims.sub) });

/**
 * After a right password: the spec's tokens for an account without a second factor; the second
 * step for an account with one; the enrolment for a staff account that must have one and has none.
 */
export async function sessionOrSecondStep(
  { deps }: PublicContext,
  subject: SessionSubject,
  device: SessionDevice,
): Promise<SignInAnswer> {
  const account = accountOf(subject);
  const [totp, passkey] = await Promise.all([hasTotp(deps.db, account), hasPasskey(deps.db, account)]);
  if (totp || passkey) {
    const methods: SecondFactorMethod[] = [];
    if (totp) methods.push('totp');
    if ((await recoveryCodesLeft(deps.db, account)) > 0) methods.push('recoveryCode');
    if (passkey) methods.push('passkey');
    return { secondFactorChallenge: { ...(await openChallenge(deps.db, 'sign_in', account)), methods } };
  }
  if (subject.staff && deps.secondFactorRequired(subject.staff)) {
    return { secondFactorSetupRequired: await openChallenge(deps.db, 'setup', account) };
  }
  return issueSession(deps, subject, device);
}

/** A passkey's answer, of this very account (another account's passkey is no proof for this one). */
async function passkeyOfAccount(ctx: PublicContext, account: Account, answer: NonNullable<SecondFactorBody['passkey']>) {
  try {
    const { subjectId } = await verifyPasskeyAnswer(ctx, account.kind, answer);
    return subjectId === account.id;
  } catch (error) {
    if (error instanceof AppError && (error.code === 'passkey_rejected' || error.code === 'passkey_challenge_expired'))
      return false;
    throw error;
  }
}

/** The account of a challenge, still allowed to sign in (active, verified): else sign in again. */
async function subjectOf({ deps }: PublicContext, account: Account) {
  const subject = await findSessionSubject(deps.db, account.kind, account.id);
  if (!subject) throw errors.secondFactorChallengeExpired();
  return subject;
}

const signInAction = (account: Account) => (account.kind === 'admin' ? 'auth.admin_sign_in' : 'auth.client_sign_in');

/**
 * POST /auth/second-factor: a code of the app or one recovery code, throttled per account as the
 * password is (the route adds the limit per address). The code is spent before the challenge, so a
 * typing error leaves the challenge open for another try.
 */
export async function answerChallenge(ctx: PublicContext, body: SecondFactorBody, device: SessionDevice) {
  const { deps, ip } = ctx;
  const challenge = await openChallengeOf(deps.db, body.challengeToken, 'sign_in');
  const { account } = challenge;
  const attempt = await beginSecondFactor(deps, account.kind, account.id);
  const method: SecondFactorMethod = body.code !== undefined ? 'totp' : body.passkey ? 'passkey' : 'recoveryCode';
  const ok =
    body.code !== undefined
      ? await spendTotpCode(deps.db, account, body.code)
      : body.passkey
        ? await passkeyOfAccount(ctx, account, body.passkey)
        : await spendRecoveryCode(deps.db, account, body.recoveryCode ?? '');
  if (!ok) {
    await attempt.failed();
    await audit(deps.db, { action: 'auth.second_factor_failed', ...actorOf(account), details: { method }, ip });
    throw method === 'passkey'
      ? new AppError('invalid_second_factor', 401, PASSKEY_MESSAGES.notThisAccount)
      : errors.invalidSecondFactor();
  }
  await attempt.succeeded();
  await spendChallenge(deps.db, challenge.id);
  const subject = await subjectOf(ctx, account);
  if (method === 'recoveryCode') await audit(deps.db, { action: 'auth.recovery_code_used', ...actorOf(account), ip });
  await audit(deps.db, { action: signInAction(account), ...actorOf(account), details: { secondFactor: method }, ip });
  return issueSession(deps, subject, device, { secondFactor: true });
}

/** POST /auth/second-factor/totp-setup: the enrolment a required account goes through at sign-in. */
export async function startSetupAtSignIn(ctx: PublicContext, challengeToken: string) {
  const { account } = await openChallengeOf(ctx.deps.db, challengeToken, 'setup');
  const subject = await subjectOf(ctx, account);
  const secret = await startTotpSetup(ctx.deps.db, account);
  return { secret, otpauthUri: totpUri(secret, subject.claims.email_address) };
}

/** POST /auth/second-factor/totp-setup:confirm: the app is on, the recovery codes shown once, signed in. */
export async function confirmSetupAtSignIn(
  ctx: PublicContext,
  challengeToken: string,
  code: string,
  device: SessionDevice,
): Promise<EnrolledSession> {
  const { deps, ip } = ctx;
  const challenge = await openChallengeOf(deps.db, challengeToken, 'setup');
  const { account } = challenge;
  const subject = await subjectOf(ctx, account);
  const attempt = await beginSecondFactor(deps, account.kind, account.id);
  const recoveryCodes = await deps.db
    .transaction(async (tx) => {
      await confirmTotpSetup(tx, account, code);
      await spendChallenge(tx, challenge.id);
      const codes = await replaceRecoveryCodes(tx, account);
      await audit(tx, { action: 'auth.second_factor_enabled', ...actorOf(account), details: { method: 'totp' }, ip });
      await audit(tx, { action: 'auth.recovery_codes_generated', ...actorOf(account), ip });
      return codes;
    })
    .catch(async (error: unknown) => {
      if (error instanceof AppError && error.code === 'invalid_second_factor') {
        await attempt.failed();
        await audit(deps.db, { action: 'auth.second_factor_failed', ...actorOf(account), details: { method: 'totp' }, ip });
      }
      throw error;
    });
  await attempt.succeeded();
  await audit(deps.db, { action: signInAction(account), ...actorOf(account), details: { secondFactor: 'totp' }, ip });
  return { ...(await issueSession(deps, subject, device, { secondFactor: true })), recoveryCodes };
}
