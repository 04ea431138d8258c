import {
  AGENCY_API_KEY_CALLS_PER_MINUTE,
  AGENCY_API_KEY_HEADER,
  AGENCY_API_KEY_MESSAGES,
  AGENCY_API_KEY_PREFIX,
} from '@reseau/contracts';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import { asyncGuard, type Guard } from '../../auth/guards.js';
import { hashToken } from '../../auth/tokens.js';
import type { DbOrTx } from '../../db/client.js';
import { agencies, agencyApiKeys } from '../../db/schema/index.js';
import { audit } from '../../kernel/audit.js';
import { AppError } from '../../lib/errors.js';
import { failedKeyLookups } from './failed-lookups.js';

/** The agency key a request was made with, set by `requireAgencyKey`. */
export interface AgencyKeyCaller {
  keyId: number;
  agencyId: number;
  label: string;
  agencyName: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    agencyKey?: AgencyKeyCaller;
  }
}

const invalidKey = () => new AppError('invalid_api_key', 401, AGENCY_API_KEY_MESSAGES.invalidKey);
/** `lastUsedAt` is kept to the minute: one write a minute per key, not one per call. */
const LAST_USED_PRECISION_MS = 60_000;

const keyOf = (request: FastifyRequest) => {
  const value = request.headers[AGENCY_API_KEY_HEADER];
  // A key is the prefix and 43 base64url characters; anything far longer is not worth hashing.
  return typeof value === 'string' && value.startsWith(AGENCY_API_KEY_PREFIX) && value.length <= 100 ? value : null;
};

/** The live key whose hash this is, with its agency; revoked keys are not found. */
async function findLiveKey(db: DbOrTx, key: string) {
  const [row] = await db
    .select({
      keyId: agencyApiKeys.id,
      agencyId: agencyApiKeys.agencyId,
      label: agencyApiKeys.label,
      agencyName: agencies.name,
      lastUsedAt: agencyApiKeys.lastUsedAt,
    })
    .from(agencyApiKeys)
    .innerJoin(agencies, eq(agencies.id, agencyApiKeys.agencyId))
    .where(and(eq(agencyApiKeys.keyHash, hashToken(key)), isNull(agencyApiKeys.revokedAt)));
  return row;
}

/**
 * Guard of the routes an agency's software calls (issue 11): the `x-api-key` header must hold a
 * live key. The key's row is read on every call, so a revoked key is refused at once on every
 * instance. A staff or customer token is no substitute: these routes take the key only.
 * Failed lookups are counted per client address (failed-lookups.ts): past the limit the address
 * is refused before any lookup. All of it is in the guard, so it holds whichever hook runs it.
 */
export function requireAgencyKey(deps: Pick<AppDeps, 'db' | 'throttle'>): Guard {
  return asyncGuard({ kind: 'agency-key' }, checkAgencyKey(deps));
}

/** The check of `requireAgencyKey`, for a guard that takes a key among other callers. */
export function checkAgencyKey(deps: Pick<AppDeps, 'db' | 'throttle'>) {
  return async (request: FastifyRequest) => {
    const failures = failedKeyLookups(deps, request.ip);
    await failures.assertOpen();
    const key = keyOf(request);
    if (!key) throw await failures.failed(invalidKey());
    const row = await findLiveKey(deps.db, key);
    if (!row) throw await failures.failed(invalidKey());
    request.agencyKey = { keyId: row.keyId, agencyId: row.agencyId, label: row.label, agencyName: row.agencyName };
    const now = new Date();
    if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
      const staleBefore = new Date(now.getTime() - LAST_USED_PRECISION_MS);
      await deps.db
        .update(agencyApiKeys)
        .set({ lastUsedAt: now })
        .where(
          and(eq(agencyApiKeys.id, row.keyId), or(isNull(agencyApiKeys.lastUsedAt), lt(agencyApiKeys.lastUsedAt, staleBefore))),
        );
    }
  };
}

export function agencyKeyOf(request: FastifyRequest): AgencyKeyCaller {
  if (!request.agencyKey) throw invalidKey();
  return request.agencyKey;
}

/**
 * What every keyed route spreads into its options: the guard, a limit per key (its hash names
 * the bucket; calls without a key share their address's), and an audit line per call once it is
 * answered (method, route as the spec writes it, status; never the key).
 */
export function agencyKeyRoute(deps: Pick<AppDeps, 'db' | 'throttle'>) {
  return {
    onRequest: requireAgencyKey(deps),
    config: {
      rateLimit: {
        max: AGENCY_API_KEY_CALLS_PER_MINUTE,
        timeWindow: '1 minute',
        keyGenerator: (request: FastifyRequest) => {
          const key = keyOf(request);
          return key ? `agency-key:${hashToken(key)}` : `agency-key-ip:${request.ip}`;
        },
      },
    },
    // Written before the answer leaves (onSend, not onResponse), so that a call the software saw
    // answered is always in the audit by then.
    onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const caller = request.agencyKey;
      if (!caller) return payload;
      await audit(deps.db, {
        action: 'agency_api_key.call',
        entity: 'agency_api_key',
        entityId: caller.keyId,
        details: {
          agencyId: caller.agencyId,
          method: request.method,
          route: request.routeOptions.url?.replaceAll('::', ':'),
          status: reply.statusCode,
        },
        ip: request.ip,
      }).catch((error: unknown) => request.log.warn({ err: error }, 'agency key call not audited'));
      return payload;
    },
  };
}
