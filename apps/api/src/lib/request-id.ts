import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { Config } from '../config.js';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Short and plain: it goes into every log line and back to the caller, so nothing else is echoed. */
const ACCEPTABLE = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * Fastify's `genReqId`: the proxy's `x-request-id` when the connection comes from a proxy that
 * TRUST_PROXY names (so the proxy's log and ours share the id), a fresh UUID otherwise. A direct
 * caller could otherwise choose the id of its lines, or make them look like someone else's.
 */
export function requestIdGenerator(trust: Config['TRUST_PROXY']): (req: IncomingMessage) => string {
  if (trust === false) return () => randomUUID();
  // A hop count trusts whoever connects (the server is reachable through the proxies alone).
  const trusted = typeof trust === 'number' ? () => true : proxyAddr.compile(trust);
  return (req) => {
    const given = req.headers[REQUEST_ID_HEADER];
    const peer = req.socket?.remoteAddress;
    if (typeof given === 'string' && ACCEPTABLE.test(given) && peer !== undefined && trusted(peer, 0)) return given;
    return randomUUID();
  };
}
