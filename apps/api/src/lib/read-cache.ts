import type { FastifyReply } from 'fastify';
import { createPrincipalCache, type PrincipalCache } from '../auth/principal-cache.js';

/**
 * Lists read on nearly every screen — the caller's agencies (GET /agencies), a customer's
 * contracts (GET /agency-contracts/mine) — kept by each instance for a few seconds, on the rules
 * of the principal cache (auth/principal-cache.ts), so most of those requests skip the database:
 * - any write to a table they read (agencies, admin_agencies, client_agencies, agency_contracts)
 *   fires NOTIFY `reads_changed` at commit, whatever code or SQL makes it (migration 0023), and
 *   every instance empties its cache when it hears it;
 * - a write request answered by this instance empties it before its answer leaves, so the
 *   writer's next read never races the notification (app.ts);
 * - nothing is cached while the listening connection is down (fail closed: the database answers);
 * - an entry lives 10 s at most.
 * An entry is the answer's JSON as the route's serializer wrote it, in UTF-8, so a hit costs no
 * serialisation (it was an eighth of GET /agencies's cost) nor encoding.
 * The key must name everything the answer depends on besides those tables (the caller's scope,
 * the filters): see the routes that use it.
 */
export type ReadCache = PrincipalCache;

export const READS_CHANGED_CHANNEL = 'reads_changed';

export const createReadCache = (options?: Parameters<typeof createPrincipalCache>[0]): ReadCache => createPrincipalCache(options);

/**
 * Sends `read()`'s answer, serialized by the route's response schema, from the cache while it
 * holds one for `key`. The route's handler awaits it and returns nothing: a handler returning the
 * reply makes Fastify wait for the response's end through a stream listener and one more promise
 * (a twentieth of a cache hit's cost); once sent, a handler's empty result is ignored.
 */
export async function sendCachedRead(
  reply: FastifyReply,
  cache: ReadCache,
  key: string,
  read: () => Promise<object>,
): Promise<void> {
  // Kept encoded: a string body would be measured and encoded to UTF-8 again on every hit.
  const found = await cache.load(key, async () => {
    const json = reply.serialize(await read());
    return { value: { json: typeof json === 'string' ? Buffer.from(json) : Buffer.from(json as ArrayBuffer) } };
  });
  if (found === null) throw new Error(`read cache: no answer for ${key}`);
  // A Buffer body with a JSON type is sent as is (Fastify does not serialize it again).
  reply.type('application/json; charset=utf-8').send(found.json);
}
