import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD, tokenFromMail } from '../../../test/helper.js';
import { refreshTokens, sessions } from '../../db/schema/index.js';

const t = await buildTestApp();
// Its own app: the logout rate limit counts every call of the file otherwise.
const limited = await buildTestApp();

type Tokens = { accessToken: string; refreshToken: string };
const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers });
const bearer = (tokens: Tokens) => ({ authorization: `Bearer ${tokens.accessToken}` });
const signIn = async (area: 'admin' | 'client', emailAddress: string): Promise<Tokens> => {
  const res = await post(`/auth/${area}`, { emailAddress, password: PASSWORD });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const refresh = (tokens: Tokens) => post('/auth/refresh', { refreshToken: tokens.refreshToken });
const logout = (payload?: object, headers: Record<string, string> = {}) => post('/auth/logout', payload, headers);
/** Any signed-in caller may read the roles: a plain "does this token still open the API". */
const call = (tokens: Tokens | Record<string, string>) =>
  t.app
    .inject({ method: 'GET', url: '/api/roles', headers: 'accessToken' in tokens ? bearer(tokens as Tokens) : tokens })
    .then((r) => r.statusCode);
const sessionOf = async (tokens: Tokens) => {
  const [row] = await t.db
    .select()
    .from(sessions)
    .where(eq(sessions.id, String(decodeJwt(tokens.accessToken).sid)));
  return row!;
};

describe('sessions', () => {
  it('a sign-in opens a session of 30 days that refreshes keep, without extending it', async () => {
    const client = await t.buildClient();
    const first = await signIn('client', client.emailAddress);
    const session = await sessionOf(first);
    expect(session).toMatchObject({ subjectKind: 'client', subjectId: client.id, revokedAt: null });
    const days = (session.expiresAt.getTime() - session.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(30, 3);

    const second = (await refresh(first)).json();
    expect(decodeJwt(second.accessToken).sid).toBe(session.id);
    expect((await sessionOf(second)).expiresAt).toEqual(session.expiresAt);
    const [stored] = await t.db
      .select({ expiresAt: refreshTokens.expiresAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, session.id))
      .orderBy(refreshTokens.id);
    expect(stored?.expiresAt).toEqual(session.expiresAt);
  });

  it('a refresh never gives a refresh token beyond the end of its session', async () => {
    const admin = await t.buildAdmin({ roleId: 2 });
    const first = await signIn('admin', admin.emailAddress);
    const end = new Date(Date.now() + 3_600_000);
    await t.db
      .update(sessions)
      .set({ expiresAt: end })
      .where(eq(sessions.id, (await sessionOf(first)).id));
    const second = (await refresh(first)).json();
    const [row] = await t.db
      .select({ expiresAt: refreshTokens.expiresAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, (await sessionOf(second)).id))
      .orderBy(refreshTokens.id)
      .offset(1);
    expect(row?.expiresAt).toEqual(end);
  });

  it('ends 30 days after the sign-in: then the refresh is refused and the access token stops at once', async () => {
    const client = await t.buildClient();
    const tokens = await signIn('client', client.emailAddress);
    expect(await call(tokens)).toBe(200);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, (await sessionOf(tokens)).id));
    // Time does not pass here: the session's end is moved by SQL, a change every instance hears
    // through NOTIFY (auth/principal-cache.ts). Real expiry needs no message: a caller is never
    // kept past its session's end (principal-cache.test.ts).
    await expect.poll(() => call(tokens)).toBe(401);
    const res = await refresh(tokens);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_refresh_token');
  });

  it('a token without a session id, or with another account’s session, opens nothing', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const client = await t.buildClient();
    expect(await call(await t.authHeader(admin))).toBe(200);
    expect(await call(await t.authHeader(admin, 'intranet', { withSession: false }))).toBe(401);
    expect(await call(await t.authHeader(client, 'extranet', { withSession: false }))).toBe(401);

    // The client's genuine session id, put in a token for the admin (as if the secret leaked).
    const clientTokens = await signIn('client', client.emailAddress);
    const { createTokenSigner } = await import('../../auth/tokens.js');
    const signer = createTokenSigner(t.config.JWT_SECRET, 900);
    const adminClaims = {
      sub: String(admin.id),
      given_name: '',
      family_name: '',
      email_address: admin.emailAddress,
      data: { roleId: 1, regionId: null },
    };
    const forged = await signer.sign('intranet', { ...adminClaims, sid: String(decodeJwt(clientTokens.accessToken).sid) });
    expect(await call({ authorization: `Bearer ${forged}` })).toBe(401);
    const malformed = await signer.sign('intranet', { ...adminClaims, sid: "x' or 1=1" });
    expect(await call({ authorization: `Bearer ${malformed}` })).toBe(401);
  });

  it('a reused refresh token revokes the session: the newest access token stops at once', async () => {
    const client = await t.buildClient();
    const first = await signIn('client', client.emailAddress);
    const second = (await refresh(first)).json();
    expect(await call(second)).toBe(200);
    expect((await refresh(first)).statusCode).toBe(400);
    expect(await call(second)).toBe(401);
    expect((await refresh(second)).statusCode).toBe(400);
  });

  it('concurrent refreshes of one token: exactly one wins', async () => {
    const admin = await t.buildAdmin({ roleId: 3 });
    const tokens = await signIn('admin', admin.emailAddress);
    const answers = await Promise.all(Array.from({ length: 6 }, () => refresh(tokens)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });
});

describe('POST /api/auth/logout', () => {
  it('with the bearer only: that session ends (access and refresh), the other one keeps working', async () => {
    const client = await t.buildClient();
    const here = await signIn('client', client.emailAddress);
    const elsewhere = await signIn('client', client.emailAddress);
    const res = await logout(undefined, bearer(here));
    expect(res.statusCode).toBe(204);
    expect(await call(here)).toBe(401);
    expect((await refresh(here)).statusCode).toBe(400);
    expect(await call(elsewhere)).toBe(200);
    expect((await refresh(elsewhere)).statusCode).toBe(200);
  });

  it('with the refresh token only: its session ends, its access token too', async () => {
    const admin = await t.buildAdmin({ roleId: 4 });
    const tokens = await signIn('admin', admin.emailAddress);
    expect((await logout({ refreshToken: tokens.refreshToken })).statusCode).toBe(204);
    expect(await call(tokens)).toBe(401);
    expect((await refresh(tokens)).statusCode).toBe(400);
    expect((await sessionOf(tokens)).revokedAt).not.toBeNull();
  });

  it('with both, twice, or with unknown tokens: always 204', async () => {
    const client = await t.buildClient();
    const tokens = await signIn('client', client.emailAddress);
    expect((await logout({ refreshToken: tokens.refreshToken }, bearer(tokens))).statusCode).toBe(204);
    expect((await logout({ refreshToken: tokens.refreshToken }, bearer(tokens))).statusCode).toBe(204);
    expect((await logout({ refreshToken: 'inconnu' })).statusCode).toBe(204);
    expect((await logout()).statusCode).toBe(204);
    expect((await logout({}, { authorization: 'Bearer pas.un.jeton' })).statusCode).toBe(204);
    expect((await logout({ refreshToken: 42 })).json().code).toBe('validation_failed');
  });

  it('a refresh racing a logout cannot keep the session alive', async () => {
    const client = await t.buildClient();
    const tokens = await signIn('client', client.emailAddress);
    const [, rotated] = await Promise.all([logout({ refreshToken: tokens.refreshToken }), refresh(tokens)]);
    if (rotated.statusCode === 200) {
      const next = rotated.json();
      expect(await call(next)).toBe(401);
      expect((await refresh(next)).statusCode).toBe(400);
    } else expect(rotated.statusCode).toBe(400);
    expect(await call(tokens)).toBe(401);
  });

  it('is rate limited like the refresh', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 61; i++) {
      statuses.add((await limited.app.inject({ method: 'POST', url: '/api/auth/logout', payload: {} })).statusCode);
    }
    expect([...statuses]).toEqual([204, 429]);
  });
});

describe('a password reset ends every session at once', () => {
  it('customer', async () => {
    const client = await t.buildClient();
    const a = await signIn('client', client.emailAddress);
    const b = await signIn('client', client.emailAddress);
    await post(`/clients/${client.emailAddress}:open-password-reset`, { context: 'reset' });
    await t.settled(); // the mail leaves after the answer
    const token = tokenFromMail((await t.mailsTo(client.emailAddress))[0]!.text);
    expect((await post(`/clients/${token}:close-password-reset`, { password: 'Radiateur2026' })).statusCode).toBe(204);
    expect(await call(a)).toBe(401);
    expect(await call(b)).toBe(401);
  });

  it('staff', async () => {
    const admin = await t.buildAdmin({ roleId: 5 });
    const tokens = await signIn('admin', admin.emailAddress);
    await post(`/admins/${admin.emailAddress}/open-password-reset`, { context: 'reset' });
    await t.settled(); // the mail leaves after the answer
    const token = tokenFromMail((await t.mailsTo(admin.emailAddress))[0]!.text);
    expect((await post(`/admins/${token}/close-password-reset`, { password: 'Radiateur2026' })).statusCode).toBe(204);
    expect(await call(tokens)).toBe(401);
  });
});
