import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { createTokenSigner } from './tokens.js';

const SECRET = 'test-secret-0123456789-0123456789-abcdef';
const signer = createTokenSigner(SECRET, 900);
const claims = { sub: '7', given_name: 'Luc', family_name: 'Moreau', email_address: 'l@m.fr', data: { roleId: 4, regionId: 1 } };
const key = new TextEncoder().encode(SECRET);
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('access tokens', () => {
  it('verifies what it signs, with the area as audience', async () => {
    const token = await signer.sign('intranet', claims);
    expect(await signer.verify(token)).toMatchObject({ ...claims, aud: 'intranet', iss: 'reseau-energie' });
  });

  it('a token verified before is still refused the second its expiry passes', async () => {
    const shortLived = createTokenSigner(SECRET, 60);
    const token = await shortLived.sign('extranet', claims);
    expect(await shortLived.verify(token)).toMatchObject({ sub: '7', aud: 'extranet' });
    expect(await shortLived.verify(token)).toMatchObject({ sub: '7', aud: 'extranet' });
    vi.useFakeTimers({ now: Date.now() + 61_000 });
    try {
      expect(await shortLived.verify(token)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a token verified before does not vouch for a near copy of it', async () => {
    const token = await signer.sign('intranet', claims);
    expect(await signer.verify(token)).not.toBeNull();
    const [h, p, s] = token.split('.') as [string, string, string];
    const forged = b64({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), data: { roleId: 1, regionId: 1 } });
    expect(await signer.verify(`${h}.${forged}.${s}`)).toBeNull();
    expect(await signer.verify(`${token} `)).toBeNull();
    // What a caller holds cannot be changed through the answer of an earlier check.
    const first = await signer.verify(token);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('refuses a token signed with another secret', async () => {
    const other = createTokenSigner('another-secret-0123456789-0123456789-xyz', 900);
    expect(await signer.verify(await other.sign('intranet', claims))).toBeNull();
  });

  it('refuses a tampered payload (role raised)', async () => {
    const [h, , s] = (await signer.sign('intranet', claims)).split('.');
    const forged = b64({ ...claims, data: { roleId: 1, regionId: 1 }, iss: 'reseau-energie', aud: 'intranet', exp: 9999999999 });
    expect(await signer.verify(`${h}.${forged}.${s}`)).toBeNull();
  });

  it('refuses alg none and any other header', async () => {
    const none = new UnsecuredJWT({ ...claims })
      .setIssuer('reseau-energie')
      .setAudience('intranet')
      .setExpirationTime('1h')
      .encode();
    expect(await signer.verify(none)).toBeNull();
    const withKid = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', kid: 'x' })
      .setIssuer('reseau-energie')
      .setAudience('intranet')
      .setExpirationTime('1h')
      .sign(key);
    expect(await signer.verify(withKid)).toBeNull();
  });

  it('refuses an expired token, another issuer and an unknown audience', async () => {
    const base = () => new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256' });
    const expired = await base()
      .setIssuer('reseau-energie')
      .setAudience('intranet')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 1)
      .sign(key);
    const otherIssuer = await base().setIssuer('ailleurs').setAudience('intranet').setExpirationTime('1h').sign(key);
    const otherAudience = await base().setIssuer('reseau-energie').setAudience('admin').setExpirationTime('1h').sign(key);
    const noExpiry = await base().setIssuer('reseau-energie').setAudience('intranet').sign(key);
    for (const t of [expired, otherIssuer, otherAudience, noExpiry]) expect(await signer.verify(t)).toBeNull();
  });

  it('decodes strictly: trailing characters, a non-canonical signature and padding are refused', async () => {
    const token = await signer.sign('intranet', claims);
    expect(await signer.verify(token)).not.toBeNull();
    expect(await signer.verify(`${token}!!`)).toBeNull();
    expect(await signer.verify(`${token}=`)).toBeNull();

    // The signature's 43rd character carries 2 spare bits: changing them decodes to the same bytes.
    const [h, p, s] = token.split('.') as [string, string, string];
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(s.at(-1)!);
    const twin = `${s.slice(0, -1)}${alphabet[last ^ 1]}`;
    expect(Buffer.from(twin, 'base64url')).toEqual(Buffer.from(s, 'base64url'));
    expect(await signer.verify(`${h}.${p}.${twin}`)).toBeNull();

    // Padding on the header or the payload (the signature is recomputed so only the padding differs).
    const { createHmac } = await import('node:crypto');
    const signed = (header: string, payload: string) =>
      `${header}.${payload}.${createHmac('sha256', SECRET).update(`${header}.${payload}`).digest('base64url')}`;
    expect(await signer.verify(signed(h, p))).not.toBeNull();
    expect(await signer.verify(signed(`${h}=`, p))).toBeNull();
    expect(await signer.verify(signed(h, `${p}==`))).toBeNull();
  });

  it('refuses a signed payload that is not a JSON object', async () => {
    const { createHmac } = await import('node:crypto');
    const h = b64({ alg: 'HS256' });
    for (const body of [[1, 2], 'texte', null, 42]) {
      const p = b64(body as object);
      const token = `${h}.${p}.${createHmac('sha256', SECRET).update(`${h}.${p}`).digest('base64url')}`;
      expect(await signer.verify(token)).toBeNull();
    }
  });

  it('refuses garbage', async () => {
    for (const t of ['', 'abc', 'a.b.c', `${b64({ alg: 'HS256' })}.!!!.???`]) expect(await signer.verify(t)).toBeNull();
  });
});
