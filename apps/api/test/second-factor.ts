import { and, eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { secondFactorChallenges, secondFactors } from '../src/db/schema/index.js';
import { replaceRecoveryCodes } from '../src/modules/second-factor/recovery-codes.js';
import { newTotpSecret } from '../src/modules/second-factor/totp.js';
import { PASSWORD, type TestApp } from './helper.js';

/** A code of `secret` at `at` (now by default), as the user's app shows it. */
export const codeOf = (secret: string, at = Date.now()) => generateSync({ secret, epoch: Math.floor(at / 1000) });

/** An account with an app already on (no step used yet) and its 10 recovery codes. */
export async function enrolled(t: TestApp, kind: 'admin' | 'client', id: number) {
  const secret = newTotpSecret();
  await t.db.insert(secondFactors).values({ subjectKind: kind, subjectId: id, totpSecret: secret, totpEnabledAt: new Date() });
  const recoveryCodes = await replaceRecoveryCodes(t.db, { kind, id });
  return { secret, recoveryCodes };
}

/** POST /auth/admin or /auth/client with the factories' password. */
export const signIn = (t: TestApp, area: 'admin' | 'client', emailAddress: string, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: `/api/auth/${area}`, payload: { emailAddress, password: PASSWORD }, remoteAddress: ip });

export const secondStep = (t: TestApp, payload: object, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/second-factor', payload, remoteAddress: ip });

/** The challenge token a sign-in answered (its second step or its enrolment). */
export async function challengeOf(t: TestApp, area: 'admin' | 'client', emailAddress: string): Promise<string> {
  const res = await signIn(t, area, emailAddress);
  const body = res.json();
  const token = body.secondFactorChallenge?.challengeToken ?? body.secondFactorSetupRequired?.challengeToken;
  if (!token) throw new Error(`no challenge: ${res.body}`);
  return token;
}

/** Moves every open challenge's end to the past (the 5 minutes are over). */
export const expireChallenges = (t: TestApp, kind: 'admin' | 'client', id: number) =>
  t.db
    .update(secondFactorChallenges)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(and(eq(secondFactorChallenges.subjectKind, kind), eq(secondFactorChallenges.subjectId, id)));
