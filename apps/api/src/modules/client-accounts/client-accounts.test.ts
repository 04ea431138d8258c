import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD, tokenFromMail } from '../../../test/helper.js';
import { clients } from '../../db/schema/index.js';

const t = await buildTestApp();
const limited = await buildTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '3' });

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers });
const signIn = (emailAddress: string, password = PASSWORD) => post('/auth/client', { emailAddress, password });
/** A customer an agency knows, who has not connected yet. */
const newcomer = () => t.buildClient({ passwordHash: null, emailVerifiedAt: null, firstName: 'Paul' });

describe('first connection (open and close email verification)', () => {
  it('sets the password, mails the link, and the customer signs in once verified', async () => {
    const client = await newcomer();
    const res = await post(`/clients/${client.emailAddress}:open-email-verification`, { password: 'Chaudiere2026' });
    expect(res.statusCode).toBe(204);
    // Not usable before the link is followed.
    expect((await signIn(client.emailAddress, 'Chaudiere2026')).statusCode).toBe(401);

    const [mail] = await t.mailsTo(client.emailAddress);
    expect(mail?.subject).toBe('Confirmez votre adresse email');
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/extranet\/verify-email\?token=[A-Za-z0-9_-]+&activation=true/);
    const close = await post(`/clients/${tokenFromMail(mail!.text)}:close-email-verification`, { password: 'Chaudiere2026' });
    expect(close.statusCode).toBe(200);
    expect(close.json()).toEqual({ purpose: 'email_verification', redirectUrl: null });
    expect((await signIn(client.emailAddress, 'Chaudiere2026')).statusCode).toBe(200);
  });

  it('answers 404 with guidance for an email no agency knows', async () => {
    const res = await post('/clients/inconnu@test.fr:open-email-verification', { password: 'Chaudiere2026' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('donnée à votre agence');
    // A customer row without any agency is not a customer of the network either.
    const orphan = await t.buildClient({ agencyIds: [], passwordHash: null, emailVerifiedAt: null });
    expect(
      (await post(`/clients/${orphan.emailAddress}:open-email-verification`, { password: 'Chaudiere2026' })).statusCode,
    ).toBe(404);
  });

  it('answers user_already_verified for an account already in use', async () => {
    const client = await t.buildClient();
    const res = await post(`/clients/${client.emailAddress}:open-email-verification`, { password: 'Chaudiere2026' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('user_already_verified');
  });

  it('refuses a weak password without sending a mail', async () => {
    const client = await newcomer();
    const res = await post(`/clients/${client.emailAddress}:open-email-verification`, { password: 'faible' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(await t.mailsTo(client.emailAddress)).toHaveLength(0);
  });

  it('a verification link works once and a made-up one never', async () => {
    const client = await newcomer();
    await post(`/clients/${client.emailAddress}:open-email-verification`, { password: 'Chaudiere2026' });
    const token = tokenFromMail((await t.mailsTo(client.emailAddress))[0]!.text);
    expect((await post(`/clients/${token}:close-email-verification`, { password: 'Chaudiere2026' })).statusCode).toBe(200);
    expect((await post(`/clients/${token}:close-email-verification`, { password: 'Chaudiere2026' })).json().code).toBe(
      'invalid_token',
    );
    expect((await post('/clients/abcdefghijklmnop:close-email-verification')).statusCode).toBe(400);
    // Issue 25: a cut or short token is a dead link, answered as one (not validation_failed).
    for (const cut of ['abc', token.slice(0, 12)]) {
      const res = await post(`/clients/${cut}:close-email-verification`, { password: 'Chaudiere2026' });
      expect(res.json(), cut).toMatchObject({ code: 'invalid_token' });
      const reset = await post(`/clients/${cut}:close-password-reset`, { password: 'Chaudiere2026' });
      expect(reset.json(), cut).toMatchObject({ code: 'invalid_token' });
    }
  });
});

describe('customer forgotten password', () => {
  it('resets through the mailed link; the link is single use', async () => {
    const client = await t.buildClient();
    expect((await post(`/clients/${client.emailAddress}:open-password-reset`, { context: 'reset' })).statusCode).toBe(204);
    await t.settled(); // the mail leaves after the answer
    const [mail] = await t.mailsTo(client.emailAddress);
    expect(mail?.text).toContain('/extranet/reset-password?token=');
    const token = tokenFromMail(mail!.text);
    expect((await post(`/clients/${token}:close-password-reset`, { password: 'Nouveau2026' })).statusCode).toBe(204);
    expect((await signIn(client.emailAddress, 'Nouveau2026')).statusCode).toBe(200);
    expect((await post(`/clients/${token}:close-password-reset`, { password: 'Encore2026' })).statusCode).toBe(400);
  });

  it('answers 204 for an unknown address and sends nothing', async () => {
    expect((await post('/clients/personne@test.fr:open-password-reset', { context: 'reset' })).statusCode).toBe(204);
    await t.settled();
    expect(await t.mailsTo('personne@test.fr')).toHaveLength(0);
  });

  it('refuses a blank address with the form’s line, and reads one typed with spaces around it', async () => {
    for (const url of ['/clients/%20%20:open-password-reset', '/clients/%20:open-email-verification']) {
      const res = await post(url, url.includes('reset') ? { context: 'reset' } : { password: 'Chaudiere2026' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ email: ['Veuillez remplir ce champ'] });
    }
    const client = await t.buildClient();
    expect((await post(`/clients/%20${client.emailAddress}%20:open-password-reset`, { context: 'reset' })).statusCode).toBe(204);
    await t.settled();
    expect(await t.mailsTo(client.emailAddress)).toHaveLength(1);
  });

  it('refuses a weak new password', async () => {
    const client = await t.buildClient();
    await post(`/clients/${client.emailAddress}:open-password-reset`, { context: 'reset' });
    await t.settled();
    const token = tokenFromMail((await t.mailsTo(client.emailAddress))[0]!.text);
    const res = await post(`/clients/${token}:close-password-reset`, { password: 'password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.password).toHaveLength(1);
  });
});

describe('POST /api/clients/me:change-password', () => {
  it('changes the signed-in customer password', async () => {
    const client = await t.buildClient();
    const res = await post(
      '/clients/me:change-password',
      { password: 'Change2026', currentPassword: PASSWORD },
      await t.authHeader(client),
    );
    expect(res.statusCode).toBe(204);
    expect((await signIn(client.emailAddress, 'Change2026')).statusCode).toBe(200);
  });

  it('signs out the other devices and keeps the session that changed it', async () => {
    const client = await t.buildClient();
    const here = (await signIn(client.emailAddress)).json();
    const elsewhere = (await signIn(client.emailAddress)).json();
    const res = await post(
      '/clients/me:change-password',
      { password: 'Change2026', currentPassword: PASSWORD },
      { authorization: `Bearer ${here.accessToken}` },
    );
    expect(res.statusCode).toBe(204);
    const refresh = (refreshToken: string) => post('/auth/refresh', { refreshToken });
    expect((await refresh(elsewhere.refreshToken)).statusCode).toBe(400);
    expect((await refresh(here.refreshToken)).statusCode).toBe(200);
  });

  it('refuses a weak password, an anonymous caller and a staff token', async () => {
    const client = await t.buildClient();
    const admin = await t.buildAdmin({ roleId: 1 });
    expect(
      (
        await post('/clients/me:change-password', { password: 'abc', currentPassword: PASSWORD }, await t.authHeader(client))
      ).json().code,
    ).toBe('validation_failed');
    expect((await post('/clients/me:change-password', { password: 'Change2026', currentPassword: PASSWORD })).statusCode).toBe(
      401,
    );
    expect(
      (
        await post(
          '/clients/me:change-password',
          { password: 'Change2026', currentPassword: PASSWORD },
          await t.authHeader(admin),
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('POST /api/clients/me:open-email-change', () => {
  it('202: mails the new address; following the link changes the sign-in email and returns the redirect', async () => {
    const client = await t.buildClient();
    const res = await post(
      '/clients/me:open-email-change',
      {
        emailAddress: 'nouvelle.adresse@test.fr',
        redirectUrl: 'http://localhost:3000/extranet/personal-info',
        currentPassword: PASSWORD,
      },
      await t.authHeader(client),
    );
    expect(res.statusCode).toBe(202);
    const [mail] = await t.mailsTo('nouvelle.adresse@test.fr');
    expect(mail?.subject).toBe('Confirmez votre nouvelle adresse email');
    // Until confirmed, the old address still signs in.
    expect((await signIn(client.emailAddress)).statusCode).toBe(200);
    const close = await post(`/clients/${tokenFromMail(mail!.text)}:close-email-verification`);
    expect(close.json()).toEqual({
      purpose: 'email_change',
      redirectUrl: '/extranet/personal-info',
      emailAddress: 'nouvelle.adresse@test.fr',
    });
    expect((await signIn('nouvelle.adresse@test.fr')).statusCode).toBe(200);
    expect((await signIn(client.emailAddress)).statusCode).toBe(401);
  });

  it('204 when only the letter case changes', async () => {
    const client = await t.buildClient({ emailAddress: 'Marie.Dupont@test.fr' });
    const res = await post(
      '/clients/me:open-email-change',
      { emailAddress: 'marie.dupont@test.fr', currentPassword: PASSWORD },
      await t.authHeader(client),
    );
    expect(res.statusCode).toBe(204);
    const [row] = await t.db.select().from(clients).where(eq(clients.id, client.id));
    expect(row?.emailAddress).toBe('marie.dupont@test.fr');
  });

  it('same_email for the current address, email_already_used for another account', async () => {
    const client = await t.buildClient();
    const other = await t.buildClient();
    const same = await post(
      '/clients/me:open-email-change',
      { emailAddress: client.emailAddress, currentPassword: PASSWORD },
      await t.authHeader(client),
    );
    expect(same.statusCode).toBe(400);
    expect(same.json().code).toBe('same_email');
    const taken = await post(
      '/clients/me:open-email-change',
      { emailAddress: other.emailAddress, currentPassword: PASSWORD },
      await t.authHeader(client),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('email_already_used');
  });

  it('ignores a redirect outside the extranet (no open redirect through a mail)', async () => {
    const client = await t.buildClient();
    await post(
      '/clients/me:open-email-change',
      { emailAddress: 'ailleurs@test.fr', redirectUrl: 'https://evil.example/phish', currentPassword: PASSWORD },
      await t.authHeader(client),
    );
    const close = await post(
      `/clients/${tokenFromMail((await t.mailsTo('ailleurs@test.fr'))[0]!.text)}:close-email-verification`,
    );
    expect(close.json().redirectUrl).toBeNull();
  });

  it('refuses an invalid address, an anonymous caller and a staff token', async () => {
    const client = await t.buildClient();
    const admin = await t.buildAdmin({ roleId: 1 });
    const bad = await post(
      '/clients/me:open-email-change',
      { emailAddress: 'pas-une-adresse', currentPassword: PASSWORD },
      await t.authHeader(client),
    );
    expect(bad.statusCode).toBe(400);
    // The line of every malformed email field (issue 12 §3 item 6), the same in the browser and here.
    expect(bad.json().errors.emailAddress).toEqual(['Veuillez saisir une adresse email valide']);
    expect((await post('/clients/me:open-email-change', { emailAddress: 'a@b.fr', currentPassword: PASSWORD })).statusCode).toBe(
      401,
    );
    expect(
      (
        await post(
          '/clients/me:open-email-change',
          { emailAddress: 'a@b.fr', currentPassword: PASSWORD },
          await t.authHeader(admin),
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('first connection: only who chose the password can activate the account', () => {
  const open = (email: string, password: string) => post(`/clients/${email}:open-email-verification`, { password });
  const close = (token: string, payload?: object) => post(`/clients/${token}:close-email-verification`, payload);
  /** The links mailed to an address, oldest first. */
  const links = async (email: string) => (await t.mailsTo(email)).reverse().map((m) => tokenFromMail(m.text));
  const wrong = {
    code: 'validation_failed',
    errors: { password: ["Ce mot de passe n'est pas celui choisi lors de votre demande de première connexion."] },
  };

  it("a stranger's request, then the owner's: the stranger's link does nothing without the stranger's password", async () => {
    const client = await newcomer();
    expect((await open(client.emailAddress, 'Intrus2026x')).statusCode).toBe(204);
    expect((await open(client.emailAddress, 'Proprio2026')).statusCode).toBe(204);
    const [strangers, owners] = await links(client.emailAddress);

    // The owner clicks the stranger's mail first: their own password does not fit it.
    expect((await close(strangers!)).json()).toMatchObject({
      code: 'validation_failed',
      errors: { password: ['Veuillez remplir ce champ'] },
    });
    expect((await close(strangers!, { password: 'Proprio2026' })).json()).toMatchObject(wrong);
    expect((await signIn(client.emailAddress, 'Intrus2026x')).statusCode).toBe(401);

    // Their own link, with their password, activates the account with it.
    expect((await close(owners!, { password: 'Intrus2026x' })).json()).toMatchObject(wrong);
    expect((await close(owners!, { password: 'Proprio2026' })).statusCode).toBe(200);
    expect((await signIn(client.emailAddress, 'Proprio2026')).statusCode).toBe(200);
    expect((await signIn(client.emailAddress, 'Intrus2026x')).statusCode).toBe(401);
    // Every other pending link is spent.
    expect((await close(strangers!, { password: 'Intrus2026x' })).json().code).toBe('invalid_token');
  });

  it("a later request (perhaps a stranger's) does not cancel the owner's link", async () => {
    const client = await newcomer();
    await open(client.emailAddress, 'Proprio2026');
    await open(client.emailAddress, 'Intrus2026x');
    const [owners] = await links(client.emailAddress);
    expect((await close(owners!, { password: 'Proprio2026' })).statusCode).toBe(200);
    expect((await signIn(client.emailAddress, 'Proprio2026')).statusCode).toBe(200);
  });

  it('a missing password spends nothing', async () => {
    const client = await newcomer();
    await open(client.emailAddress, 'Proprio2026');
    const [token] = await links(client.emailAddress);
    for (const payload of [undefined, {}, { password: '' }]) {
      const res = await close(token!, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.password).toEqual(['Veuillez remplir ce champ']);
    }
    expect((await close(token!, { password: 'Proprio2026' })).statusCode).toBe(200);
  });

  it('five wrong passwords spend the link', async () => {
    const client = await newcomer();
    await open(client.emailAddress, 'Proprio2026');
    const [token] = await links(client.emailAddress);
    for (let i = 0; i < 5; i++) expect((await close(token!, { password: `Essai${i}2026` })).json()).toMatchObject(wrong);
    expect((await close(token!, { password: 'Proprio2026' })).json().code).toBe('invalid_token');
    expect((await signIn(client.emailAddress, 'Proprio2026')).statusCode).toBe(401);
  });

  it('concurrent wrong passwords each count: five are answered, the rest find the link spent', async () => {
    const client = await newcomer();
    await open(client.emailAddress, 'Proprio2026');
    const [token] = await links(client.emailAddress);
    const answers = await Promise.all(Array.from({ length: 9 }, (_, i) => close(token!, { password: `Essai${i}2026` })));
    const codes = answers.map((r) => r.json().code);
    expect(codes.filter((c) => c === 'validation_failed')).toHaveLength(5);
    expect(codes.filter((c) => c === 'invalid_token')).toHaveLength(4);
    expect((await close(token!, { password: 'Proprio2026' })).json().code).toBe('invalid_token');
  });

  it('the right password sent twice at once activates once', async () => {
    const client = await newcomer();
    await open(client.emailAddress, 'Proprio2026');
    const [token] = await links(client.emailAddress);
    const answers = await Promise.all([1, 2, 3].map(() => close(token!, { password: 'Proprio2026' })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
  });
});

describe('the most common passwords are refused wherever a password is chosen', () => {
  const common = {
    code: 'validation_failed',
    errors: { password: ['Ce mot de passe est trop courant : choisissez-en un autre.'] },
  };

  it('first connection, reset and change', async () => {
    const newbie = await newcomer();
    expect(
      (await post(`/clients/${newbie.emailAddress}:open-email-verification`, { password: 'Azerty123' })).json(),
    ).toMatchObject(common);
    expect(await t.mailsTo(newbie.emailAddress)).toHaveLength(0);

    const client = await t.buildClient();
    await post(`/clients/${client.emailAddress}:open-password-reset`, { context: 'reset' });
    await t.settled(); // the mail leaves after the answer
    const token = tokenFromMail((await t.mailsTo(client.emailAddress))[0]!.text);
    expect((await post(`/clients/${token}:close-password-reset`, { password: 'motdepasse1' })).statusCode).toBe(400);
    expect((await post(`/clients/${token}:close-password-reset`, { password: 'Password1' })).json()).toMatchObject(common);

    const change = await post(
      '/clients/me:change-password',
      { password: 'Soleil123', currentPassword: PASSWORD },
      await t.authHeader(client),
    );
    expect(change.json()).toMatchObject(common);
  });
});

describe('a password or email change needs the current password', () => {
  const currentWrong = { code: 'validation_failed', errors: { currentPassword: ["Le mot de passe actuel n'est pas le bon."] } };

  it('change-password: missing or wrong current password changes nothing', async () => {
    const client = await t.buildClient();
    const auth = await t.authHeader(client);
    const missing = await post('/clients/me:change-password', { password: 'Change2026' }, auth);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.currentPassword).toEqual(['Veuillez remplir ce champ']);
    const wrongOne = await post('/clients/me:change-password', { password: 'Change2026', currentPassword: 'Autre2026x' }, auth);
    expect(wrongOne.statusCode).toBe(400);
    expect(wrongOne.json()).toMatchObject(currentWrong);
    expect((await signIn(client.emailAddress, 'Change2026')).statusCode).toBe(401);
    expect((await signIn(client.emailAddress)).statusCode).toBe(200);
  });

  it("change-password: the other sessions' access tokens stop at once, the calling one keeps working", async () => {
    const client = await t.buildClient();
    const here = (await signIn(client.emailAddress)).json();
    const elsewhere = (await signIn(client.emailAddress)).json();
    const me = (tokens: { accessToken: string }) =>
      t.app.inject({ method: 'GET', url: '/api/roles', headers: { authorization: `Bearer ${tokens.accessToken}` } });
    expect((await me(elsewhere)).statusCode).toBe(200);
    await post(
      '/clients/me:change-password',
      { password: 'Change2026', currentPassword: PASSWORD },
      { authorization: `Bearer ${here.accessToken}` },
    );
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await me(here)).statusCode).toBe(200);
  });

  it('open-email-change: missing or wrong current password sends nothing', async () => {
    const client = await t.buildClient();
    const auth = await t.authHeader(client);
    const missing = await post('/clients/me:open-email-change', { emailAddress: 'sans.mdp@test.fr' }, auth);
    expect(missing.json().errors.currentPassword).toEqual(['Veuillez remplir ce champ']);
    const wrongOne = await post(
      '/clients/me:open-email-change',
      { emailAddress: 'sans.mdp@test.fr', currentPassword: 'Autre2026x' },
      auth,
    );
    expect(wrongOne.statusCode).toBe(400);
    expect(wrongOne.json()).toMatchObject(currentWrong);
    expect(await t.mailsTo('sans.mdp@test.fr')).toHaveLength(0);
  });

  it('an applied email change tells the former address and ends every other session', async () => {
    const client = await t.buildClient({ firstName: 'Lucie', emailAddress: 'lucie.ancienne@test.fr' });
    const here = (await signIn(client.emailAddress)).json();
    const elsewhere = (await signIn(client.emailAddress)).json();
    const me = (tokens: { accessToken: string }) =>
      t.app.inject({ method: 'GET', url: '/api/roles', headers: { authorization: `Bearer ${tokens.accessToken}` } });
    const res = await post(
      '/clients/me:open-email-change',
      { emailAddress: 'nadia.nouvelle@exemple.fr', currentPassword: PASSWORD },
      { authorization: `Bearer ${here.accessToken}` },
    );
    expect(res.statusCode).toBe(202);
    // Nothing happens until the new address is proved.
    expect((await me(elsewhere)).statusCode).toBe(200);
    expect(await t.mailsTo('lucie.ancienne@test.fr')).toHaveLength(0);

    const token = tokenFromMail((await t.mailsTo('nadia.nouvelle@exemple.fr'))[0]!.text);
    expect((await post(`/clients/${token}:close-email-verification`)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await post('/auth/refresh', { refreshToken: elsewhere.refreshToken })).statusCode).toBe(400);
    expect((await me(here)).statusCode).toBe(200);

    const [notice] = await t.mailsTo('lucie.ancienne@test.fr');
    expect(notice?.text).toContain('Bonjour Lucie,');
    expect(notice?.text).toContain(
      "L'adresse de votre espace client a été remplacée par n***@exemple.fr ; si vous n'êtes pas à l'origine de ce changement, contactez votre agence.",
    );
    expect(notice?.text).not.toContain('nadia.nouvelle');
  });

  it('a letter-case-only change (204) ends no session and mails nobody', async () => {
    const client = await t.buildClient({ emailAddress: 'Remi.Casse@test.fr' });
    const elsewhere = await t.authHeader(client);
    const res = await post(
      '/clients/me:open-email-change',
      { emailAddress: 'remi.casse@test.fr', currentPassword: PASSWORD },
      await t.authHeader(client),
    );
    expect(res.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/roles', headers: elsewhere })).statusCode).toBe(200);
    expect(await t.mailsTo('Remi.Casse@test.fr')).toHaveLength(0);
  });

  it('both routes are rate limited', async () => {
    const client = await limited.buildClient();
    const auth = await limited.authHeader(client);
    for (const url of ['/api/clients/me:change-password', '/api/clients/me:open-email-change']) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url,
          headers: auth,
          payload: { password: 'Change2026', emailAddress: 'x@test.fr', currentPassword: `Devine${i}2026` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
    }
  });
});
