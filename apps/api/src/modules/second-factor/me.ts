import type { SecondFactorConfirmation, SecondFactorStatus } from '@reseau/contracts';
import { SECOND_FACTOR_MESSAGES } from '@reseau/contracts';
import { eq, sql } from 'drizzle-orm';
import { verifyPassword } from '../../auth/passwords.js';
import type { Principal } from '../../auth/principal.js';
import { admins, clients, sessions } from '../../db/schema/index.js';
import { audit } from '../../kernel/audit.js';
import { AppError, errors } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { beginSecondFactor } from '../auth/throttles.js';
import { actorOf } from './audit-actor.js';
import { confirmTotpSetup, findFactor, removeSecondFactor, spendTotpCode, startTotpSetup } from './factors.js';
import { assertMayChangeOwnSecondFactor } from './policy.js';
import { type Account, recoveryCodesLeft, replaceRecoveryCodes } from './recovery-codes.js';
import { totpUri } from './totp.js';

const accountOf = (caller: Principal): Account =>
  caller.kind === 'admin' ? { kind: 'admin', id: caller.adminId } : { kind: 'client', id: caller.clientId };

/** The caller's own row: its address (the app's label), password and whether it must keep a factor. */
async function ownAccount({ db, deps, caller }: RequestContext) {
  if (caller.kind === 'client') {
    const [row] = await db.select().from(clients).where(eq(clients.id, caller.clientId));
    if (!row) throw errors.unauthenticated();
    return { email: row.emailAddress, passwordHash: row.passwordHash, required: false };
  }
  const [row] = await db.select().from(admins).where(eq(admins.id, caller.adminId));
  if (!row) throw errors.unauthenticated();
  return { email: row.emailAddress, passwordHash: row.passwordHash, required: deps.secondFactorRequired(row) };
}

/** GET /me/second-factor. */
export async function secondFactorStatus(ctx: RequestContext): Promise<SecondFactorStatus> {
  const account = accountOf(ctx.caller);
  const [factor, own, left] = [
    await findFactor(ctx.db, account),
    await ownAccount(ctx),
    await recoveryCodesLeft(ctx.db, account),
  ];
  const enabledAt = factor?.totpEnabledAt ?? null;
  return {
    totpEnabled: enabledAt !== null,
    enabledAt: enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: enabledAt ? left : 0,
    required: own.required,
  };
}

/** POST /me/second-factor/totp: a new secret to scan (not active until a code of it is confirmed). */
export async function startOwnTotp(ctx: RequestContext) {
  assertMayChangeOwnSecondFactor(ctx.caller);
  const own = await ownAccount(ctx);
  const secret = await startTotpSetup(ctx.db, accountOf(ctx.caller));
  return { secret, otpauthUri: totpUri(secret, own.email) };
}

/**
 * POST /me/second-factor/totp:confirm: the app is on and the recovery codes are given once. The
 * session in which the code was typed counts as checked by the second factor from now on.
 */
export async function confirmOwnTotp(ctx: RequestContext, code: string) {
  const { db, deps, caller, ip } = ctx;
  assertMayChangeOwnSecondFactor(caller);
  const account = accountOf(caller);
  const attempt = await beginSecondFactor(deps, account.kind, account.id);
  const recoveryCodes = await db
    .transaction(async (tx) => {
      await confirmTotpSetup(tx, account, code);
      const codes = await replaceRecoveryCodes(tx, account);
      if (caller.sessionId)
        await tx.update(sessions).set({ secondFactorAt: sql`now()` }).where(eq(sessions.id, caller.sessionId));
      await audit(tx, { action: 'auth.second_factor_enabled', ...actorOf(account), details: { method: 'totp' }, ip });
      await audit(tx, { action: 'auth.recovery_codes_generated', ...actorOf(account), ip });
      return codes;
    })
    .catch(async (error: unknown) => {
      if (error instanceof AppError && error.code === 'invalid_second_factor') await attempt.failed();
      throw error;
    });
  await attempt.succeeded();
  return { recoveryCodes };
}

/** The password or a code of the app, checked under the same throttle as the second step. */
async function assertConfirmed(ctx: RequestContext, body: SecondFactorConfirmation, passwordHash: string | null) {
  const account = accountOf(ctx.caller);
  const attempt = await beginSecondFactor(ctx.deps, account.kind, account.id);
  const ok =
    body.code !== undefined
      ? await spendTotpCode(ctx.db, account, body.code)
      : await verifyPassword(passwordHash, body.password ?? '');
  if (ok) return attempt.succeeded();
  await attempt.failed();
  await audit(ctx.db, {
    action: 'auth.second_factor_failed',
    ...actorOf(account),
    details: { method: body.code !== undefined ? 'totp' : 'password' },
    ip: ctx.ip,
  });
  throw body.code !== undefined
    ? errors.invalidSecondFactor()
    : new AppError('invalid_credentials', 401, SECOND_FACTOR_MESSAGES.invalidPassword);
}

const notEnabled = () => new AppError('conflict', 409, SECOND_FACTOR_MESSAGES.notEnabled);

/** DELETE /me/second-factor/totp: refused while the role requires a factor; else app and codes go. */
export async function removeOwnTotp(ctx: RequestContext, body: SecondFactorConfirmation) {
  assertMayChangeOwnSecondFactor(ctx.caller);
  const own = await ownAccount(ctx);
  if (own.required) throw new AppError('second_factor_required', 409, SECOND_FACTOR_MESSAGES.required);
  const account = accountOf(ctx.caller);
  if (!(await findFactor(ctx.db, account))?.totpEnabledAt) throw notEnabled();
  await assertConfirmed(ctx, body, own.passwordHash);
  await ctx.db.transaction(async (tx) => {
    if (!(await removeSecondFactor(tx, account))) throw notEnabled();
    await audit(tx, { action: 'auth.second_factor_removed', ...actorOf(account), details: { method: 'totp' }, ip: ctx.ip });
  });
}

/** POST /me/second-factor/recovery-codes: 10 new codes, the former ones no longer open anything. */
export async function regenerateRecoveryCodes(ctx: RequestContext, body: SecondFactorConfirmation) {
  assertMayChangeOwnSecondFactor(ctx.caller);
  const own = await ownAccount(ctx);
  const account = accountOf(ctx.caller);
  if (!(await findFactor(ctx.db, account))?.totpEnabledAt) throw notEnabled();
  await assertConfirmed(ctx, body, own.passwordHash);
  const recoveryCodes = await ctx.db.transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, account);
    await audit(tx, { action: 'auth.recovery_codes_generated', ...actorOf(account), ip: ctx.ip });
    return codes;
  });
  return { recoveryCodes };
}
