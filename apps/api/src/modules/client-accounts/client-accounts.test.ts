import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD, tokenFromMail } from '../../../test/helper.js';
import { clients } from '../../db/schema/index.js';

const t = await buildTestApp();

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers });
const signIn = (emailAddress: string, password = PASSWORD) => post('/auth/client', { emailAddress, password });
/** A customer an agency knows, who has not connected yet. */
const newcomer = () => t.buildClient({ passwordHash: null, emailVerifiedAt: null, firstName: 'Paul' });

describe('first connection (open and close email verification)', () => {
  it('sets the password, mails the link, and the customer signs in once verified', async () => {
    const client = await newcomer();
    const res = await post(`/clients/${client.emailAddress}:open-email-verification`, { password: 'Bonjour2026' });
    expect(res.statusCode).toBe(204);
    // Not usable before the link is followed.
    expect((await signIn(client.emailAddress, 'Bonjour2026')).statusCode).toBe(401);

    const [mail] = await t.mailsTo(client.emailAddress);
    expect(mail?.subject).toBe('Confirmez votre adresse email');
    expect(mail?.text).toContain('http://localhost:3000/extranet/verify-email?token=');
    const close = await post(`/clients/${tokenFromMail(mail!.text)}:close-email-verification`);
    expect(close.statusCode).toBe(200);
    expect(close.json()).toEqual({ purpose: 'email_verification', redirectUrl: null });
    expect((await signIn(client.emailAddress, 'Bonjour2026')).statusCode).toBe(200);
  });

  it('answers 404 with guidance for an email no agency knows', async () => {
    const res = await post('/clients/inconnu@test.fr:open-email-verification', { password: 'Bonjour2026' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('donnée à votre agence');
    // A customer row without any agency is not a customer of the network either.
    const orphan = await t.buildClient({ agencyIds: [], passwordHash: null, emailVerifiedAt: null });
    expect((await post(`/clients/${orphan.emailAddress}:open-email-verification`, { password: 'Bonjour2026' })).statusCode).toBe(
      404,
    );
  });

  it('answers user_already_verified for an account already in use', async () => {
    const client = await t.buildClient();
    const res = await post(`/clients/${client.emailAddress}:open-email-verification`, { password: 'Bonjour2026' });
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
    await post(`/clients/${client.emailAddress}:open-email-verification`, { password: 'Bonjour2026' });
    const token = tokenFromMail((await t.mailsTo(client.emailAddress))[0]!.text);
    expect((await post(`/clients/${token}:close-email-verification`)).statusCode).toBe(200);
    expect((await post(`/clients/${token}:close-email-verification`)).json().code).toBe('invalid_token');
    expect((await post('/clients/abcdefghijklmnop:close-email-verification')).statusCode).toBe(400);
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
    const res = await post('/clients/me:change-password', { password: 'Change2026' }, await t.authHeader(client));
    expect(res.statusCode).toBe(204);
    expect((await signIn(client.emailAddress, 'Change2026')).statusCode).toBe(200);
  });

  it('signs out the other devices and keeps the session that changed it', async () => {
    const client = await t.buildClient();
    const here = (await signIn(client.emailAddress)).json();
    const elsewhere = (await signIn(client.emailAddress)).json();
    const res = await post(
      '/clients/me:change-password',
      { password: 'Change2026' },
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
    expect((await post('/clients/me:change-password', { password: 'abc' }, await t.authHeader(client))).json().code).toBe(
      'validation_failed',
    );
    expect((await post('/clients/me:change-password', { password: 'Change2026' })).statusCode).toBe(401);
    expect((await post('/clients/me:change-password', { password: 'Change2026' }, await t.authHeader(admin))).statusCode).toBe(
      403,
    );
  });
});

describe('POST /api/clients/me:open-email-change', () => {
  it('202: mails the new address; following the link changes the sign-in email and returns the redirect', async () => {
    const client = await t.buildClient();
    const res = await post(
      '/clients/me:open-email-change',
      { emailAddress: 'nouvelle.adresse@test.fr', redirectUrl: 'http://localhost:3000/extranet/personal-info' },
      await t.authHeader(client),
    );
    expect(res.statusCode).toBe(202);
    const [mail] = await t.mailsTo('nouvelle.adresse@test.fr');
    expect(mail?.subject).toBe('Confirmez votre nouvelle adresse email');
    // Until confirmed, the old address still signs in.
    expect((await signIn(client.emailAddress)).statusCode).toBe(200);
    const close = await post(`/clients/${tokenFromMail(mail!.text)}:close-email-verification`);
    expect(close.json()).toEqual({ purpose: 'email_change', redirectUrl: '/extranet/personal-info' });
    expect((await signIn('nouvelle.adresse@test.fr')).statusCode).toBe(200);
    expect((await signIn(client.emailAddress)).statusCode).toBe(401);
  });

  it('204 when only the letter case changes', async () => {
    const client = await t.buildClient({ emailAddress: 'Marie.Dupont@test.fr' });
    const res = await post('/clients/me:open-email-change', { emailAddress: 'marie.dupont@test.fr' }, await t.authHeader(client));
    expect(res.statusCode).toBe(204);
    const [row] = await t.db.select().from(clients).where(eq(clients.id, client.id));
    expect(row?.emailAddress).toBe('marie.dupont@test.fr');
  });

  it('same_email for the current address, email_already_used for another account', async () => {
    const client = await t.buildClient();
    const other = await t.buildClient();
    const same = await post('/clients/me:open-email-change', { emailAddress: client.emailAddress }, await t.authHeader(client));
    expect(same.statusCode).toBe(400);
    expect(same.json().code).toBe('same_email');
    const taken = await post('/clients/me:open-email-change', { emailAddress: other.emailAddress }, await t.authHeader(client));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('email_already_used');
  });

  it('ignores a redirect outside the extranet (no open redirect through a mail)', async () => {
    const client = await t.buildClient();
    await post(
      '/clients/me:open-email-change',
      { emailAddress: 'ailleurs@test.fr', redirectUrl: 'https://evil.example/phish' },
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
    const bad = await post('/clients/me:open-email-change', { emailAddress: 'pas-une-adresse' }, await t.authHeader(client));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.emailAddress).toEqual(['Veuillez saisir une adresse email valide']);
    expect((await post('/clients/me:open-email-change', { emailAddress: 'a@b.fr' })).statusCode).toBe(401);
    expect((await post('/clients/me:open-email-change', { emailAddress: 'a@b.fr' }, await t.authHeader(admin))).statusCode).toBe(
      403,
    );
  });
});
