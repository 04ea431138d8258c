import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * Lifetime of a search key: 15 minutes, while the web app fetches a new one every 10 (spec 02
 * §9), so that a key in use never expires between two refreshes.
 */
export const SEARCH_KEY_TTL_SECONDS = 15 * 60;

const payloadSchema = z
  .object({
    v: z.literal(2),
    exp: z.number().int(),
    sub: z.number().int().positive(),
    sid: z.uuid(),
    imp: z.number().int().positive().nullable(),
  })
  .strict();
const SEGMENT = /^[A-Za-z0-9_-]+$/;

/** The staff session a search key was issued to (and the user it acted as, when impersonating). */
export interface SearchKeySession {
  adminId: number;
  sessionId: string;
  impersonatedAdminId: number | null;
}

export interface SearchKeys {
  issue(session: SearchKeySession): { apiKey: string; expiresAt: Date };
  /** The session of a valid, unexpired key of ours; null for anything else. */
  verify(apiKey: string): SearchKeySession | null;
}

/**
 * Short-lived search keys: `base64url(payload).base64url(HMAC-SHA256)`. The payload names the
 * staff session it was issued to, and the search endpoint resolves that session as an access
 * token's (`AppDeps.callers`): a key stops with its session (sign-out, revocation, archived
 * account) and reads what the caller may read now, not when it was issued. The HMAC key is
 * derived from JWT_SECRET with its own label, so a search key is never a valid access token and
 * the reverse.
 */
export function createSearchKeys(jwtSecret: string, now: () => number = Date.now): SearchKeys {
  const key = createHmac('sha256', jwtSecret).update('reseau-energie/search-key/v1').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest();
  return {
    issue(session) {
      const exp = Math.floor(now() / 1000) + SEARCH_KEY_TTL_SECONDS;
      const claims = { v: 2, exp, sub: session.adminId, sid: session.sessionId, imp: session.impersonatedAdminId };
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return { apiKey: `${payload}.${sign(payload).toString('base64url')}`, expiresAt: new Date(exp * 1000) };
    },
    verify(apiKey) {
      const parts = apiKey.split('.');
      if (parts.length !== 2 || !parts.every((part) => SEGMENT.test(part))) return null;
      const [payload, signature] = parts as [string, string];
      const given = Buffer.from(signature, 'base64url');
      // Only the canonical spelling of the signature (Node's decoder is lenient).
      if (given.toString('base64url') !== signature) return null;
      const expected = sign(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let decoded: unknown;
      try {
        decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      const parsed = payloadSchema.safeParse(decoded);
      if (!parsed.success || parsed.data.exp <= Math.floor(now() / 1000)) return null;
      const { sub, sid, imp } = parsed.data;
      return { adminId: sub, sessionId: sid, impersonatedAdminId: imp };
    },
  };
}
