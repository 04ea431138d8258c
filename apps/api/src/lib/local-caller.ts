import type { FastifyRequest } from 'fastify';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
const isLoopback = (address: string | undefined) => !!address && (address === '::1' || /^(::ffff:)?127\./.test(address));

/**
 * A caller on this machine, talking to the server directly: the socket's peer, never
 * `request.ip` (a trusted proxy's X-Forwarded-For decides that one). A forwarding header means a
 * proxy on this machine relays someone else, so it is not a local caller.
 */
export function isDirectLocalCaller(request: FastifyRequest): boolean {
  const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !proxied && isLoopback(request.socket.remoteAddress);
}
