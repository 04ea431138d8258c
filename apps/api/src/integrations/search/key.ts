import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { SearchScope } from './search-index.js';

/**
 * Lifetime of a search key: 15 minutes, while the web app fetches a new one every 10 (spec 02
 * §9), so that a key in use never expires between two refreshes.
 */
export const SEARCH_KEY_TTL_SECONDS = 15 * 60;

const ids = z.array(z.number().int()).max(1000).nullable();
const payloadSchema = z
  .object({
    v: z.literal(1),
    exp: z.number().int(),
    scope: z
      .object({
        includePrivate: z.boolean(),
        agencyIds: ids,
        adherentIds: ids,
        regionIds: ids,
        permissions: z.array(z.string().max(100)).max(100).optional(),
      })
      .strict(),
  })
  .strict();
const SEGMENT = /^[A-Za-z0-9_-]+$/;

export interface SearchKeys {
  issue(scope: SearchScope): { apiKey: string; expiresAt: Date };
  /** The scope of a valid, unexpired key of ours; null for anything else. */
  verify(apiKey: string): SearchScope | null;
}

/**
 * Short-lived search keys: `base64url(payload).base64url(HMAC-SHA256)`. The payload carries the
 * caller's read scope so that the search endpoint needs no session (as a hosted index's tenant
 * token would). The HMAC key is derived from JWT_SECRET with its own label, so a search key is
 * never a valid access token and the reverse.
 */
export function createSearchKeys(jwtSecret: string, now: () => number = Date.now): SearchKeys {
  const key = createHmac('sha256', jwtSecret).update('reseau-energie/search-key/v1').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest();
  return {
    issue(scope) {
      const exp = Math.floor(now() / 1000) + SEARCH_KEY_TTL_SECONDS;
      const payload = Buffer.from(JSON.stringify({ v: 1, exp, scope })).toString('base64url');
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
      return parsed.data.scope;
    },
  };
}
