import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD, tokenFromMail } from '../../../test/helper.js';
import { accountTokens } from '../../db/schema/index.js';

const t = await buildTestApp();

/** Waits for the mail too: a reset is sent after the answer. */
const openReset = async (email: string, context: 'reset' | 'init', headers: Record<string, string> = {}) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admins/${encodeURIComponent(email)}/open-password-reset`,
    payload: { context },
    headers,
  });
  await t.settled();
  return res;
};
const closeReset = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: `/api/admins/${token}/close-password-reset`, payload: { password } });
const signIn = (emailAddress: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/admin', payload: { emailAddress, password } });

describe('admin forgotten password', () => {
  it('mails a working reset link; the new password signs in and the old one no longer does', async () => {
    const admin = await t.buildAdmin({ roleId: 6, firstName: 'Hugo' });
    const res = await openReset(admin.emailAddress, 'reset');
    expect(res.statusCode).toBe(204);
    const [mail] = await t.mailsTo(admin.emailAddress);
    expect(mail?.subject).toBe('Réinitialisation de votre mot de passe');
    expect(mail?.text).toContain('Bonjour Hugo,');
    expect(mail?.text).toContain('http://localhost:3000/intranet/reset-password?token=');
    expect(mail?.html).toContain('/intranet/reset-password?token=');

    const token = tokenFromMail(mail!.text);
    expect((await closeReset(token, 'Nouveau2026')).statusCode).toBe(204);
    expect((await signIn(admin.emailAddress, 'Nouveau2026')).statusCode).toBe(200);
    expect((await signIn(admin.emailAddress, PASSWORD)).statusCode).toBe(401);
  });

  it('answers 204 for an unknown address without sending anything', async () => {
    const res = await openReset('inconnu@nulle-part.fr', 'reset');
    expect(res.statusCode).toBe(204);
    expect(await t.mailsTo('inconnu@nulle-part.fr')).toHaveLength(0);
  });

  it('a reset link works once', async () => {
    const admin = await t.buildAdmin({ roleId: 9 });
    await openReset(admin.emailAddress, 'reset');
    const token = tokenFromMail((await t.mailsTo(admin.emailAddress))[0]!.text);
    expect((await closeReset(token, 'Premier2026')).statusCode).toBe(204);
    const again = await closeReset(token, 'Second2026');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'invalid_token', message: 'Ce lien est invalide ou a expiré.' });
  });

  it('a cut or too short token is a dead link (invalid_token), never a message about its length (issue 25)', async () => {
    const admin = await t.buildAdmin({ roleId: 9 });
    await openReset(admin.emailAddress, 'reset');
    const token = tokenFromMail((await t.mailsTo(admin.emailAddress))[0]!.text);
    for (const cut of ['abc', token.slice(0, 20), `${token}x`]) {
      const res = await closeReset(cut, 'Premier2026');
      expect(res.statusCode, cut).toBe(400);
      expect(res.json(), cut).toMatchObject({ code: 'invalid_token' });
    }
    // The real link still works.
    expect((await closeReset(token, 'Premier2026')).statusCode).toBe(204);
  });

  it('an expired link is refused', async () => {
    const admin = await t.buildAdmin({ roleId: 9 });
    await openReset(admin.emailAddress, 'reset');
    const token = tokenFromMail((await t.mailsTo(admin.emailAddress))[0]!.text);
    await t.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.subjectId, admin.id));
    expect((await closeReset(token, 'Premier2026')).json().code).toBe('invalid_token');
  });

  it('only the newest link of a series works', async () => {
    const admin = await t.buildAdmin({ roleId: 9 });
    await openReset(admin.emailAddress, 'reset');
    await openReset(admin.emailAddress, 'reset');
    const [newest, older] = await t.mailsTo(admin.emailAddress);
    expect((await closeReset(tokenFromMail(older!.text), 'Premier2026')).statusCode).toBe(400);
    expect((await closeReset(tokenFromMail(newest!.text), 'Premier2026')).statusCode).toBe(204);
  });

  it('a weak password is refused with the rule, and the link stays usable', async () => {
    const admin = await t.buildAdmin({ roleId: 9 });
    await openReset(admin.emailAddress, 'reset');
    const token = tokenFromMail((await t.mailsTo(admin.emailAddress))[0]!.text);
    for (const weak of ['court1A', 'sansmajuscule1', 'SANSMINUSCULE1', 'SansChiffre']) {
      const res = await closeReset(token, weak);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      expect(res.json().errors.password[0]).toContain('8 caractères');
    }
    expect((await closeReset(token, 'Valide2026')).statusCode).toBe(204);
  });

  it('a common password is refused on a reset and on a connection link, and the link stays usable', async () => {
    const admin = await t.buildAdmin({ roleId: 9 });
    await openReset(admin.emailAddress, 'reset');
    const token = tokenFromMail((await t.mailsTo(admin.emailAddress))[0]!.text);
    for (const common of ['Azerty123', 'bONJOUR123', 'Paris2024']) {
      const res = await closeReset(token, common);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.password).toEqual(['Ce mot de passe est trop courant : choisissez-en un autre.']);
    }
    expect((await closeReset(token, 'Valide2026')).statusCode).toBe(204);

    const director = await t.buildAdmin({ roleId: 1 });
    const user = await t.buildAdmin({ roleId: 9 });
    await openReset(user.emailAddress, 'init', await t.authHeader(director));
    const link = tokenFromMail((await t.mailsTo(user.emailAddress))[0]!.text);
    expect((await closeReset(link, 'Bienvenue1')).json().errors.password).toEqual([
      'Ce mot de passe est trop courant : choisissez-en un autre.',
    ]);
    expect((await closeReset(link, 'Bienvenue2027')).statusCode).toBe(204);
  });

  it('a password reset ends the sessions already open', async () => {
    const admin = await t.buildAdmin({ roleId: 9 });
    const { refreshToken } = (await signIn(admin.emailAddress, PASSWORD)).json();
    await openReset(admin.emailAddress, 'reset');
    await closeReset(tokenFromMail((await t.mailsTo(admin.emailAddress))[0]!.text), 'Valide2026');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
    expect(res.statusCode).toBe(400);
  });
});

describe('send connection link (context init)', () => {
  it('a network admin sends an adherent user the link to define a password', async () => {
    const manager = await t.buildAdmin({ roleId: 1 });
    const user = await t.buildAdmin({ roleId: 9, passwordHash: null, firstName: 'Inès' });
    const res = await openReset(user.emailAddress, 'init', await t.authHeader(manager));
    expect(res.statusCode).toBe(204);
    const [mail] = await t.mailsTo(user.emailAddress);
    expect(mail?.subject).toBe("Votre accès à l'intranet Réseau Énergie");
    expect(mail?.text).toMatch(/\/intranet\/reset-password\?token=[\w-]+&init=true/);
    expect((await closeReset(tokenFromMail(mail!.text), 'Bienvenue2026')).statusCode).toBe(204);
    expect((await signIn(user.emailAddress, 'Bienvenue2026')).statusCode).toBe(200);
  });

  it('an adherent director sends it to a user of their own adherent, not of another', async () => {
    const director = await t.buildAdmin({ roleId: 4 });
    const colleague = await t.buildAdmin({ roleId: 9, adherentId: director.adherentId, agencyIds: director.agencyIds });
    const stranger = await t.buildAdmin({ roleId: 9 });
    expect((await openReset(colleague.emailAddress, 'init', await t.authHeader(director))).statusCode).toBe(204);
    expect((await openReset(stranger.emailAddress, 'init', await t.authHeader(director))).statusCode).toBe(403);
    expect(await t.mailsTo(stranger.emailAddress)).toHaveLength(0);
  });

  it('is refused to an anonymous caller, to a role without the permission, and to a customer', async () => {
    const target = await t.buildAdmin({ roleId: 9 });
    const technician = await t.buildAdmin({ roleId: 6, adherentId: target.adherentId });
    const client = await t.buildClient();
    expect((await openReset(target.emailAddress, 'init')).statusCode).toBe(401);
    expect((await openReset(target.emailAddress, 'init', await t.authHeader(technician))).statusCode).toBe(403);
    expect((await openReset(target.emailAddress, 'init', await t.authHeader(client))).statusCode).toBe(403);
    expect(await t.mailsTo(target.emailAddress)).toHaveLength(0);
  });

  it('a network account needs network_admins_administration', async () => {
    const animator = await t.buildAdmin({ roleId: 3 });
    const networkAdmin = await t.buildAdmin({ roleId: 2 });
    expect((await openReset(networkAdmin.emailAddress, 'init', await t.authHeader(animator))).statusCode).toBe(403);
  });

  it('answers 404 for an unknown account and 400 for an unknown context', async () => {
    const manager = await t.buildAdmin({ roleId: 1 });
    expect((await openReset('inconnu@test.fr', 'init', await t.authHeader(manager))).statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admins/a@b.fr/open-password-reset',
      payload: { context: 'autre' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.context).toBeDefined();
    const blank = await t.app.inject({ method: 'POST', url: '/api/admins/%20/open-password-reset', payload: {} });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({ email: ['Veuillez remplir ce champ'] });
  });
});
