import { IMPERSONATION_HEADER } from '@reseau/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { challengeOf, codeOf, enrolled, expireChallenges, secondStep, signIn } from '../../../test/second-factor.js';
import { auditLog, secondFactorChallenges, sessions } from '../../db/schema/index.js';

// As outside demo mode: roles 1, 2, 3 and the roles managing users must use a second factor.
const t = await buildTestApp({ SECOND_FACTOR_REQUIRED_ROLES: '1,2,3,adherent_users_administration' });

const actions = async (adminId: number) =>
  (await t.db.select().from(auditLog).where(eq(auditLog.actorAdminId, adminId))).map((r) => r.action);

describe('sign-in with a second factor', () => {
  it('an account without one signs in in one step, as the spec says', async () => {
    const technician = await t.buildAdmin({ roleId: 6 });
    const res = await signIn(t, 'admin', technician.emailAddress);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['accessToken', 'refreshToken']);
  });

  it('an account with an app gets a challenge (no token), then the tokens for a right code', async () => {
    const technician = await t.buildAdmin({ roleId: 6 });
    const { secret } = await enrolled(t, 'admin', technician.id);
    const first = await signIn(t, 'admin', technician.emailAddress);
    expect(first.statusCode).toBe(200);
    const { secondFactorChallenge } = first.json();
    expect(first.json().accessToken).toBeUndefined();
    expect(secondFactorChallenge.methods).toEqual(['totp', 'recoveryCode']);
    expect(Date.parse(secondFactorChallenge.expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    // Only the token's hash is stored.
    const [stored] = await t.db
      .select()
      .from(secondFactorChallenges)
      .where(and(eq(secondFactorChallenges.subjectKind, 'admin'), eq(secondFactorChallenges.subjectId, technician.id)));
    expect(stored!.tokenHash).not.toBe(secondFactorChallenge.challengeToken);

    const done = await secondStep(t, { challengeToken: secondFactorChallenge.challengeToken, code: codeOf(secret) });
    expect(done.statusCode).toBe(200);
    expect(done.json().accessToken).toEqual(expect.any(String));
    const [session] = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.subjectKind, 'admin'), eq(sessions.subjectId, technician.id)));
    expect(session!.secondFactorAt).not.toBeNull();
    // The challenge is spent: it opens nothing a second time, even with another right code.
    const again = await secondStep(t, {
      challengeToken: secondFactorChallenge.challengeToken,
      code: codeOf(secret, Date.now() + 30_000),
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('second_factor_challenge_expired');
  });

  it('a wrong code is refused (401) and audited, the challenge stays open for another try', async () => {
    const technician = await t.buildAdmin({ roleId: 6 });
    const { secret } = await enrolled(t, 'admin', technician.id);
    const challengeToken = await challengeOf(t, 'admin', technician.emailAddress);
    const wrong = String((Number(codeOf(secret)) + 1) % 1_000_000).padStart(6, '0');
    const res = await secondStep(t, { challengeToken, code: wrong });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'invalid_second_factor', message: 'Code invalide ou déjà utilisé.' });
    const failed = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorAdminId, technician.id), eq(auditLog.action, 'auth.second_factor_failed')));
    expect(failed).toHaveLength(1);
    expect(JSON.stringify(failed[0]!.details)).not.toContain(wrong);
    expect((await secondStep(t, { challengeToken, code: codeOf(secret) })).statusCode).toBe(200);
  });

  it('two sign-ins with the same code at once: one opens a session, the other is refused', async () => {
    const animator = await t.buildAdmin({ roleId: 3 });
    const { secret } = await enrolled(t, 'admin', animator.id);
    const [a, b] = [await challengeOf(t, 'admin', animator.emailAddress), await challengeOf(t, 'admin', animator.emailAddress)];
    const code = codeOf(secret);
    const answers = await Promise.all([secondStep(t, { challengeToken: a, code }), secondStep(t, { challengeToken: b, code })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    // And the same code later, with a new challenge: still refused.
    const later = await secondStep(t, { challengeToken: await challengeOf(t, 'admin', animator.emailAddress), code });
    expect(later.statusCode).toBe(401);
  });

  it('a recovery code opens once, whatever its case or dash; it is audited', async () => {
    const client = await t.buildClient();
    const { recoveryCodes } = await enrolled(t, 'client', client.id);
    const code = recoveryCodes[0]!;
    const first = await secondStep(t, {
      challengeToken: await challengeOf(t, 'client', client.emailAddress),
      recoveryCode: code.toUpperCase(),
    });
    expect(first.statusCode).toBe(200);
    const reuse = await secondStep(t, {
      challengeToken: await challengeOf(t, 'client', client.emailAddress),
      recoveryCode: code,
    });
    expect(reuse.statusCode).toBe(401);
    const used = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorClientId, client.id), eq(auditLog.action, 'auth.recovery_code_used')));
    expect(used).toHaveLength(1);
  });

  it('the same recovery code sent twice at once opens one session', async () => {
    const technician = await t.buildAdmin({ roleId: 6 });
    const { recoveryCodes } = await enrolled(t, 'admin', technician.id);
    const [a, b] = [
      await challengeOf(t, 'admin', technician.emailAddress),
      await challengeOf(t, 'admin', technician.emailAddress),
    ];
    const answers = await Promise.all([
      secondStep(t, { challengeToken: a, recoveryCode: recoveryCodes[1]! }),
      secondStep(t, { challengeToken: b, recoveryCode: recoveryCodes[1]! }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it("a code of another account's app, an expired challenge or a forged token open nothing", async () => {
    const [one, other] = [await t.buildAdmin({ roleId: 6 }), await t.buildAdmin({ roleId: 6 })];
    await enrolled(t, 'admin', one.id);
    const { secret: otherSecret } = await enrolled(t, 'admin', other.id);
    const challengeToken = await challengeOf(t, 'admin', one.emailAddress);
    expect((await secondStep(t, { challengeToken, code: codeOf(otherSecret) })).statusCode).toBe(401);
    await expireChallenges(t, 'admin', one.id);
    expect((await secondStep(t, { challengeToken, code: codeOf(otherSecret) })).json().code).toBe(
      'second_factor_challenge_expired',
    );
    expect((await secondStep(t, { challengeToken: 'x'.repeat(43), code: '123456' })).statusCode).toBe(400);
  });

  it('bad input: no proof, both proofs, a malformed code', async () => {
    const cases: [object, string][] = [
      [{ challengeToken: 'abc' }, 'code'],
      [{ challengeToken: 'abc', code: '123456', recoveryCode: 'abcde-fghjk' }, 'code'],
      [{ challengeToken: 'abc', code: '12345a' }, 'code'],
      [{ challengeToken: 'abc', recoveryCode: 'short' }, 'recoveryCode'],
      [{ code: '123456' }, 'challengeToken'],
    ];
    for (const [payload, field] of cases) {
      const res = await secondStep(t, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      expect(Object.keys(res.json().errors)).toContain(field);
    }
  });

  it('is throttled per account like the password: past 5 failures the right code waits', async () => {
    const technician = await t.buildAdmin({ roleId: 6 });
    const { secret } = await enrolled(t, 'admin', technician.id);
    const challengeToken = await challengeOf(t, 'admin', technician.emailAddress);
    const wrong = String((Number(codeOf(secret)) + 7) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) expect((await secondStep(t, { challengeToken, code: wrong })).statusCode).toBe(401);
    const locked = await secondStep(t, { challengeToken, code: codeOf(secret) });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
  });
});

describe('a second factor required by the role', () => {
  const enrol = async (challengeToken: string) => {
    const setup = await t.app.inject({ method: 'POST', url: '/api/auth/second-factor/totp-setup', payload: { challengeToken } });
    expect(setup.statusCode).toBe(200);
    return setup.json() as { secret: string; otpauthUri: string };
  };

  it('a network admin without one gets the enrolment, then is signed in with 10 recovery codes', async () => {
    const networkAdmin = await t.buildAdmin({ roleId: 2 });
    const res = await signIn(t, 'admin', networkAdmin.emailAddress);
    expect(res.statusCode).toBe(200);
    expect(res.json().accessToken).toBeUndefined();
    const { challengeToken } = res.json().secondFactorSetupRequired;
    // The enrolment's challenge is not a sign-in's: no code opens a session through /auth/second-factor.
    expect((await secondStep(t, { challengeToken, code: '123456' })).statusCode).toBe(400);

    const { secret, otpauthUri } = await enrol(challengeToken);
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    expect(otpauthUri).toContain(`secret=${secret}`);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/second-factor/totp-setup:confirm',
      payload: { challengeToken, code: codeOf(secret) },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().recoveryCodes).toHaveLength(10);
    expect(done.json().accessToken).toEqual(expect.any(String));
    expect(await actions(networkAdmin.id)).toEqual(
      expect.arrayContaining(['auth.second_factor_enabled', 'auth.recovery_codes_generated', 'auth.admin_sign_in']),
    );
    // The next sign-in asks for a code.
    expect((await signIn(t, 'admin', networkAdmin.emailAddress)).json().secondFactorChallenge).toBeDefined();
  });

  it('a wrong code at the enrolment is refused and nothing is enabled', async () => {
    const director = await t.buildAdmin({ roleId: 4 });
    const challengeToken = (await signIn(t, 'admin', director.emailAddress)).json().secondFactorSetupRequired.challengeToken;
    const { secret } = await enrol(challengeToken);
    const wrong = String((Number(codeOf(secret)) + 3) % 1_000_000).padStart(6, '0');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/second-factor/totp-setup:confirm',
      payload: { challengeToken, code: wrong },
    });
    expect(res.statusCode).toBe(401);
    expect((await signIn(t, 'admin', director.emailAddress)).json().secondFactorSetupRequired).toBeDefined();
  });

  it('the enrolment takes only an enrolment challenge, and refuses bad input', async () => {
    const technician = await t.buildAdmin({ roleId: 6 });
    await enrolled(t, 'admin', technician.id);
    const signInChallenge = await challengeOf(t, 'admin', technician.emailAddress);
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api${url}`, payload });
    expect((await post('/auth/second-factor/totp-setup', { challengeToken: signInChallenge })).statusCode).toBe(400);
    expect((await post('/auth/second-factor/totp-setup', {})).json().code).toBe('validation_failed');
    const malformed = await post('/auth/second-factor/totp-setup:confirm', { challengeToken: 'abc', code: '12' });
    expect(malformed.json()).toMatchObject({ code: 'validation_failed', errors: { code: [expect.any(String)] } });
  });

  it('fails closed: an older session of a password alone gives no request and no refresh', async () => {
    const superAdmin = await t.buildAdmin({ roleId: 1 });
    const old = await t.authHeader(superAdmin);
    const roles = await t.app.inject({ method: 'GET', url: '/api/roles', headers: old });
    expect(roles.statusCode).toBe(401);
    // A session opened by the sign-in before the role required it: its refresh token is refused.
    const tech = await t.buildAdmin({ roleId: 6 });
    const tokens = (await signIn(t, 'admin', tech.emailAddress)).json();
    const { admins } = await import('../../db/schema/index.js');
    await t.db.update(admins).set({ secondFactorRequired: true }).where(eq(admins.id, tech.id));
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: tokens.refreshToken },
    });
    expect(refresh.statusCode).toBe(400);
    expect(refresh.json().code).toBe('invalid_refresh_token');
  });

  it('a session opened with the second factor works', async () => {
    const superAdmin = await t.buildAdmin({ roleId: 1 });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/roles',
      headers: await t.authHeader(superAdmin, 'intranet', { secondFactor: true }),
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('impersonation needs the second factor of the session', () => {
  const asDirector = async (headers: Record<string, string>, directorId: number) =>
    t.app.inject({ method: 'GET', url: '/api/roles', headers: { ...headers, [IMPERSONATION_HEADER]: String(directorId) } });

  it('a role 1 session opened with the second factor may act as another user', async () => {
    const target = await t.buildAdmin({ roleId: 9 });
    const superAdmin = await t.buildAdmin({ roleId: 1 });
    await enrolled(t, 'admin', superAdmin.id);
    const withFactor = await asDirector(await t.authHeader(superAdmin, 'intranet', { secondFactor: true }), target.id);
    expect(withFactor.statusCode).toBe(200);
  });
});

describe('demo-like setting: no role requires a factor', async () => {
  const demo = await buildTestApp({ SECOND_FACTOR_REQUIRED_ROLES: 'none' });

  it('a network admin without a factor signs in in one step and may impersonate', async () => {
    const superAdmin = await demo.buildAdmin({ roleId: 1 });
    const target = await demo.buildAdmin({ roleId: 9 });
    expect((await signIn(demo, 'admin', superAdmin.emailAddress)).json().accessToken).toEqual(expect.any(String));
    const res = await demo.app.inject({
      method: 'GET',
      url: '/api/roles',
      headers: { ...(await demo.authHeader(superAdmin)), [IMPERSONATION_HEADER]: String(target.id) },
    });
    expect(res.statusCode).toBe(200);
  });

  it('one who has a factor may impersonate only from a session that used it', async () => {
    const superAdmin = await demo.buildAdmin({ roleId: 1 });
    const target = await demo.buildAdmin({ roleId: 9 });
    await enrolled(demo, 'admin', superAdmin.id);
    const refused = await demo.app.inject({
      method: 'GET',
      url: '/api/roles',
      headers: { ...(await demo.authHeader(superAdmin)), [IMPERSONATION_HEADER]: String(target.id) },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'impersonation_needs_second_factor',
      message: "Pour vous connecter en tant qu'un autre utilisateur, reconnectez-vous avec votre double authentification.",
    });
    const allowed = await demo.app.inject({
      method: 'GET',
      url: '/api/roles',
      headers: {
        ...(await demo.authHeader(superAdmin, 'intranet', { secondFactor: true })),
        [IMPERSONATION_HEADER]: String(target.id),
      },
    });
    expect(allowed.statusCode).toBe(200);
  });
});
