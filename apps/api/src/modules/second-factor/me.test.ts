import { IMPERSONATION_HEADER } from '@reseau/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller, buildTestApp, PASSWORD } from '../../../test/helper.js';
import { codeOf, enrolled, signIn } from '../../../test/second-factor.js';
import { auditLog, sessions } from '../../db/schema/index.js';

const t = await buildTestApp({ SECOND_FACTOR_REQUIRED_ROLES: '1,2,3' });
const call = apiCaller(t);
const withFactor = async (who: Parameters<typeof t.authHeader>[0]) => t.authHeader(who, 'intranet', { secondFactor: true });

describe('my second factor (Sécurité du compte)', () => {
  it('a customer adds an app: secret, confirm with a code, 10 codes, then signs in in two steps', async () => {
    const client = await t.buildClient();
    expect((await call(client, 'GET', '/me/second-factor')).json()).toEqual({
      totpEnabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      required: false,
    });
    const setup = await call(client, 'POST', '/me/second-factor/totp');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri } = setup.json();
    expect(otpauthUri).toContain(encodeURIComponent(client.emailAddress));
    const confirmed = await call(client, 'POST', '/me/second-factor/totp:confirm', { code: codeOf(secret) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().recoveryCodes).toHaveLength(10);
    const status = (await call(client, 'GET', '/me/second-factor')).json();
    expect(status).toMatchObject({ totpEnabled: true, recoveryCodesLeft: 10, required: false });
    expect((await signIn(t, 'client', client.emailAddress)).json().secondFactorChallenge).toBeDefined();
    // Set up again while on: refused.
    expect((await call(client, 'POST', '/me/second-factor/totp')).statusCode).toBe(409);
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.actorClientId, client.id));
    expect(audited.map((r) => r.action)).toEqual(
      expect.arrayContaining(['auth.second_factor_enabled', 'auth.recovery_codes_generated']),
    );
    expect(JSON.stringify(audited)).not.toContain(secret);
  });

  it('the confirming session counts as checked by the second factor', async () => {
    const technician = await t.buildAdmin({ roleId: 6 });
    const headers = await t.authHeader(technician);
    const { secret } = (await t.app.inject({ method: 'POST', url: '/api/me/second-factor/totp', headers })).json();
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/me/second-factor/totp:confirm',
      headers,
      payload: { code: codeOf(secret) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [session] = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.subjectKind, 'admin'), eq(sessions.subjectId, technician.id)));
    expect(session!.secondFactorAt).not.toBeNull();
  });

  it('a wrong code does not turn it on; confirming before a setup is refused', async () => {
    const technician = await t.buildAdmin({ roleId: 6 });
    expect((await call(technician, 'POST', '/me/second-factor/totp:confirm', { code: '123456' })).statusCode).toBe(409);
    const { secret } = (await call(technician, 'POST', '/me/second-factor/totp')).json();
    const wrong = String((Number(codeOf(secret)) + 5) % 1_000_000).padStart(6, '0');
    expect((await call(technician, 'POST', '/me/second-factor/totp:confirm', { code: wrong })).statusCode).toBe(401);
    expect((await call(technician, 'GET', '/me/second-factor')).json().totpEnabled).toBe(false);
  });

  it('two confirmations at once: one gives the codes, the other is refused', async () => {
    const technician = await t.buildAdmin({ roleId: 6 });
    const { secret } = (await call(technician, 'POST', '/me/second-factor/totp')).json();
    const code = codeOf(secret);
    const answers = await Promise.all([
      call(technician, 'POST', '/me/second-factor/totp:confirm', { code }),
      call(technician, 'POST', '/me/second-factor/totp:confirm', { code }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('removal needs the password or a code; refused when the role requires a factor', async () => {
    const technician = await t.buildAdmin({ roleId: 6 });
    const { secret } = await enrolled(t, 'admin', technician.id);
    const wrongPassword = await call(technician, 'DELETE', '/me/second-factor/totp', { password: 'Mauvais123' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json().message).toBe('Mot de passe incorrect.');
    expect((await call(technician, 'DELETE', '/me/second-factor/totp', {})).statusCode).toBe(400);
    expect((await call(technician, 'DELETE', '/me/second-factor/totp', { code: codeOf(secret) })).statusCode).toBe(204);
    expect((await call(technician, 'GET', '/me/second-factor')).json()).toMatchObject({
      totpEnabled: false,
      recoveryCodesLeft: 0,
    });
    expect((await signIn(t, 'admin', technician.emailAddress)).json().accessToken).toEqual(expect.any(String));
    const removed = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorAdminId, technician.id), eq(auditLog.action, 'auth.second_factor_removed')));
    expect(removed).toHaveLength(1);

    const networkAdmin = await t.buildAdmin({ roleId: 2 });
    await enrolled(t, 'admin', networkAdmin.id);
    const refused = await t.app.inject({
      method: 'DELETE',
      url: '/api/me/second-factor/totp',
      headers: await withFactor(networkAdmin),
      payload: { password: PASSWORD },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('second_factor_required');
  });

  it('new recovery codes replace the former ones, after the password', async () => {
    const client = await t.buildClient();
    const { recoveryCodes: former } = await enrolled(t, 'client', client.id);
    const res = await call(client, 'POST', '/me/second-factor/recovery-codes', { password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const fresh: string[] = res.json().recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => former.includes(c))).toBe(false);
    const challengeToken = (await signIn(t, 'client', client.emailAddress)).json().secondFactorChallenge.challengeToken;
    const withFormer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/second-factor',
      payload: { challengeToken, recoveryCode: former[0] },
    });
    expect(withFormer.statusCode).toBe(401);
    // Without an app there is nothing to regenerate.
    const other = await t.buildClient();
    expect((await call(other, 'POST', '/me/second-factor/recovery-codes', { password: PASSWORD })).statusCode).toBe(409);
  });

  it('nobody signed in: 401; while acting as someone else: 403', async () => {
    expect((await call(null, 'GET', '/me/second-factor')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/me/second-factor/totp')).statusCode).toBe(401);
    const superAdmin = await t.buildAdmin({ roleId: 1 });
    const user = await t.buildAdmin({ roleId: 9 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/second-factor/totp',
      headers: { ...(await withFactor(superAdmin)), [IMPERSONATION_HEADER]: String(user.id) },
    });
    expect(res.statusCode).toBe(403);
  });

  it('bad input: a code that is not 6 digits, both password and code', async () => {
    const client = await t.buildClient();
    const badCode = await call(client, 'POST', '/me/second-factor/totp:confirm', { code: '12' });
    expect(badCode.json()).toMatchObject({
      code: 'validation_failed',
      errors: { code: ['Saisissez les 6 chiffres affichés par votre application.'] },
    });
    const both = await call(client, 'DELETE', '/me/second-factor/totp', { password: PASSWORD, code: '123456' });
    expect(both.statusCode).toBe(400);
  });
});

describe('reset of a lost second factor', () => {
  const reset = async (who: Parameters<typeof t.authHeader>[0] | null, id: number) =>
    t.app.inject({ method: 'POST', url: `/api/admins/${id}/second-factor:reset`, headers: who ? await withFactor(who) : {} });

  it('role 1 resets any staff account; the user is mailed; it is audited', async () => {
    const superAdmin = await t.buildAdmin({ roleId: 1 });
    const networkAdmin = await t.buildAdmin({ roleId: 2 });
    await enrolled(t, 'admin', networkAdmin.id);
    expect((await reset(superAdmin, networkAdmin.id)).statusCode).toBe(204);
    const mails = await t.mailsTo(networkAdmin.emailAddress);
    expect(mails[0]!.subject).toBe('Votre double authentification a été réinitialisée');
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'auth.second_factor_reset')).limit(1);
    expect(entry).toMatchObject({ actorAdminId: superAdmin.id, entity: 'admin', entityId: String(networkAdmin.id) });
    // Their role requires one: the next sign-in enrols again.
    expect((await signIn(t, 'admin', networkAdmin.emailAddress)).json().secondFactorSetupRequired).toBeDefined();
  });

  it("a director resets their adherent's users, not another adherent's", async () => {
    const director = await t.buildAdmin({ roleId: 4 });
    const colleague = await t.buildAdmin({ roleId: 9, adherentId: director.adherentId, agencyIds: director.agencyIds });
    const stranger = await t.buildAdmin({ roleId: 9 });
    await enrolled(t, 'admin', colleague.id);
    await enrolled(t, 'admin', stranger.id);
    expect((await reset(director, colleague.id)).statusCode).toBe(204);
    expect((await reset(director, stranger.id)).statusCode).toBe(404);
    const otherDirector = await t.buildAdmin({ roleId: 4 });
    expect((await reset(otherDirector, colleague.id)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', '/me/second-factor')).json().totpEnabled).toBe(true);
  });

  it('other roles are refused; nobody signed in 401; a customer 403; a bad id 400', async () => {
    const target = await t.buildAdmin({ roleId: 9 });
    for (const roleId of [2, 3, 5, 6, 7, 8, 9]) {
      const caller = await t.buildAdmin({
        roleId,
        ...(roleId > 3 ? { adherentId: target.adherentId, agencyIds: target.agencyIds } : {}),
      });
      expect((await reset(caller, target.id)).statusCode, `role ${roleId}`).toBe(403);
    }
    expect((await reset(null, target.id)).statusCode).toBe(401);
    const client = await t.buildClient();
    const asClient = await t.app.inject({
      method: 'POST',
      url: `/api/admins/${target.id}/second-factor:reset`,
      headers: await t.authHeader(client),
    });
    expect(asClient.statusCode).toBe(403);
    const superAdmin = await t.buildAdmin({ roleId: 1 });
    expect((await reset(superAdmin, 0)).statusCode).toBe(400);
    expect((await reset(superAdmin, 99_999_999)).statusCode).toBe(404);
  });
});
