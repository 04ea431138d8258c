import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD } from '../../../test/helper.js';
import { refreshTokens } from '../../db/schema/index.js';

const t = await buildTestApp();
const limited = await buildTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '3' });

const signIn = (area: 'admin' | 'client', emailAddress: string, password = PASSWORD) =>
  t.app.inject({ method: 'POST', url: `/api/auth/${area}`, payload: { emailAddress, password } });

describe('POST /api/auth/admin', () => {
  it('answers an access token with the spec claims and a refresh token', async () => {
    const admin = await t.buildAdmin({ roleId: 4, firstName: 'Luc', lastName: 'Moreau', regionId: 3 });
    const res = await signIn('admin', admin.emailAddress.toUpperCase());
    expect(res.statusCode).toBe(200);
    const { accessToken, refreshToken } = res.json();
    expect(refreshToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const claims = decodeJwt(accessToken);
    expect(claims).toMatchObject({
      sub: String(admin.id),
      given_name: 'Luc',
      family_name: 'Moreau',
      aud: 'intranet',
      data: { roleId: 4, regionId: 3 },
    });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(900);
    // The token opens the API.
    const roles = await t.app.inject({ method: 'GET', url: '/api/roles', headers: { authorization: `Bearer ${accessToken}` } });
    expect(roles.statusCode).toBe(200);
  });

  it('refuses a wrong password, an unknown email and a disabled account with the same message', async () => {
    const admin = await t.buildAdmin({ roleId: 9 });
    const disabled = await t.buildAdmin({ roleId: 9, isActive: false });
    for (const res of [
      await signIn('admin', admin.emailAddress, 'Wrong1234'),
      await signIn('admin', 'personne@nulle-part.fr'),
      await signIn('admin', disabled.emailAddress),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 'invalid_credentials',
        message: "Votre adresse email ou votre mot de passe n'est pas valide.",
      });
    }
  });

  it('refuses a customer on the staff sign-in', async () => {
    const client = await t.buildClient();
    expect((await signIn('admin', client.emailAddress)).statusCode).toBe(401);
  });

  it('answers validation_failed with per-field French messages on a bad body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/admin', payload: { emailAddress: '' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation_failed');
    expect(body.errors.emailAddress).toEqual(['Veuillez remplir ce champ']);
    expect(body.errors.password).toBeDefined();
  });
});

describe('POST /api/auth/client', () => {
  it('signs a verified customer in to the extranet', async () => {
    const client = await t.buildClient({ firstName: 'Sophie' });
    const res = await signIn('client', client.emailAddress);
    expect(res.statusCode).toBe(200);
    expect(decodeJwt(res.json().accessToken)).toMatchObject({
      aud: 'extranet',
      sub: String(client.id),
      given_name: 'Sophie',
      data: { roleId: null },
    });
  });

  it('refuses a customer whose email is not verified yet, and a staff member', async () => {
    const pending = await t.buildClient({ emailVerifiedAt: null });
    const admin = await t.buildAdmin({ roleId: 1 });
    expect((await signIn('client', pending.emailAddress)).json().code).toBe('invalid_credentials');
    expect((await signIn('client', admin.emailAddress)).statusCode).toBe(401);
  });

  it('does not let an extranet token call an admin-only route', async () => {
    const client = await t.buildClient();
    const { accessToken } = (await signIn('client', client.emailAddress)).json();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admins/someone@test.fr/open-password-reset',
      headers: { authorization: `Bearer ${accessToken}` },
      payload: { context: 'init' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/auth/refresh', () => {
  const refresh = (refreshToken: string) => t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });

  it('rotates: a new pair is issued and the old refresh token is spent', async () => {
    const admin = await t.buildAdmin({ roleId: 2 });
    const first = (await signIn('admin', admin.emailAddress)).json();
    const res = await refresh(first.refreshToken);
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(decodeJwt(second.accessToken).sub).toBe(String(admin.id));
  });

  it('a reused refresh token answers 400 and revokes its whole family', async () => {
    const client = await t.buildClient();
    const first = (await signIn('client', client.emailAddress)).json();
    const second = (await refresh(first.refreshToken)).json();
    const reuse = await refresh(first.refreshToken);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().code).toBe('invalid_refresh_token');
    // The thief's reuse also kills the legitimate newer token.
    expect((await refresh(second.refreshToken)).statusCode).toBe(400);
  });

  it('refuses an unknown, an expired and a disabled account token', async () => {
    expect((await refresh('not-a-real-token')).statusCode).toBe(400);
    const admin = await t.buildAdmin({ roleId: 3 });
    const tokens = (await signIn('admin', admin.emailAddress)).json();
    await t.db.update(refreshTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await refresh(tokens.refreshToken)).statusCode).toBe(400);

    const other = await t.buildAdmin({ roleId: 3 });
    const otherTokens = (await signIn('admin', other.emailAddress)).json();
    const { admins } = await import('../../db/schema/index.js');
    await t.db.update(admins).set({ isActive: false }).where(eq(admins.id, other.id));
    expect((await refresh(otherTokens.refreshToken)).statusCode).toBe(400);
  });

  it('answers validation_failed without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });
});

describe('rate limiting', () => {
  it('limits sign-in attempts per minute with a French 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/admin',
        payload: { emailAddress: 'x@y.fr', password: 'Nope1234' },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json()).toMatchObject({ code: 'too_many_requests' });
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
