import { createHash, createSecretKey, randomBytes } from 'node:crypto';
import type { AccessTokenClaims, Area } from '@reseau/contracts';
import { jwtVerify, SignJWT } from 'jose';

export interface TokenSigner {
  sign(area: Area, claims: AccessTokenClaims): Promise<string>;
  verify(token: string): Promise<(AccessTokenClaims & { aud: Area }) | null>;
}

const ISSUER = 'reseau-energie';

export function createTokenSigner(secret: string, ttlSeconds: number): TokenSigner {
  // A KeyObject made once: jose would otherwise import the raw secret on every sign and verify.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  return {
    sign: (area, claims) =>
      new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setAudience(area)
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        const aud = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
        if (aud !== 'intranet' && aud !== 'extranet') return null;
        return { ...(payload as unknown as AccessTokenClaims), aud };
      } catch {
        return null;
      }
    },
  };
}

/** An opaque token for links and refresh: 256 random bits; only its hash is stored. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
