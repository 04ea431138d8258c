import type { Area } from '@reseau/contracts/constants/auth';

/** What the web app reads in the access token (spec 00 §3). Never verified here: the server does. */
export interface TokenClaims {
  sub: string;
  given_name: string;
  family_name: string;
  email_address?: string;
  data?: { roleId?: number | null; regionId?: number | null };
  aud?: Area | Area[] | string | string[];
  exp?: number;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Decodes the payload of a JWT; null when the text is not a readable token. */
export function decodeToken(token: string | null | undefined): TokenClaims | null {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(base64UrlDecode(payload)) as TokenClaims;
    return claims && typeof claims === 'object' ? claims : null;
  } catch {
    return null;
  }
}

/** The area a token was issued for (`aud` claim). */
export function tokenArea(claims: TokenClaims | null): Area | null {
  if (!claims) return null;
  const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (aud.includes('intranet')) return 'intranet';
  if (aud.includes('extranet')) return 'extranet';
  return null;
}
