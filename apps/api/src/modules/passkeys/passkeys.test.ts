import { IMPERSONATION_HEADER, PASSKEY_MESSAGES, PASSKEYS_PER_ACCOUNT } from '@reseau/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD } from '../../../test/helper.js';
import { virtualPasskey } from '../../../test/virtual-passkey.js';
import { admins, auditLog, clients, passkeyChallenges, passkeys } from '../../db/schema/index.js';
import { relyingParty } from './relying-party.js';

const t = await buildTestApp({}, { modules: ['auth', 'passkeys', 'second-factor', 'roles'] });
const { rpID, origin } = relyingParty(t.config);
const newAuthenticator = () => virtualPasskey({ rpId: rpID, origin });

type Who = Parameters<typeof t.authHeader>[0];
type Headers = Record<string, string>;

const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers = {}, payload?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers, payload: payload as object | undefined });

/** Adds a passkey to `who`'s account through the two calls a browser makes. */
async function register(who: Who, authenticator = newAuthenticator(), name = 'Téléphone') {
  const headers = await t.authHeader(who);
  const start = await call('POST', '/me/passkeys/registration-options', headers);
  expect(start.statusCode).toBe(200);
  const { challengeId, options } = start.json();
  const res = await call('POST', '/me/passkeys', headers, { challengeId, name, response: authenticator.register(options) });
  return { res, authenticator, headers };
}

async function signIn(kind: 'admin' | 'client', authenticator: ReturnType<typeof newAuthenticator>, opts = {}) {
  const start = await call('POST', `/auth/${kind}/passkey-options`);
  expect(start.statusCode).toBe(200);
  const { challengeId, options } = start.json();
  return call('POST', `/auth/${kind}/passkey`, {}, { challengeId, response: authenticator.authenticate(options, opts) });
}

describe('adding a passkey (POST /me/passkeys)', () => {
  it('a staff member adds one: listed with its name, audited, and its options exclude what they have', async () => {
    const admin = await t.buildAdmin({ roleId: 6 });
    const { res, headers } = await register(admin, newAuthenticator(), 'Clé USB du bureau');
    expect(res.statusCode).toBe(201);
    const { recoveryCodes, ...passkey } = res.json();
    expect(passkey).toEqual({
      id: expect.any(Number),
      name: 'Clé USB du bureau',
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    // The account's first factor: its 10 recovery codes come with it, once.
    expect(recoveryCodes).toHaveLength(10);
    const list = await call('GET', '/me/passkeys', headers);
    expect(list.json()).toEqual([passkey]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.passkey_added'), eq(auditLog.actorAdminId, admin.id)));
    expect(entry?.entityId).toBe(String(res.json().id));
    // Asked again, the options name the one they have, so the authenticator makes no second one.
    const again = (await call('POST', '/me/passkeys/registration-options', headers)).json();
    expect(again.options.excludeCredentials).toHaveLength(1);
    expect(again.options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
  });

  it('a customer adds one too; the user handle names no person', async () => {
    const client = await t.buildClient();
    const headers = await t.authHeader(client);
    const { options } = (await call('POST', '/me/passkeys/registration-options', headers)).json();
    expect(Buffer.from(options.user.id, 'base64url').toString()).toBe(`client:${client.id}`);
    expect(options.user.name).toBe(client.emailAddress);
    const { res } = await register(client);
    expect(res.statusCode).toBe(201);
  });

  it('refuses an answer signed for another site, one without user verification, and a challenge used twice or of another account', async () => {
    const admin = await t.buildAdmin({ roleId: 6 });
    const other = await t.buildAdmin({ roleId: 6 });
    const headers = await t.authHeader(admin);
    const authenticator = newAuthenticator();
    const attempt = async (answer: (options: Record<string, unknown>) => Record<string, unknown>, as = headers) => {
      const { challengeId, options } = (await call('POST', '/me/passkeys/registration-options', headers)).json();
      return call('POST', '/me/passkeys', as, { challengeId, name: 'Clé', response: answer(options) });
    };
    const phished = await attempt((o) => authenticator.register(o, { origin: 'https://reseau-energie.example.net' }));
    expect(phished.statusCode).toBe(400);
    expect(phished.json().message).toBe(PASSKEY_MESSAGES.notVerified);
    expect((await attempt((o) => authenticator.register(o, { userVerified: false }))).statusCode).toBe(400);
    const stolenChallenge = await attempt((o) => authenticator.register(o), await t.authHeader(other));
    expect(stolenChallenge.statusCode).toBe(400);
    expect(stolenChallenge.json()).toMatchObject({
      code: 'passkey_challenge_expired',
      message: PASSKEY_MESSAGES.challengeExpired,
    });

    const { challengeId, options } = (await call('POST', '/me/passkeys/registration-options', headers)).json();
    const answer = { challengeId, name: 'Clé', response: authenticator.register(options) };
    expect((await call('POST', '/me/passkeys', headers, answer)).statusCode).toBe(201);
    expect((await call('POST', '/me/passkeys', headers, answer)).json().code).toBe('passkey_challenge_expired');
    expect(await t.db.$count(passkeys, eq(passkeys.subjectId, admin.id))).toBe(1);
  });

  it('refuses a passkey already registered (409), and a name missing or too long (400)', async () => {
    const admin = await t.buildAdmin({ roleId: 6 });
    const { authenticator, headers } = await register(admin);
    const { challengeId, options } = (await call('POST', '/me/passkeys/registration-options', headers)).json();
    const twice = await call('POST', '/me/passkeys', headers, {
      challengeId,
      name: 'Encore',
      response: authenticator.register(options),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(PASSKEY_MESSAGES.alreadyRegistered);
    const fresh = (await call('POST', '/me/passkeys/registration-options', headers)).json();
    const unnamed = await call('POST', '/me/passkeys', headers, {
      challengeId: fresh.challengeId,
      name: ' ',
      response: newAuthenticator().register(fresh.options),
    });
    expect(unnamed.statusCode).toBe(400);
    const long = await call('POST', '/me/passkeys', headers, {
      challengeId: fresh.challengeId,
      name: 'x'.repeat(61),
      response: {},
    });
    expect(long.statusCode).toBe(400);
  });

  it(`stops at ${PASSKEYS_PER_ACCOUNT} passkeys, even when the last ones are added at once`, async () => {
    const admin = await t.buildAdmin({ roleId: 6 });
    const headers = await t.authHeader(admin);
    for (let i = 0; i < PASSKEYS_PER_ACCOUNT - 1; i++) expect((await register(admin)).res.statusCode).toBe(201);
    // Two registrations started before either ends: the database lets one through.
    const starts = await Promise.all(
      [1, 2].map(async () => (await call('POST', '/me/passkeys/registration-options', headers)).json()),
    );
    const answers = await Promise.all(
      starts.map(({ challengeId, options }) =>
        call('POST', '/me/passkeys', headers, { challengeId, name: 'Clé', response: newAuthenticator().register(options) }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await t.db.$count(passkeys, eq(passkeys.subjectId, admin.id))).toBe(PASSKEYS_PER_ACCOUNT);
    const more = await call('POST', '/me/passkeys/registration-options', headers);
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(PASSKEY_MESSAGES.tooMany);
  });

  it('is refused to an anonymous caller, and to a network admin acting as another user', async () => {
    expect((await call('GET', '/me/passkeys')).statusCode).toBe(401);
    expect((await call('POST', '/me/passkeys/registration-options')).statusCode).toBe(401);
    const superAdmin = await t.buildAdmin({ roleId: 1 });
    const director = await t.buildAdmin({ roleId: 4 });
    const asDirector = { ...(await t.authHeader(superAdmin)), [IMPERSONATION_HEADER]: String(director.id) };
    const refused = await call('POST', '/me/passkeys/registration-options', asDirector);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(PASSKEY_MESSAGES.notWhileImpersonating);
    expect((await call('GET', '/me/passkeys', asDirector)).statusCode).toBe(403);
  });
});

describe('recovery codes with the first passkey (issue 27 §1)', () => {
  it('come with the first factor only, are spent at the second step, and go with the last passkey', async () => {
    const admin = await t.buildAdmin({ roleId: 6 });
    const first = await register(admin);
    const codes: string[] = first.res.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(
      await t.db.$count(auditLog, and(eq(auditLog.action, 'auth.recovery_codes_generated'), eq(auditLog.actorAdminId, admin.id))),
    ).toBe(1);
    const second = await register(admin);
    expect(second.res.json().recoveryCodes).toBeUndefined();

    // After the password, a recovery code answers the second step as a passkey would.
    const signIn = await call('POST', '/auth/admin', {}, { emailAddress: admin.emailAddress, password: PASSWORD });
    const { challengeToken, methods } = signIn.json().secondFactorChallenge;
    expect(methods).toEqual(['recoveryCode', 'passkey']);
    const answered = await call('POST', '/auth/second-factor', {}, { challengeToken, recoveryCode: codes[0] });
    expect(answered.statusCode).toBe(200);

    // Both passkeys removed: no factor is left, and the codes go.
    for (const r of [first, second])
      expect((await call('DELETE', `/me/passkeys/${r.res.json().id}`, first.headers)).statusCode).toBe(204);
    const plain = await call('POST', '/auth/admin', {}, { emailAddress: admin.emailAddress, password: PASSWORD });
    expect(plain.json().accessToken).toEqual(expect.any(String));
    expect((await register(admin)).res.json().recoveryCodes).toHaveLength(10);
  });
});

describe('removing a passkey (DELETE /me/passkeys/{id})', () => {
  it('removes one of mine (audited); another account’s is not found and stays', async () => {
    const admin = await t.buildAdmin({ roleId: 6 });
    const client = await t.buildClient();
    const mine = await register(admin);
    const theirs = await register(client);
    const id = mine.res.json().id;
    expect((await call('DELETE', `/me/passkeys/${theirs.res.json().id}`, mine.headers)).statusCode).toBe(404);
    expect((await call('DELETE', `/me/passkeys/${id}`, theirs.headers)).statusCode).toBe(404);
    expect((await call('DELETE', `/me/passkeys/${id}`, mine.headers)).statusCode).toBe(204);
    expect((await call('DELETE', `/me/passkeys/${id}`, mine.headers)).statusCode).toBe(404);
    expect((await call('DELETE', '/me/passkeys/abc', mine.headers)).statusCode).toBe(400);
    expect(await t.db.$count(passkeys, eq(passkeys.id, theirs.res.json().id))).toBe(1);
    expect(await t.db.$count(auditLog, and(eq(auditLog.action, 'auth.passkey_removed'), eq(auditLog.entityId, String(id))))).toBe(
      1,
    );
    // A removed passkey signs nobody in.
    expect((await signIn('admin', mine.authenticator)).statusCode).toBe(401);
  });
});

describe('signing in with a passkey alone (POST /auth/{admin|client}/passkey)', () => {
  it('opens a session for the passkey’s staff member, whose token then works; audited with the method', async () => {
    const admin = await t.buildAdmin({ roleId: 6 });
    const { authenticator } = await register(admin);
    const res = await signIn('admin', authenticator);
    expect(res.statusCode).toBe(200);
    const { accessToken, refreshToken } = res.json();
    expect(refreshToken).toEqual(expect.any(String));
    const roles = await call('GET', '/me/passkeys', { authorization: `Bearer ${accessToken}` });
    expect(roles.statusCode).toBe(200);
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.subjectId, admin.id));
    expect(row?.lastUsedAt).not.toBeNull();
    expect(row?.counter).toBe(1);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.admin_sign_in'), eq(auditLog.actorAdminId, admin.id)));
    expect(entries.map((e) => e.details)).toEqual([{ method: 'passkey' }]);
  });

  it('signs a customer in; a customer’s passkey opens nothing in the intranet, nor a staff one in the extranet', async () => {
    const client = await t.buildClient();
    const admin = await t.buildAdmin({ roleId: 6 });
    const customerKey = (await register(client)).authenticator;
    const staffKey = (await register(admin)).authenticator;
    expect((await signIn('client', customerKey)).statusCode).toBe(200);
    const wrongArea = await signIn('admin', customerKey);
    expect(wrongArea.statusCode).toBe(401);
    expect(wrongArea.json().message).toBe(PASSKEY_MESSAGES.unknownPasskey);
    expect((await signIn('client', staffKey)).statusCode).toBe(401);
  });

  it('refuses an unknown passkey, a disabled account, a replayed counter and a forged signature', async () => {
    expect((await signIn('admin', newAuthenticator())).statusCode).toBe(401);

    const archived = await t.buildAdmin({ roleId: 6 });
    const archivedKey = (await register(archived)).authenticator;
    await t.db.update(admins).set({ isActive: false }).where(eq(admins.id, archived.id));
    expect((await signIn('admin', archivedKey)).statusCode).toBe(401);

    const unverified = await t.buildClient();
    const unverifiedKey = (await register(unverified)).authenticator;
    await t.db.update(clients).set({ emailVerifiedAt: null }).where(eq(clients.id, unverified.id));
    expect((await signIn('client', unverifiedKey)).statusCode).toBe(401);

    const admin = await t.buildAdmin({ roleId: 6 });
    const key = (await register(admin)).authenticator;
    expect((await signIn('admin', key, { counter: 5 })).statusCode).toBe(200);
    // A clone of the authenticator answers with a counter already seen.
    expect((await signIn('admin', key, { counter: 5 })).statusCode).toBe(401);
    expect((await signIn('admin', key, { counter: 3 })).statusCode).toBe(401);
    expect((await signIn('admin', key, { counter: 6 })).statusCode).toBe(200);

    const start = (await call('POST', '/auth/admin/passkey-options')).json();
    const forged = key.authenticate(start.options);
    (forged.response as { signature: string }).signature = Buffer.alloc(70, 1).toString('base64url');
    expect((await call('POST', '/auth/admin/passkey', {}, { challengeId: start.challengeId, response: forged })).statusCode).toBe(
      401,
    );
  });

  it('spends a challenge once: the same answer sent twice at once opens one session', async () => {
    const admin = await t.buildAdmin({ roleId: 6 });
    const key = (await register(admin)).authenticator;
    const { challengeId, options } = (await call('POST', '/auth/admin/passkey-options')).json();
    const body = { challengeId, response: key.authenticate(options) };
    const answers = await Promise.all([1, 2].map(() => call('POST', '/auth/admin/passkey', {}, body)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.statusCode === 400)?.json().code).toBe('passkey_challenge_expired');
  });

  it('refuses a challenge of the other area or that was never given, and a malformed answer (400)', async () => {
    const admin = await t.buildAdmin({ roleId: 6 });
    const key = (await register(admin)).authenticator;
    const client = (await call('POST', '/auth/client/passkey-options')).json();
    const crossed = await call(
      'POST',
      '/auth/admin/passkey',
      {},
      { challengeId: client.challengeId, response: key.authenticate(client.options) },
    );
    expect(crossed.statusCode).toBe(400);
    const never = await call(
      'POST',
      '/auth/admin/passkey',
      {},
      { challengeId: crypto.randomUUID(), response: key.authenticate(client.options) },
    );
    expect(never.json().code).toBe('passkey_challenge_expired');
    expect((await call('POST', '/auth/admin/passkey', {}, { challengeId: 'x', response: {} })).statusCode).toBe(400);
    expect((await call('POST', '/auth/admin/passkey', {}, {})).statusCode).toBe(400);
  });

  it('keeps no expired challenge: a new one clears those past their time', async () => {
    await t.db.insert(passkeyChallenges).values({
      id: crypto.randomUUID(),
      challenge: 'old',
      purpose: 'sign_in',
      subjectKind: 'admin',
      expiresAt: new Date(Date.now() - 1000),
    });
    await call('POST', '/auth/admin/passkey-options');
    expect(await t.db.$count(passkeyChallenges, eq(passkeyChallenges.challenge, 'old'))).toBe(0);
  });
});

describe('a passkey is a second factor (issue 27 §1)', async () => {
  const strict = await buildTestApp(
    { SECOND_FACTOR_REQUIRED_ROLES: '1' },
    { modules: ['auth', 'passkeys', 'second-factor', 'roles'] },
  );
  const inStrict = (method: 'GET' | 'POST', url: string, headers: Headers = {}, payload?: unknown) =>
    strict.app.inject({ method, url: `/api${url}`, headers, payload: payload as object | undefined });
  /** Adds a passkey to `who` from a session that used a second factor (the role requires one). */
  const registerStrict = async (who: Who) => {
    const key = virtualPasskey({ rpId: rpID, origin });
    const headers = await strict.authHeader(who, 'intranet', { secondFactor: true });
    const start = (await inStrict('POST', '/me/passkeys/registration-options', headers)).json();
    const added = await inStrict('POST', '/me/passkeys', headers, {
      challengeId: start.challengeId,
      name: 'Clé',
      response: key.register(start.options),
    });
    expect(added.statusCode).toBe(201);
    return key;
  };

  it('a network admin who must use one signs in with a passkey alone, and that session may act as another user', async () => {
    const superAdmin = await strict.buildAdmin({ roleId: 1 });
    const target = await strict.buildAdmin({ roleId: 9 });
    const key = await registerStrict(superAdmin);

    const options = (await inStrict('POST', '/auth/admin/passkey-options')).json();
    const signedIn = await inStrict(
      'POST',
      '/auth/admin/passkey',
      {},
      { challengeId: options.challengeId, response: key.authenticate(options.options) },
    );
    expect(signedIn.statusCode).toBe(200);
    const bearer = { authorization: `Bearer ${signedIn.json().accessToken}` };
    const acting = await inStrict('GET', '/roles', { ...bearer, [IMPERSONATION_HEADER]: String(target.id) });
    expect(acting.statusCode).toBe(200);
    // A session without the second factor opens nothing for this role.
    expect((await inStrict('GET', '/roles', await strict.authHeader(superAdmin))).statusCode).toBe(401);
  });

  it('answers the second step after the password: a passkey of the account, not another one', async () => {
    const superAdmin = await strict.buildAdmin({ roleId: 1 });
    const other = await strict.buildAdmin({ roleId: 1 });
    const target = await strict.buildAdmin({ roleId: 9 });
    const mine = await registerStrict(superAdmin);
    const theirs = await registerStrict(other);
    const password = async () => {
      const res = await inStrict('POST', '/auth/admin', {}, { emailAddress: superAdmin.emailAddress, password: PASSWORD });
      expect(res.statusCode).toBe(200);
      // No authenticator app: the passkey is the one way on, not an enrolment.
      // Its first passkey brought recovery codes: either proves it.
      expect(res.json().secondFactorChallenge.methods).toEqual(['recoveryCode', 'passkey']);
      return res.json().secondFactorChallenge.challengeToken as string;
    };
    const answer = async (challengeToken: string, key: ReturnType<typeof virtualPasskey>) => {
      const options = (await inStrict('POST', '/auth/admin/passkey-options')).json();
      return inStrict(
        'POST',
        '/auth/second-factor',
        {},
        {
          challengeToken,
          passkey: { challengeId: options.challengeId, response: key.authenticate(options.options) },
        },
      );
    };

    const challengeToken = await password();
    const wrong = await answer(challengeToken, theirs);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'invalid_second_factor', message: PASSKEY_MESSAGES.notThisAccount });
    const right = await answer(challengeToken, mine);
    expect(right.statusCode).toBe(200);
    const bearer = { authorization: `Bearer ${right.json().accessToken}` };
    expect((await inStrict('GET', '/roles', { ...bearer, [IMPERSONATION_HEADER]: String(target.id) })).statusCode).toBe(200);
    // The challenge is spent.
    expect((await answer(challengeToken, mine)).statusCode).toBe(400);
  });

  it('a lost phone: the second factor reset by role 1 removes the passkeys too, so the password alone leads to a new enrolment', async () => {
    const superAdmin = await strict.buildAdmin({ roleId: 1 });
    const colleague = await strict.buildAdmin({ roleId: 1 });
    await registerStrict(colleague);
    const reset = await inStrict(
      'POST',
      `/admins/${colleague.id}/second-factor:reset`,
      await strict.authHeader(superAdmin, 'intranet', { secondFactor: true }),
    );
    expect(reset.statusCode).toBe(204);
    expect(await strict.db.$count(passkeys, eq(passkeys.subjectId, colleague.id))).toBe(0);
    const signIn = await inStrict('POST', '/auth/admin', {}, { emailAddress: colleague.emailAddress, password: PASSWORD });
    expect(signIn.json().secondFactorSetupRequired).toEqual(expect.objectContaining({ challengeToken: expect.any(String) }));
    expect(await strict.mailsTo(colleague.emailAddress)).toHaveLength(1);
  });
});
