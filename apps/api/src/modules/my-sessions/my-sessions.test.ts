import { ERROR_MESSAGES, IMPERSONATION_HEADER, SESSION_MESSAGES } from '@reseau/contracts';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD, tokenFromMail } from '../../../test/helper.js';
import { auditLog, sessions } from '../../db/schema/index.js';

const t = await buildTestApp({}, { modules: ['auth', 'my-sessions'] });

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CHROME_WINDOWS_NEXT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/132.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

type Tokens = { accessToken: string; refreshToken: string };
type Account = { emailAddress: string };
const area = (who: Account & { roleId?: number }) => (who.roleId ? 'admin' : 'client');

const signIn = async (who: Account & { roleId?: number }, userAgent: string, remoteAddress = '203.0.113.7'): Promise<Tokens> => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/auth/${area(who)}`,
    remoteAddress,
    headers: { 'user-agent': userAgent },
    payload: { emailAddress: who.emailAddress, password: PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const as = (tokens: Tokens | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: tokens ? { authorization: `Bearer ${tokens.accessToken}` } : {},
    ...(payload ? { payload } : {}),
  });
const sid = (tokens: Tokens) => String(decodeJwt(tokens.accessToken).sid);
const listOf = async (tokens: Tokens) => {
  const res = await as(tokens, 'GET', '/me/sessions');
  expect(res.statusCode).toBe(200);
  return res.json().sessions as { id: string; deviceLabel: string; ipAddress: string | null; isCurrent: boolean }[];
};
const endByLink = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/sessions:end-by-link', payload: { token } });
const refresh = (tokens: Tokens) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: tokens.refreshToken } });
const newDeviceMails = async (to: string) =>
  (await t.mailsTo(to)).filter((m) => m.subject === 'Nouvelle connexion à votre compte');

describe('Mes connexions', () => {
  it('lists the open sessions of the caller only, with device, address, and which one asks', async () => {
    const client = await t.buildClient();
    const other = await t.buildClient();
    const home = await signIn(client, CHROME_WINDOWS, '198.51.100.20');
    const phone = await signIn(client, SAFARI_IPHONE, '198.51.100.21');
    await signIn(other, FIREFOX_LINUX);

    const list = await listOf(phone);
    expect(list).toHaveLength(2);
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: sid(home),
          deviceLabel: 'Chrome sur Windows',
          ipAddress: '198.51.100.20',
          isCurrent: false,
        }),
        expect.objectContaining({
          id: sid(phone),
          deviceLabel: 'Safari sur iPhone',
          ipAddress: '198.51.100.21',
          isCurrent: true,
        }),
      ]),
    );
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sid(home)));
    expect(row?.userAgent).toBe(CHROME_WINDOWS);
  });

  it('keeps at most 512 characters of the user agent and names an unknown one', async () => {
    const admin = await t.buildAdmin({ roleId: 6 });
    const tokens = await signIn(admin, `outil-maison ${'x'.repeat(600)}`);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sid(tokens)));
    expect(row?.userAgent).toHaveLength(512);
    expect((await listOf(tokens))[0]?.deviceLabel).toBe(SESSION_MESSAGES.unknownDevice);
  });

  it('a refresh writes the last use; an ordinary request does not', async () => {
    const client = await t.buildClient();
    const tokens = await signIn(client, CHROME_WINDOWS);
    const past = new Date(Date.now() - 3_600_000);
    await t.db
      .update(sessions)
      .set({ lastUsedAt: past })
      .where(eq(sessions.id, sid(tokens)));
    await listOf(tokens);
    const [before] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sid(tokens)));
    expect(before?.lastUsedAt).toEqual(past);
    expect((await refresh(tokens)).statusCode).toBe(200);
    const [after] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sid(tokens)));
    expect(after!.lastUsedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('ends one of its own: its access token stops at once and its refresh is refused', async () => {
    const admin = await t.buildAdmin({ roleId: 2 });
    const desk = await signIn(admin, CHROME_WINDOWS);
    const laptop = await signIn(admin, FIREFOX_LINUX);
    expect((await as(laptop, 'GET', '/me/sessions')).statusCode).toBe(200);

    expect((await as(desk, 'DELETE', `/me/sessions/${sid(laptop)}`)).statusCode).toBe(204);
    expect((await as(laptop, 'GET', '/me/sessions')).statusCode).toBe(401);
    expect((await refresh(laptop)).json().code).toBe('invalid_refresh_token');
    expect((await listOf(desk)).map((s) => s.id)).toEqual([sid(desk)]);
    // Already ended: nothing left to end.
    expect((await as(desk, 'DELETE', `/me/sessions/${sid(laptop)}`)).statusCode).toBe(404);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.session_ended'), eq(auditLog.entityId, sid(laptop))));
    expect(entry).toMatchObject({ actorAdminId: admin.id, entity: 'session', details: { by: 'owner', current: false } });
  });

  it('another account’s session is not found, a customer cannot end a staff session, and ids are checked', async () => {
    const admin = await t.buildAdmin({ roleId: 4 });
    const colleague = await t.buildAdmin({ roleId: 4 });
    const client = await t.buildClient();
    const staff = await signIn(admin, CHROME_WINDOWS);
    const theirs = await signIn(colleague, CHROME_WINDOWS);
    const customer = await signIn(client, CHROME_WINDOWS);

    const byColleague = await as(theirs, 'DELETE', `/me/sessions/${sid(staff)}`);
    expect(byColleague.statusCode).toBe(404);
    expect(byColleague.json().message).toBe('La session demandée est introuvable.');
    expect((await as(customer, 'DELETE', `/me/sessions/${sid(staff)}`)).statusCode).toBe(404);
    expect((await as(staff, 'GET', '/me/sessions')).statusCode).toBe(200);

    const malformed = await as(staff, 'DELETE', '/me/sessions/12');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'validation_failed', errors: { id: [ERROR_MESSAGES.not_found] } });
    expect((await as(null, 'GET', '/me/sessions')).statusCode).toBe(401);
    expect((await as(null, 'POST', '/me/sessions:end-others')).statusCode).toBe(401);
  });

  it('while impersonating, they are the network admin’s own: the user’s sessions stay out of reach', async () => {
    const superAdmin = await t.buildAdmin({ roleId: 1 });
    const director = await t.buildAdmin({ roleId: 4 });
    const own = await signIn(superAdmin, CHROME_WINDOWS);
    const theirs = await signIn(director, SAFARI_IPHONE);
    const asDirector = (method: 'GET' | 'DELETE', url: string) =>
      t.app.inject({
        method,
        url: `/api${url}`,
        headers: { authorization: `Bearer ${own.accessToken}`, [IMPERSONATION_HEADER]: String(director.id) },
      });

    const list = (await asDirector('GET', '/me/sessions')).json().sessions as { id: string; isCurrent: boolean }[];
    expect(list.map((s) => [s.id, s.isCurrent])).toEqual([[sid(own), true]]);
    expect((await asDirector('DELETE', `/me/sessions/${sid(theirs)}`)).statusCode).toBe(404);
    expect((await as(theirs, 'GET', '/me/sessions')).statusCode).toBe(200);
  });

  it('ending all the others keeps the current one', async () => {
    const client = await t.buildClient();
    const kept = await signIn(client, CHROME_WINDOWS);
    const a = await signIn(client, SAFARI_IPHONE);
    const b = await signIn(client, FIREFOX_LINUX);
    const stranger = await signIn(await t.buildClient(), CHROME_WINDOWS);

    const res = await as(kept, 'POST', '/me/sessions:end-others');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ endedCount: 2 });
    expect((await as(a, 'GET', '/me/sessions')).statusCode).toBe(401);
    expect((await as(b, 'GET', '/me/sessions')).statusCode).toBe(401);
    expect((await listOf(kept)).map((s) => [s.id, s.isCurrent])).toEqual([[sid(kept), true]]);
    expect((await as(stranger, 'GET', '/me/sessions')).statusCode).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.other_sessions_ended'), eq(auditLog.actorClientId, client.id)));
    expect(entry?.details).toEqual({ endedCount: 2 });
  });
});

describe('the new-device mail', () => {
  it('is not sent at the first sign-in, nor for a known device (a newer browser version included)', async () => {
    const client = await t.buildClient();
    await signIn(client, CHROME_WINDOWS);
    await signIn(client, CHROME_WINDOWS_NEXT);
    expect(await newDeviceMails(client.emailAddress)).toHaveLength(0);
  });

  it('is sent once for a new device, in French, with when, device, address and a link that ends that session once', async () => {
    const admin = await t.buildAdmin({ roleId: 3 });
    const first = await signIn(admin, CHROME_WINDOWS);
    const intruder = await signIn(admin, FIREFOX_LINUX, '192.0.2.44');
    await signIn(admin, CHROME_WINDOWS);
    const mails = await newDeviceMails(admin.emailAddress);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.text).toContain("Une connexion à votre compte de l'intranet Réseau Énergie vient d'avoir lieu");
    expect(mail.text).toMatch(/Le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2} — Firefox sur Linux — adresse IP 192\.0\.2\.44/);
    expect(mail.text).toContain('http://localhost:3000/intranet/end-session?token=');
    const token = tokenFromMail(mail.text);
    // Only its hash is kept.
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sid(intruder)));
    expect(row?.endLinkHash).not.toContain(token);

    expect((await endByLink(token)).statusCode).toBe(204);
    expect((await as(intruder, 'GET', '/me/sessions')).statusCode).toBe(401);
    expect((await refresh(intruder)).statusCode).toBe(400);
    expect((await as(first, 'GET', '/me/sessions')).statusCode).toBe(200);

    const again = await endByLink(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'invalid_token', message: SESSION_MESSAGES.linkInvalid });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.session_ended'), eq(auditLog.entityId, sid(intruder))));
    expect(entry).toMatchObject({ actorAdminId: admin.id, details: { by: 'mail_link' } });
    expect(JSON.stringify(entry)).not.toContain(token);
  });

  it('leads a customer to the extranet’s page', async () => {
    const client = await t.buildClient();
    await signIn(client, CHROME_WINDOWS);
    await signIn(client, SAFARI_IPHONE);
    const [mail] = await newDeviceMails(client.emailAddress);
    expect(mail?.text).toContain('http://localhost:3000/extranet/end-session?token=');
    expect(mail?.text).toContain('Safari sur iPhone');
  });

  it('refuses a made-up token, a link whose session is over, and a missing one', async () => {
    const made = await endByLink('A'.repeat(43));
    expect(made.statusCode).toBe(400);
    expect(made.json().message).toBe(SESSION_MESSAGES.linkInvalid);

    const client = await t.buildClient();
    await signIn(client, CHROME_WINDOWS);
    const late = await signIn(client, FIREFOX_LINUX);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, sid(late)));
    const [mail] = await newDeviceMails(client.emailAddress);
    expect((await endByLink(tokenFromMail(mail!.text))).json().message).toBe(SESSION_MESSAGES.linkInvalid);

    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/sessions:end-by-link', payload: {} });
    expect(missing.json()).toMatchObject({ code: 'validation_failed', errors: { token: ['Veuillez remplir ce champ'] } });
  });

  it('two clicks at once: one ends the session, the other is told the link no longer works', async () => {
    const client = await t.buildClient();
    await signIn(client, CHROME_WINDOWS);
    await signIn(client, SAFARI_IPHONE);
    const token = tokenFromMail((await newDeviceMails(client.emailAddress))[0]!.text);
    const answers = await Promise.all(Array.from({ length: 5 }, () => endByLink(token)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([204, 400, 400, 400, 400]);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.session_ended'), eq(auditLog.actorClientId, client.id)));
    expect(entries).toHaveLength(1);
  });
});
